/**
 * White's and Black's sheets of one game may use different piece letters:
 * FIDE lets each player write in their own language (one `Sf3`, the other
 * `Nf3`). The decoder reads a game in one language, so a sheet clearly
 * written in another is read through its letters: its scorers score a move
 * spelt in the game's letters as the same spelling in its own, and its texts
 * (for the noisy channel) are put in the game's letters. Only when each
 * sheet's letters are clear on their own (sheetLanguageCandidates names one
 * language) and the two letter sets map one to one.
 */
import { languageProfile, type LanguageCode } from '@zapis/notation';
import { sheetLanguageCandidates } from './language-candidates.js';
import type { Cell, CellScoreBound, CellScorer, Sheet } from './readings.js';

/**
 * The sheets with each one clearly in other letters than `language` (not given: the first sheet's) read in that
 * language's letters, and the language; undefined when no sheet is to be translated.
 */
export function sheetsInOneLanguage(sheets: readonly Sheet[], language?: LanguageCode): { sheets: Sheet[]; language: LanguageCode } | undefined {
  if (sheets.length !== 2) return undefined;
  const clear = sheets.map((sheet) => {
    const candidates = sheetLanguageCandidates([sheet]);
    return candidates.length === 1 ? candidates[0] : undefined;
  });
  const target = language ?? clear[0];
  if (target === undefined || clear.every((own) => own === undefined || own === target)) return undefined;
  const translated = sheets.map((sheet, index) => {
    const own = clear[index];
    if (own === undefined || own === target) return sheet;
    const toTarget = letterMap(own, target);
    const toOwn = letterMap(target, own);
    return toTarget && toOwn ? { ...sheet, cells: sheet.cells.map((cell) => translatedCell(cell, toTarget, toOwn)) } : sheet;
  });
  return translated.some((sheet, index) => sheet !== sheets[index]) ? { sheets: translated, language: target } : undefined;
}

/** Each piece letter of `from` to the same piece's letter in `to`, when both use one capital per piece, all distinct. */
function letterMap(from: LanguageCode, to: LanguageCode): Map<string, string> | undefined {
  const source = languageProfile(from)?.letters;
  const target = languageProfile(to)?.letters;
  if (!source || !target) return undefined;
  const map = new Map<string, string>();
  for (const role of Object.keys(source) as (keyof typeof source)[]) {
    const [a, b] = [source[role], target[role]];
    if (a.length !== 1 || b.length !== 1 || map.has(a)) return undefined;
    map.set(a, b);
  }
  return new Set(map.values()).size === map.size ? map : undefined;
}

const translate = (text: string, map: ReadonlyMap<string, string>): string => text.replace(/[A-Z]/gu, (letter) => map.get(letter) ?? letter);

/**
 * A cell of a sheet in other letters as the game's language reads it. A scored cell (an image) is ranked by its
 * scorers alone: they are translated and its texts stay as read, for messages. A cell of texts is read through its
 * texts, which are put in the game's letters.
 */
function translatedCell(cell: Cell, toTarget: ReadonlyMap<string, string>, toOwn: ReadonlyMap<string, string>): Cell {
  const through = (score: CellScorer): CellScorer => (text: string) => score(translate(text, toOwn));
  const boundThrough = (bound: CellScoreBound): CellScoreBound => (required: string) => bound(translate(required, toOwn));
  if (!cell.score) return { ...cell, readings: cell.readings.map((reading) => ({ ...reading, text: translate(reading.text, toTarget) })) };
  return {
    ...cell,
    score: through(cell.score),
    ...(cell.scoreBound ? { scoreBound: boundThrough(cell.scoreBound) } : {}),
    ...(cell.witnesses ? { witnesses: cell.witnesses.map((witness) => ({ ...witness, score: through(witness.score) })) } : {}),
  };
}
