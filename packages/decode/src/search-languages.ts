/**
 * Which languages `decodeSheets` searches a game in: the one given, else the ones named, else the game's when
 * White's and Black's sheets are clearly in different letters (sheet-languages.ts), else the few whose piece letters
 * fit the sheets best (language-candidates.ts). The first is the one a decode most often keeps: a caller that must
 * know the game's language before the decode ends (a cross-check starting its second reading beside the first) can
 * start with it, and check it after.
 */
import { writesMovesAlike, type LanguageCode } from '@zapis/notation';
import { sheetLanguageCandidates } from './language-candidates.js';
import type { Sheet } from './readings.js';
import { sheetsInOneLanguage } from './sheet-languages.js';

/** The sheets as decoded: cells where nothing was read (no scorer, no text) left out. */
export function readCellsOf(given: readonly Sheet[]): Sheet[] {
  return given.map((sheet) => ({ ...sheet, cells: sheet.cells.filter((cell) => cell.score !== undefined || cell.readings.some((reading) => reading.text.trim() !== '')) }));
}

export interface LanguageChoice {
  readonly language?: LanguageCode | 'auto';
  readonly languages?: readonly LanguageCode[];
  readonly printedLanguage?: LanguageCode;
}

/** The languages searched, and the sheets as searched (one put in the game's letters when they differ). */
export function searchLanguages(readSheets: readonly Sheet[], options: LanguageChoice): { sheets: readonly Sheet[]; languages: LanguageCode[] } {
  const languageGiven = options.language && options.language !== 'auto' ? options.language : undefined;
  // White's and Black's sheets in different piece letters: each is read in the game's (sheet-languages.ts).
  const oneLanguage = options.languages && options.languages.length > 0 ? undefined : sheetsInOneLanguage(readSheets, languageGiven);
  const sheets = oneLanguage?.sheets ?? readSheets;
  const languages = languageGiven
    ? [languageGiven]
    : options.languages && options.languages.length > 0 ? [...options.languages] : oneLanguage ? [oneLanguage.language] : sheetLanguageCandidates(sheets);
  return { sheets, languages: languageGiven ? languages : withPrinted(languages, options.printedLanguage) };
}

/** The printed language searched first, in place of a candidate with the same piece letters (they decode alike). */
function withPrinted(languages: readonly LanguageCode[], printed: LanguageCode | undefined): LanguageCode[] {
  if (printed === undefined) return [...languages];
  return [printed, ...languages.filter((code) => code !== printed && !writesMovesAlike(code, printed))];
}

/** The language `decodeSheets` searches first (the given one, when given): undefined when there is nothing to decode. */
export function likelyLanguage(input: Sheet | readonly Sheet[], options: LanguageChoice = {}): LanguageCode | undefined {
  const given: readonly Sheet[] = Array.isArray(input) ? input : [input as Sheet];
  const readSheets = readCellsOf(given);
  if (readSheets.length === 0 || readSheets.length > 2 || readSheets.every((sheet) => sheet.cells.length === 0)) return undefined;
  return searchLanguages(readSheets, options).languages[0];
}
