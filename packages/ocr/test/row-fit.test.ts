/**
 * Fitting which rows hold which moves from what the number cells (and heading cells) say, with the cells' evidence
 * made up: the fit alone, without images or a recogniser.
 */
import { describe, expect, it } from 'vitest';
import type { NumberCellEvidence } from '../src/printed-move-numbers.js';
import { fitGridRows, type HeadingCell } from '../src/row-fit.js';

const LARGEST = 70;
const ROWS = [-1, 0, 1, 2, 3, 4];

/** A cell reading `read` (a number, or 'none' for a heading's "No." or blank print) with `probability`; the rest spread thin. */
function cell(block: number, row: number, read: number | 'none' | 'blank', probability = 0.9): NumberCellEvidence {
  const numbers = new Float64Array(LARGEST);
  if (read === 'blank') return { block, row, numbers: numbers.fill(Math.log(1e-6)), none: 0, inked: false };
  const rest = Math.log((1 - probability) / LARGEST);
  numbers.fill(rest);
  if (read !== 'none') numbers[read - 1] = Math.log(probability);
  return { block, row, numbers, none: read === 'none' ? Math.log(probability) : rest, inked: true };
}

/** A block's number cells as printed when its move `firstMove` is `shift` rows below the grid's first move row. */
function printed(block: number, firstMove: number, shift: number, misread: ReadonlyMap<number, number | 'none'> = new Map()): NumberCellEvidence[] {
  return ROWS.map((row) => cell(block, row, misread.get(row) ?? (row < shift ? 'none' : firstMove + row - shift)));
}

const twoBlocks = [{ firstMove: 1, rows: 25 }, { firstMove: 26, rows: 25 }];
const noHeadings: HeadingCell[][] = [[], []];

describe('fitGridRows', () => {
  it('confirms a grid whose numbers are where it puts the moves, a misread cell notwithstanding', () => {
    const fits = fitGridRows(twoBlocks, [printed(0, 1, 0, new Map([[2, 8]])), printed(1, 26, 0)], noHeadings, 'template');
    expect(fits.map((fit) => [fit.status, fit.shift])).toEqual([['confirmed', 0], ['confirmed', 0]]);
  });

  it('finds a grid one row off (the heading row taken for move 1) and a block two rows off, each on its own', () => {
    const fits = fitGridRows(twoBlocks, [printed(0, 1, 1), printed(1, 26, -2)], noHeadings, 'template');
    expect(fits.map((fit) => [fit.status, fit.shift])).toEqual([['confirmed', 1], ['confirmed', -2]]);
  });

  it('does not confirm numbers that contradict each other, nor numbers it cannot read', () => {
    const shuffled = ROWS.map((row, index) => cell(0, row, [12, 29, 46, 13, 30, 47][index]));
    const illegible = ROWS.map((row) => cell(1, row, row + 26, 0.05));
    const fits = fitGridRows(twoBlocks, [shuffled, illegible], noHeadings, 'template');
    expect(fits.map((fit) => fit.status)).toEqual(['unconfirmed', 'unconfirmed']);
  });

  it('has nothing to check a blank number column by, unless heading words sit in a move row', () => {
    const blank = (block: number) => ROWS.map((row) => cell(block, row, 'blank'));
    expect(fitGridRows(twoBlocks, [blank(0), blank(1)], noHeadings, 'template').map((fit) => fit.status)).toEqual(['unchecked', 'unchecked']);
    const headingAbove: HeadingCell[] = [{ row: -1, logOdds: 8, word: 'WHITE' }, { row: 0, logOdds: -8, word: 'WHITE' }];
    expect(fitGridRows(twoBlocks, [blank(0), blank(1)], [headingAbove, []], 'template')[0].status).toBe('unchecked');
    const headingInRowZero: HeadingCell[] = [{ row: -1, logOdds: -8, word: '' }, { row: 0, logOdds: 8, word: 'WHITE' }, { row: 1, logOdds: -8, word: '' }];
    expect(fitGridRows(twoBlocks, [blank(0), blank(1)], [headingInRowZero, []], 'template')[0].status).toBe('unconfirmed');
  });

  it('numbers a grid found without a template by its printed numbers: one shift for all blocks, each later block its first move', () => {
    // The ruling counted a header row and the heading as move rows: 27 rows a block, moves 1 and 28 at the top.
    const found = [{ firstMove: 1, rows: 27 }, { firstMove: 28, rows: 27 }];
    const fits = fitGridRows(found, [printed(0, 1, 2), printed(1, 26, 2)], noHeadings, 'printed');
    expect(fits.map((fit) => [fit.status, fit.shift, fit.firstMove])).toEqual([['confirmed', 2, 1], ['confirmed', 2, 26]]);
  });
});
