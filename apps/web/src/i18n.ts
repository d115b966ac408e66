/** The interface's two languages. Every visible string comes from here. */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

export type UiLanguage = 'en' | 'pl';

const en = {
  title: 'zapis — the arbiter\u2019s desk',
  tabReview: 'Read and review',
  tabPrint: 'Print sheets',
  language: 'Language',
  offline: 'Everything stays on this computer: scans are read here, nothing is sent anywhere.',
  addFiles: 'Scans, photos, PDFs or texts (or drop them here)',
  takePhoto: 'Take a photo',
  pasteLabel: 'Or paste an OCR\u2019d transcription or a PGN',
  pasteButton: 'Review this text',
  pastedName: 'pasted text {n}',
  inputs: 'Files',
  games: 'Games',
  noGames: 'Open scans or texts to begin.',
  statusQueued: 'waiting',
  statusModel: 'loading the reader',
  statusReading: 'reading',
  statusRendering: 'rendering the PDF',
  statusDecoding: 'decoding',
  statusDone: 'read in {s} s',
  statusError: 'error',
  flagged: '{n} to review',
  confirmedCount: '{n} confirmed',
  toReview: 'To review',
  nothingToReview: 'Nothing left to review in this game.',
  moves: 'Moves',
  read: 'Read',
  alternatives: 'Alternatives',
  noAlternatives: 'None: the decoder found no other likely move here.',
  typeMove: 'Type the move',
  typeMoveButton: 'Use',
  accept: 'Accept',
  acceptHelp: 'Keys: n / p next and previous flagged move, 1–3 pick an alternative, a accept.',
  before: 'Before',
  after: 'After',
  confidence: 'confidence {p}',
  corrected: 'corrected from what was read',
  confirmed: 'confirmed by you',
  reasons: 'Why: {r}',
  reason_uncertain: 'uncertain',
  reason_corrected: 'what was read is not this move',
  reason_disputed: 'one reader alone reads another move',
  reason_disputed_text: 'one reader alone reads {t}',
  nothing: 'nothing',
  reason_unwritten: 'nobody wrote this move',
  'reason_readers-differ': 'the other reader reads another move',
  'reason_doubtful-sheet': 'much of this sheet is in doubt',
  sheetOf: 'Sheet {n}',
  disagreements: 'Where the two sheets disagree',
  noDisagreements: 'The two sheets agree on every move.',
  export: 'Export PGN',
  copy: 'Copy PGN',
  copied: 'Copied.',
  exported: '{games} games exported; {confirmed} moves confirmed by a person, {flagged} still flagged.',
  clear: 'Clear everything',
  noCell: 'no cell',
  error: 'Error',
  decodeError: 'This game could not be decoded: {m}',
  printIntro: 'A round\u2019s scoresheets from a pairings CSV (columns board, white, black; optional round, section, ratings).',
  pairings: 'Pairings CSV',
  event: 'Event',
  round: 'Round',
  sheetLanguage: 'Sheet language',
  makePdf: 'Make the PDF',
  pdfReady: 'Scoresheets ready: {boards} boards, {pages} pages.',
  download: 'Download',
  illegalTyped: 'Not a legal move here: {m}',
};

export type MessageKey = keyof typeof en;

const pl: Record<MessageKey, string> = {
  title: 'zapis — stolik sędziego',
  tabReview: 'Odczyt i sprawdzanie',
  tabPrint: 'Druk blankietów',
  language: 'Język',
  offline: 'Wszystko zostaje na tym komputerze: skany są odczytywane tutaj, nic nie jest nigdzie wysyłane.',
  addFiles: 'Skany, zdjęcia, PDF lub teksty (albo upuść je tutaj)',
  takePhoto: 'Zrób zdjęcie',
  pasteLabel: 'Albo wklej odczytany zapis lub PGN',
  pasteButton: 'Sprawdź ten tekst',
  pastedName: 'wklejony tekst {n}',
  inputs: 'Pliki',
  games: 'Partie',
  noGames: 'Otwórz skany lub teksty, aby zacząć.',
  statusQueued: 'czeka',
  statusModel: 'wczytywanie czytnika',
  statusReading: 'odczyt',
  statusRendering: 'renderowanie PDF',
  statusDecoding: 'dekodowanie',
  statusDone: 'odczytano w {s} s',
  statusError: 'błąd',
  flagged: 'do sprawdzenia: {n}',
  confirmedCount: 'potwierdzone: {n}',
  toReview: 'Do sprawdzenia',
  nothingToReview: 'W tej partii nie ma już nic do sprawdzenia.',
  moves: 'Posunięcia',
  read: 'Odczytano',
  alternatives: 'Inne możliwości',
  noAlternatives: 'Brak: dekoder nie znalazł tu innego prawdopodobnego posunięcia.',
  typeMove: 'Wpisz posunięcie',
  typeMoveButton: 'Użyj',
  accept: 'Zatwierdź',
  acceptHelp: 'Klawisze: n / p następne i poprzednie posunięcie do sprawdzenia, 1–3 wybór możliwości, a zatwierdzenie.',
  before: 'Przed',
  after: 'Po',
  confidence: 'pewność {p}',
  corrected: 'poprawione względem odczytu',
  confirmed: 'potwierdzone przez ciebie',
  reasons: 'Powód: {r}',
  reason_uncertain: 'niepewne',
  reason_corrected: 'odczyt nie jest tym posunięciem',
  reason_disputed: 'jeden czytnik sam odczytuje inne posunięcie',
  reason_disputed_text: 'jeden czytnik sam odczytuje {t}',
  nothing: 'nic',
  reason_unwritten: 'nikt nie zapisał tego posunięcia',
  'reason_readers-differ': 'drugi czytnik odczytuje inne posunięcie',
  'reason_doubtful-sheet': 'duża część tej karty budzi wątpliwości',
  sheetOf: 'Blankiet {n}',
  disagreements: 'Gdzie blankiety się różnią',
  noDisagreements: 'Oba blankiety zgadzają się co do każdego posunięcia.',
  export: 'Eksportuj PGN',
  copy: 'Kopiuj PGN',
  copied: 'Skopiowano.',
  exported: 'Wyeksportowano partie: {games}; posunięcia potwierdzone przez człowieka: {confirmed}, nadal do sprawdzenia: {flagged}.',
  clear: 'Wyczyść wszystko',
  noCell: 'brak pola',
  error: 'Błąd',
  decodeError: 'Nie udało się zdekodować tej partii: {m}',
  printIntro: 'Blankiety rundy z pliku CSV kojarzeń (kolumny board, white, black; opcjonalnie round, section, rankingi).',
  pairings: 'Kojarzenia CSV',
  event: 'Turniej',
  round: 'Runda',
  sheetLanguage: 'Język blankietu',
  makePdf: 'Utwórz PDF',
  pdfReady: 'Blankiety gotowe: szachownic {boards}, stron {pages}.',
  download: 'Pobierz',
  illegalTyped: 'To posunięcie jest tu nieprawidłowe: {m}',
};

const dictionaries: Record<UiLanguage, Record<MessageKey, string>> = { en, pl };

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export function translator(language: UiLanguage): Translate {
  const dictionary = dictionaries[language];
  return (key, values = {}) => dictionary[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}

export const I18n = createContext<Translate>(translator('en'));
export const useT = (): Translate => useContext(I18n);

/** The browser's preferred language when it is Polish, else English. */
export function preferredLanguage(): UiLanguage {
  const stored = localStorage.getItem('zapis-ui-language');
  if (stored === 'en' || stored === 'pl') return stored;
  return navigator.language.toLowerCase().startsWith('pl') ? 'pl' : 'en';
}
