/**
 * Which rows of a block hold which moves, decided from what is printed in them. A hypothesis puts the block's first
 * move `shift` rows below the grid's first move row as found and numbers it `firstMove`: the row r then holds the
 * number firstMove + r − shift, and the rows above it hold none (a heading, a header). Each hypothesis is weighed by
 * every number cell read (log-probability of the number it expects there, a wrong reading costing at most a bounded
 * amount, so one misread cell cannot decide) and by every heading cell it would take for a move row. The best is
 * taken only when it leads every other clearly and enough cells read the numbers it expects.
 */
import type { HeadingEvidence } from './heading-words.js';
import { legibleNumber, type NumberCellEvidence } from './printed-move-numbers.js';
import type { RegistrationStatus } from './row-registration.js';

/** Most rows a grid is taken to be off by. */
export const MAX_ROW_SHIFT = 3;
/** A grid found without a template may number its later blocks this far from the printed numbers (header rows counted as moves). */
export const MAX_NUMBERING_ERROR = 6;
/** One cell's evidence against a hypothesis is bounded by this (log-probability): a misread cell costs no more. */
const CELL_CAP = 6;
/** The chosen rows must explain the cells this much better (log-likelihood) than any other hypothesis. */
const MIN_MARGIN = 8;
/** Cells that must read the very number the chosen rows expect. */
const MIN_AGREEING = 2;

export interface BlockRows {
  readonly firstMove: number;
  readonly rows: number;
}

export interface HeadingCell extends HeadingEvidence {
  readonly row: number;
}

export interface BlockFit {
  readonly status: RegistrationStatus;
  readonly shift: number;
  readonly firstMove: number;
  /** Log-likelihood lead of the chosen hypothesis over the next best. */
  readonly margin: number;
  /** Cells reading the number the chosen rows put there, and cells clearly reading another number. */
  readonly agreeing: number;
  readonly contradicting: number;
}

/**
 * Every block's rows. With `template` numbering (the template numbers the blocks) each block's shift is fitted on
 * its own. With `printed` numbering (a grid found without a template, its rows counted by the ruling alone) the
 * blocks share their ruling, hence one shift, and every block after the first also has its first move fitted.
 */
export function fitGridRows(
  blocks: readonly BlockRows[], numbers: readonly (readonly NumberCellEvidence[])[], headings: readonly (readonly HeadingCell[])[], numbering: 'template' | 'printed',
): BlockFit[] {
  const shifts = Array.from({ length: 2 * MAX_ROW_SHIFT + 1 }, (_, index) => index - MAX_ROW_SHIFT);
  const fitWith = (allowed: readonly number[]) => blocks.map((block, index) => fitBlock(block, numbers[index], headings[index], blockHypotheses(block, index, allowed, numbering)));
  if (numbering === 'template') return fitWith(shifts);
  const byShift = shifts.map((shift) => ({ shift, fits: fitWith([shift]) }))
    .map((entry) => ({ ...entry, score: entry.fits.reduce((sum, fit) => sum + fit.score, 0) }))
    .sort((a, b) => b.score - a.score || Math.abs(a.shift) - Math.abs(b.shift));
  const [best, second] = byShift;
  const shiftMargin = best.score - second.score;
  return best.fits.map((fit) => fit.status !== 'confirmed' || shiftMargin >= MIN_MARGIN ? fit : { ...fit, status: 'unconfirmed', margin: shiftMargin });
}

/** The best of the hypotheses for one block, and how sure it is. */
function fitBlock(block: BlockRows, numbers: readonly NumberCellEvidence[], headings: readonly HeadingCell[], hypotheses: readonly Hypothesis[]): BlockFit & { readonly score: number } {
  const scored = hypotheses.map((hypothesis) => ({ ...hypothesis, score: likelihood(block, hypothesis, numbers, headings) }))
    .sort((a, b) => b.score - a.score);
  const [best, second] = scored;
  const margin = second ? best.score - second.score : Infinity;
  let agreeing = 0, contradicting = 0;
  for (const cell of numbers) {
    const read = legibleNumber(cell);
    if (read === null) continue;
    if (read === expectedNumber(block, best, cell.row)) agreeing += 1;
    else contradicting += 1;
  }
  const inked = numbers.some((cell) => cell.inked);
  // Heading words where the grid as found puts moves are something to check by; above them they are where they belong.
  const headingInMoves = headings.some((cell) => cell.row >= 0 && cell.logOdds > 0);
  const status: RegistrationStatus = !inked && !headingInMoves ? 'unchecked'
    : margin >= MIN_MARGIN && agreeing >= MIN_AGREEING && contradicting <= Math.floor(agreeing / 3) ? 'confirmed' : 'unconfirmed';
  return { status, shift: best.shift, firstMove: best.firstMove, margin, agreeing, contradicting, score: best.score };
}

interface Hypothesis {
  readonly shift: number;
  readonly firstMove: number;
}

function blockHypotheses(block: BlockRows, blockIndex: number, shifts: readonly number[], numbering: 'template' | 'printed'): Hypothesis[] {
  const reach = numbering === 'printed' && blockIndex > 0 ? MAX_NUMBERING_ERROR : 0;
  const out: Hypothesis[] = [];
  for (const shift of shifts) {
    for (let firstMove = Math.max(1, block.firstMove - reach); firstMove <= block.firstMove + reach; firstMove += 1) out.push({ shift, firstMove });
  }
  // The grid as found first: a tie keeps it.
  return out.sort((a, b) => Math.abs(a.shift) - Math.abs(b.shift) || Math.abs(a.firstMove - block.firstMove) - Math.abs(b.firstMove - block.firstMove));
}

/** The number the hypothesis puts in row `row`, or null for a row that holds no move. */
function expectedNumber(block: BlockRows, hypothesis: Hypothesis, row: number): number | null {
  const index = row - hypothesis.shift;
  return index >= 0 && index < block.rows ? hypothesis.firstMove + index : null;
}

function likelihood(block: BlockRows, hypothesis: Hypothesis, numbers: readonly NumberCellEvidence[], headings: readonly HeadingCell[]): number {
  let total = 0;
  for (const cell of numbers) {
    const expected = expectedNumber(block, hypothesis, cell.row);
    const logProbability = expected === null ? cell.none : expected <= cell.numbers.length ? cell.numbers[expected - 1] : -Infinity;
    total += Math.max(-CELL_CAP, logProbability);
  }
  // A move row must not read as a heading word: log P(not a heading) = −softplus(log-odds).
  for (const cell of headings) {
    if (expectedNumber(block, hypothesis, cell.row) === null) continue;
    total -= Math.min(CELL_CAP, Math.log1p(Math.exp(cell.logOdds)));
  }
  return total;
}
