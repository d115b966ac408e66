/**
 * The move numbers printed in a foreign grid's number column, read cell by cell. No cell is trusted to read one
 * number: each says how likely every number is to be printed in it (the reader scores the candidates "1", "2", …,
 * and "1." for sheets that print a dot), and how likely it holds no number at all (blank, or a heading's "No.").
 * Which row holds which move is then decided from all of them together (row-fit.ts).
 */
import type { CellReader, CellReading } from './cell-reader.js';
import type { RuledBlock } from './located-sheet.js';
import type { PageMap } from './page-map.js';
import { cutPrintedCell } from './printed-cell.js';
import type { GrayImage } from './raster.js';
import { printedTextReading, readingScorer } from './reading-scorer.js';

/** What one number cell says. */
export interface NumberCellEvidence {
  readonly block: number;
  /** 0: the grid's first move row as found; negative rows are above it. */
  readonly row: number;
  /** log P(number n is printed here) at index n − 1, for n from 1 to the largest candidate. */
  readonly numbers: Float64Array;
  /** log P(no number is printed here). */
  readonly none: number;
  /** Anything was printed or written in the cell. */
  readonly inked: boolean;
}

/** A number is taken as read when the cell gives it at least this probability. */
const LEGIBLE_PROBABILITY = 0.6;
/** What a blank cell gives every number: no ink, no number. */
const BLANK_LOG_PROBABILITY = Math.log(1e-6);
/** A printed number, or one with a digit misread as a letter (3 as B, 5 as S): one non-digit at most, short. */
function numberLike(text: string): boolean {
  const bare = text.replace(/\.$/, '');
  return bare.length > 0 && bare.length <= 3 && bare.replace(/\d/g, '').length <= 1;
}

/** The number cells of `rows` (relative to each block's first move row) in every block that has a number column, read in one batch. */
export async function readPrintedNumbers(
  page: GrayImage, map: PageMap, blocks: readonly RuledBlock[], rows: readonly number[], largest: number, reader: CellReader,
): Promise<NumberCellEvidence[]> {
  const cells = blocks.flatMap((block, index) => {
    const column = block.numberColumn;
    if (!column) return [];
    return rows.map((row) => ({
      block: index, row,
      cut: cutPrintedCell(page, map, { x: column.x, y: block.firstRowTop + row * block.rowHeight, width: column.width, height: block.rowHeight }),
    }));
  });
  const inked = cells.filter((cell) => cell.cut.inked);
  const readings = await reader.readCells(inked.map((cell) => cell.cut.line));
  const byCell = new Map(inked.map((cell, index) => [cell, readings[index]]));
  return cells.map((cell) => numberEvidence(cell.block, cell.row, byCell.get(cell), largest));
}

/** The evidence of one cell from its reading (undefined: the cell is blank). */
export function numberEvidence(block: number, row: number, reading: CellReading | undefined, largest: number): NumberCellEvidence {
  const numbers = new Float64Array(largest);
  if (!reading) return { block, row, numbers: numbers.fill(BLANK_LOG_PROBABILITY), none: 0, inked: false };
  const printed = printedTextReading(reading);
  const score = readingScorer(printed);
  for (let n = 1; n <= largest; n += 1) numbers[n - 1] = Math.max(score(String(n)), score(`${n}.`));
  // No number: the cell read as nothing, or as the best text that is not a number, nor a number misread (a heading's "No.").
  let none = score('');
  for (const { text } of printed.alternatives) if (!numberLike(text)) none = Math.max(none, score(text));
  let top = none;
  for (const value of numbers) top = Math.max(top, value);
  let total = Math.exp(none - top);
  for (const value of numbers) total += Math.exp(value - top);
  const normaliser = top + Math.log(total);
  for (let i = 0; i < largest; i += 1) numbers[i] -= normaliser;
  return { block, row, numbers, none: none - normaliser, inked: true };
}

/** The number the cell clearly reads, or null. */
export function legibleNumber(evidence: NumberCellEvidence): number | null {
  let best = 0;
  for (let i = 1; i < evidence.numbers.length; i += 1) if (evidence.numbers[i] > evidence.numbers[best]) best = i;
  return evidence.numbers.length > 0 && evidence.numbers[best] >= Math.log(LEGIBLE_PROBABILITY) ? best + 1 : null;
}
