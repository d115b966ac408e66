/**
 * The words printed over a grid's move columns ("White | Black", "Białe | Czarne", "Weiß | Schwarz", …): a row that
 * reads as one of them is a heading, never a move. zapis's own headings in every sheet language, and the usual
 * others; each also as the recogniser's Latin letters spell it (Białe as Biale, Weiß as Weiss) and in capitals.
 */
import { SHEET_LABELS } from '@zapis/sheet';
import type { CellReading } from './cell-reader.js';
import { printedTextReading, readingScorer } from './reading-scorer.js';

/** Heading words of club and federation sheets that zapis does not print itself. */
const OTHER_HEADINGS = ['Blancas', 'Negras', 'Bianchi', 'Neri', 'Weiss', 'Brancas', 'Pretas', 'Biały', 'Czarny', 'Moves', 'Move'];

/** The log-odds are kept within this: one cell must not outweigh the printed numbers of a block. */
const MAX_LOG_ODDS = 8;

/** A printed word as a recogniser of Latin letters may spell it: as printed, without diacritics (Białe as Biale, Weiß as Weiss), in capitals and in small letters. */
export function latinSpellings(word: string): string[] {
  const latin = word.replace(/ß/g, 'ss').replace(/ł/g, 'l').replace(/Ł/g, 'L').normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return [...new Set([word, latin].flatMap((form) => [form, form.toUpperCase(), form.toLowerCase()]))];
}

export const HEADING_WORDS: readonly string[] = [...new Set([
  ...Object.values(SHEET_LABELS).flatMap((labels) => [labels.whiteMoves, labels.blackMoves]),
  ...OTHER_HEADINGS,
].flatMap(latinSpellings))].filter((word) => /^[A-Za-z]+$/.test(word));

export interface HeadingEvidence {
  /** log P(heading) − log P(not a heading) for the cell, within ±MAX_LOG_ODDS. */
  readonly logOdds: number;
  /** The heading word it reads best as. */
  readonly word: string;
}

/**
 * How much better the cell reads as a heading word than as anything else its reader saw in it: the best heading
 * word's score against the best of the cell's texts that are not a heading misread (and the empty text).
 */
export function headingEvidence(reading: CellReading | undefined): HeadingEvidence {
  if (!reading) return { logOdds: -MAX_LOG_ODDS, word: '' };
  const printed = printedTextReading(reading);
  const score = readingScorer(printed);
  let word = '', heading = -Infinity;
  for (const candidate of HEADING_WORDS) {
    const value = score(candidate);
    if (value > heading) [word, heading] = [candidate, value];
  }
  let other = score('');
  for (const { text } of printed.alternatives) if (!nearHeading(text)) other = Math.max(other, score(text));
  return { logOdds: Math.max(-MAX_LOG_ODDS, Math.min(MAX_LOG_ODDS, heading - other)), word };
}

/** A heading word misread by a letter or two (Wh1e for White) is the heading, not a rival reading. */
function nearHeading(text: string): boolean {
  const upper = text.toUpperCase();
  return HEADING_WORDS.some((word) => word.length >= 3 && editDistance(upper, word.toUpperCase()) <= Math.max(1, Math.floor(word.length * 0.4)));
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current.push(Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)));
    }
    previous = current;
  }
  return previous[b.length];
}
