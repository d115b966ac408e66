/**
 * Whether what was read in a cell says the move the decoder chose, or the
 * decoder corrected it. A reading says a move when, marks aside, it is one of
 * the ways the move is written in the sheet's language (moveSpellings: SAN or
 * long form, `0-0` or `O-O`, promotion as `=H`, `H`, `(H)`, `/H`, a pawn
 * capture by files only) or names the moving piece's square more fully than
 * SAN needs (`Sgf3`, `Pe4`).
 *
 * Marks are what does not say which move it is: capture (`x`, `:`, `×`), check
 * and mate (`+`, `#`, `++`, a final `X`), promotion and long-form separators
 * (`=`, `(`, `)`, `/`, `-`), `e.p.`, annotation (`!`, `?`), and the dots,
 * commas and quotes a reader adds. A missing or different mark is not a
 * correction. Everything else is: a different or missing piece letter
 * (`Hd1` for Qd7 in Polish, `d7` for Bd7), a different or missing square or
 * part of one (`cb` for c6, `Gd` for Bd7), a different origin (`Sbd2` for
 * Nfd2: another piece moves), a missing promotion piece, a letter's case
 * (`sf3`), a stray letter or digit.
 */
import type { MoveDescription } from '@zapis/core';
import { squareName } from '@zapis/core';
import { languageProfile, letterOf, type LanguageCode } from '@zapis/notation';
import type { CellScorer } from './readings.js';
import { eachSpelling, moveSpellings } from './spellings.js';

/** Characters that never say which move it is (see above). */
const MARKS = /[x×X:;+#=()/\-–—.,'`"!?*]/g;
/** `e.p.` after the destination's rank. */
const EN_PASSANT = /(\d)e\.?p\.?$/i;
const CASTLING_LIKE = /^[0Oo]+$/;

/** What a reading says, marks aside: `H:d7+` → `Hd7`, `0-0` → `OO`. */
export function readingContent(text: string): string {
  const content = text.replace(/\s+/g, '').replace(EN_PASSANT, '$1').replace(MARKS, '');
  return CASTLING_LIKE.test(content) ? 'O'.repeat(content.length) : content;
}

/** The contents (marks aside) of every way `description` may be written in `language`. */
export function writtenContents(description: MoveDescription, language: LanguageCode): Set<string> {
  const contents = new Set<string>();
  for (const spelling of eachSpelling(moveSpellings(description, language))) contents.add(readingContent(spelling));
  if (description.castle) return contents;
  const profile = languageProfile(language) ?? languageProfile('en');
  const from = squareName(description.from);
  const to = squareName(description.to);
  if (description.piece === 'pawn') {
    // A pawn letter some writers add (`Pe4`, German `Be4`).
    const pawn = profile?.pawn;
    if (pawn) for (const content of [...contents]) contents.add(pawn + content);
  } else if (profile) {
    // More of the origin than SAN needs still names the piece that moves.
    const letter = letterOf(profile, description.piece);
    for (const origin of [from[0], from[1], from]) contents.add(letter + origin + to);
  }
  return contents;
}

/**
 * True when none of a cell's readings says the move (marks aside): the decoder read the cell as
 * another text than was written. `readings` are a cell's alternative readings (any one saying the
 * move is enough).
 */
export function isCorrection(readings: readonly string[], description: MoveDescription, language: LanguageCode): boolean {
  if (readings.length === 0) return false;
  const contents = writtenContents(description, language);
  return !readings.some((reading) => contents.has(readingContent(reading)));
}

/**
 * A scored cell (an image) was corrected when the reader scored every way of
 * writing the chosen move far below the best text it found in the cell: it
 * saw something else, and the game's legality overruled it. Closer calls are
 * left to the move's confidence.
 */
export const SCORED_CORRECTION_MARGIN = 5;

export function isScoredCorrection(score: CellScorer, ceiling: number, description: MoveDescription, language: LanguageCode,
  margin = SCORED_CORRECTION_MARGIN): boolean {
  let best = -Infinity;
  for (const spelling of eachSpelling(moveSpellings(description, language))) best = Math.max(best, score(spelling));
  return best < ceiling - margin;
}
