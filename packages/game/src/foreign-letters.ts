/**
 * Which piece letters a game the English fast lane gave up on is written in,
 * decided as analyseGame decides it: letter statistics give candidate groups
 * of languages (see language-detection.ts), and the first group is tried
 * first. When that group is not English, reads every token of the game alike,
 * and writes each piece with one Latin capital (Polish `K H W G S`, German
 * `K D T L S` …), the fast lane can replay the game with those letters: a
 * Polish archive then costs what an English one does.
 *
 * Like the English lane, this only ever narrows: a game it cannot vouch for
 * goes the full way, which explains everything.
 */
import { languageProfile, type LanguageCode, type MoveReading } from '@zapis/notation';
import { pieceLetterTable, type PieceLetterTable } from './export-san.js';
import { dependsOnLanguage, firstCandidateFromCounts, readAlike, readingsOfLetters } from './language-detection.js';

export interface ForeignLetters {
  /** The group analyseGame would take: the language whose letters are used first. */
  readonly languages: readonly LanguageCode[];
  readonly letters: PieceLetterTable;
}

function isCapital(code: number): boolean {
  return code >= 65 && code <= 90;
}

/** By language: one entry for each language there is (an unknown code is answered, not remembered). */
const tablesByLanguage = new Map<LanguageCode, PieceLetterTable | null>();

/** The piece-letter table of a language, when it writes each piece with one Latin capital other than O. */
export function lettersOfLanguage(language: LanguageCode): PieceLetterTable | undefined {
  let table = tablesByLanguage.get(language);
  if (table === undefined) {
    const profile = languageProfile(language);
    table = (profile && pieceLetterTable(profile.letters)) ?? null;
    if (profile) tablesByLanguage.set(language, table);
  }
  return table ?? undefined;
}

/**
 * The letters of a game in the export subset whose `count` move tokens stand
 * at `offsets` ([start, end) pairs into `text`), when its first candidate
 * group is another language than English and the fast lane can read it;
 * undefined otherwise (the game goes the full way).
 */
export function foreignLetters(text: string, offsets: ArrayLike<number>, count: number): ForeignLetters | undefined {
  const distinct: (readonly MoveReading[])[] = [];
  const occurrences: number[] = [];
  const present = new Set<readonly MoveReading[]>();
  for (let index = 0; index < count; index++) {
    const from = offsets[2 * index];
    const to = offsets[2 * index + 1];
    const first = text.charCodeAt(from);
    let promotion = 0;
    for (let at = from + 1; at < to - 1; at++) {
      if (text.charCodeAt(at) === 61 && isCapital(text.charCodeAt(at + 1))) promotion = text.charCodeAt(at + 1);
    }
    const readings = readingsOfLetters(isCapital(first) ? first : 0, promotion);
    present.add(readings);
    // Counted over the whole game, as mainlineLanguageCandidates counts it.
    if (dependsOnLanguage(readings)) {
      const found = distinct.indexOf(readings);
      if (found < 0) {
        distinct.push(readings);
        occurrences.push(1);
      } else {
        occurrences[found]++;
      }
    }
  }
  const first = firstCandidateFromCounts(distinct, occurrences);
  if (first === undefined || first.languages[0] === 'en') return undefined;
  if (!readAlike([...present], first.languages)) return undefined;
  const letters = lettersOfLanguage(first.languages[0]);
  return letters && { languages: first.languages, letters };
}
