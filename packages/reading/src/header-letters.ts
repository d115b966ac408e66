/**
 * The letters a sheet's language writes names and places with, beyond A–Z, and which of them the header reader
 * cannot write: a reading of such a sheet may have put a plain letter (`l`, `z`) where the sheet has another (`ł`, `ż`).
 */
import type { SheetLanguage } from '@zapis/sheet';

/** Lower-case letters beyond a–z of each sheet language. */
const LANGUAGE_LETTERS: Readonly<Record<SheetLanguage, string>> = {
  en: '', pl: 'ąćęłńóśźż', cs: 'áčďéěíňóřšťúůýž', sk: 'áäčďéíĺľňóôŕšťúýž', hu: 'áéíóöőúüű', de: 'äöüß',
  fr: 'àâæçéèêëîïôœùûüÿ', es: 'áéíñóúü', it: 'àèéìíîòóùú', pt: 'áâãàçéêíóôõú', ro: 'ăâîșț', nl: 'éëïöü', sv: 'åäö',
  da: 'æøå', no: 'æøå', fi: 'äöå', is: 'áðéíóúýþæö', et: 'äöõüšž', hr: 'čćđšž', sr: 'čćđšž', bs: 'čćđšž', sl: 'čšž',
  tr: 'çğıöşü',
  ru: 'абвгдеёжзийклмнопрстуфхцчшщъыьэюя', uk: 'абвгґдеєжзиіїйклмнопрстуфхцчшщьюя', bg: 'абвгдежзийклмнопрстуфхцчшщъьюя',
};

/** Letters with no decomposition, and the plain letter a reader without them gives instead. */
const PLAIN_OF: Readonly<Record<string, string>> = { ł: 'l', đ: 'd', ø: 'o', æ: 'a', œ: 'o', ß: 's', ð: 'd', þ: 'p', ı: 'i' };

/** The plain Latin letter a reader gives for `letter`, or undefined when there is none (Cyrillic). */
function plainLetter(letter: string): string | undefined {
  const plain = PLAIN_OF[letter] ?? letter.normalize('NFD')[0];
  return /^[a-z]$/.test(plain) ? plain : undefined;
}

/** The language's letters (lower case) that a reader writing only `readable` cannot write. */
export function lettersUnreadable(language: SheetLanguage, readable: string): string[] {
  return [...LANGUAGE_LETTERS[language]].filter((letter) => !readable.includes(letter) || !readable.includes(letter.toUpperCase()));
}

/**
 * Whether a reading may have lost letters of the sheet's language: it holds a plain letter that stands for one the
 * reader cannot write (any letter at all where the language's letters have no Latin form).
 */
export function mayHaveLostLetters(text: string, unreadable: readonly string[]): boolean {
  if (unreadable.length === 0) return false;
  const plains = unreadable.map(plainLetter);
  if (plains.includes(undefined)) return /\p{L}/u.test(text);
  return [...text.toLowerCase()].some((char) => plains.includes(char));
}
