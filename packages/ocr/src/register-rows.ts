/**
 * A foreign sheet's rows checked by what is printed in them before its cells are cut and read. The printed move
 * numbers of a few rows at the top of each block are read (a handful of small cells); when they do not settle which
 * row holds which move, the heading rows' words are read too. A grid found a row or more off is moved to the rows
 * the numbers give; one they cannot settle is left as found and marked unconfirmed, and one whose first move row
 * reads as heading words is not read at all (registrationRefusal), so a printed word is never decoded as a move.
 */
import type { CellReader } from './cell-reader.js';
import { headingEvidence } from './heading-words.js';
import type { LocatedSheet, MoveCellPlace, RuledBlock } from './located-sheet.js';
import { cutPrintedCell } from './printed-cell.js';
import { legibleNumber, readPrintedNumbers, type NumberCellEvidence } from './printed-move-numbers.js';
import { fitGridRows, MAX_NUMBERING_ERROR, MAX_ROW_SHIFT, type BlockFit, type HeadingCell } from './row-fit.js';
import type { BlockRegistration, RegistrationStatus, RowRegistration } from './row-registration.js';

/** Rows whose numbers are read, from the heading row (−1) down: enough to tell every shift apart. */
const NUMBER_ROWS = [-1, 0, 1, 2, 3];
/** Rows whose move cells are read for heading words when the numbers do not settle the rows. */
const HEADING_ROWS = [-1, 0, 1];
/** A heading cell counts as a heading word (said in the registration) at these log-odds. */
const HEADING_WORD_LOG_ODDS = 2;

/** The sheet with its rows registered by its printed numbers (`registration` set); a zapis sheet as it is. */
export async function registerRows(located: LocatedSheet, reader: CellReader): Promise<LocatedSheet> {
  const { blocks } = located;
  if (!blocks || blocks.length === 0) return located;
  const numbering = located.gridWithoutTemplate ? 'printed' : 'template';
  const last = blocks[blocks.length - 1];
  const largest = last.firstMove + last.rows + MAX_ROW_SHIFT + MAX_NUMBERING_ERROR;
  const numbers = await readPrintedNumbers(located.image, located.map, blocks, NUMBER_ROWS, largest, reader);
  const byBlock: NumberCellEvidence[][] = blocks.map((_, index) => numbers.filter((cell) => cell.block === index));
  let headings: HeadingCell[][] = blocks.map(() => []);
  let fits = fitGridRows(blocks, byBlock, headings, numbering);
  if (!fits.every((fit) => fit.status === 'confirmed')) {
    headings = await readHeadings(located, blocks, reader);
    fits = fitGridRows(blocks, byBlock, headings, numbering);
  }
  const registered = registeredBlocks(blocks, fits, numbering);
  const headingWords = [...new Set(headings.flat().filter((cell) => cell.row >= 0 && cell.logOdds >= HEADING_WORD_LOG_ODDS).map((cell) => cell.word))];
  const blockRegistrations = registered.blocks.map((block, index): BlockRegistration => ({
    status: fits[index].status, shift: block.shift, firstMove: block.firstMove, rows: block.rows,
    numbersRead: byBlock[index].map((cell) => ({ row: cell.row, number: legibleNumber(cell) })),
  }));
  const registration: RowRegistration = {
    status: registered.status, blocks: blockRegistrations, headingWords,
    ...(registered.status === 'unconfirmed' ? { reason: unconfirmedReason(blockRegistrations, headingWords) } : {}),
  };
  if (registered.status !== 'confirmed' || registered.blocks.every((block, index) => block.shift === 0 && block.firstMove === blocks[index].firstMove && block.rows === blocks[index].rows)) {
    return { ...located, registration };
  }
  const moved = registered.blocks.map((block, index): RuledBlock => ({
    ...blocks[index], firstMove: block.firstMove, rows: block.rows, firstRowTop: blocks[index].firstRowTop + block.shift * blocks[index].rowHeight,
  }));
  return { ...located, blocks: moved, cells: blockCells(moved), registration };
}

/**
 * Why the sheet must not be read, when it must not: its rows are unconfirmed and a row the grid takes for moves
 * reads as the heading's words, which reading would decode as moves.
 */
export function registrationRefusal(located: LocatedSheet): string | undefined {
  const { registration } = located;
  if (!registration || registration.status !== 'unconfirmed' || registration.headingWords.length === 0) return undefined;
  const advice = located.gridWithoutTemplate ? 'describe the sheet with --template (its heading row and move rows)' : 'check the template\'s heading row and rows against the sheet';
  return `the row the grid takes for move 1 reads as the printed heading (${registration.headingWords.join(', ')}), ` +
    `and ${registration.reason ?? 'the printed move numbers do not say which row holds move 1'}: not read, so as not to decode the heading as moves; ${advice}`;
}

async function readHeadings(located: LocatedSheet, blocks: readonly RuledBlock[], reader: CellReader): Promise<HeadingCell[][]> {
  const cells = blocks.flatMap((block, index) => HEADING_ROWS.flatMap((row) => [block.white, block.black].map((column) => ({
    block: index, row,
    cut: cutPrintedCell(located.image, located.map, { x: column.x, y: block.firstRowTop + row * block.rowHeight, width: column.width, height: block.rowHeight }),
  }))));
  const inked = cells.filter((cell) => cell.cut.inked);
  const readings = await reader.readCells(inked.map((cell) => cell.cut.line));
  const out: HeadingCell[][] = blocks.map(() => []);
  inked.forEach((cell, index) => out[cell.block].push({ row: cell.row, ...headingEvidence(readings[index]) }));
  return out;
}

interface RegisteredBlock {
  readonly shift: number;
  readonly firstMove: number;
  readonly rows: number;
}

/**
 * The blocks' rows once fitted: confirmed blocks as their numbers say; a block with nothing to check by follows the
 * others when they agree. Any unconfirmed block leaves the whole grid as found.
 */
function registeredBlocks(blocks: readonly RuledBlock[], fits: readonly BlockFit[], numbering: 'template' | 'printed'): { status: RegistrationStatus; blocks: RegisteredBlock[] } {
  const asFound = blocks.map((block) => ({ shift: 0, firstMove: block.firstMove, rows: block.rows }));
  if (fits.some((fit) => fit.status === 'unconfirmed')) return { status: 'unconfirmed', blocks: asFound };
  const confirmed = fits.filter((fit) => fit.status === 'confirmed');
  if (confirmed.length === 0) return { status: 'unchecked', blocks: asFound };
  const shifts = new Set(confirmed.map((fit) => fit.shift));
  if (confirmed.length < fits.length && shifts.size > 1) return { status: 'unconfirmed', blocks: asFound };
  const common = confirmed[0].shift;
  const placed = blocks.map((block, index) => fits[index].status === 'confirmed'
    ? { shift: fits[index].shift, firstMove: fits[index].firstMove }
    : { shift: common, firstMove: block.firstMove });
  const registered = placed.map((place, index): RegisteredBlock => {
    if (numbering === 'template') return { ...place, rows: blocks[index].rows };
    // Counted by the ruling alone, a block's rows are where the next block's numbers start; the last is as long as the one before.
    const next = placed[index + 1];
    const rows = next ? next.firstMove - place.firstMove : index > 0 ? placed[index].firstMove - placed[index - 1].firstMove : blocks[index].rows - Math.max(0, place.shift);
    return { ...place, rows };
  });
  const sensible = registered.every((block, index) => block.rows >= 1 && Math.abs(block.rows - blocks[index].rows) <= MAX_ROW_SHIFT + MAX_NUMBERING_ERROR);
  return sensible ? { status: 'confirmed', blocks: registered } : { status: 'unconfirmed', blocks: asFound };
}

/** Every half-move cell of the blocks, in ply order. */
function blockCells(blocks: readonly RuledBlock[]): MoveCellPlace[] {
  return blocks.flatMap((block) => Array.from({ length: block.rows }, (_, row) => {
    const moveNumber = block.firstMove + row;
    const y = block.firstRowTop + row * block.rowHeight;
    return (['white', 'black'] as const).map((side): MoveCellPlace => ({
      ply: (moveNumber - 1) * 2 + (side === 'white' ? 1 : 2), moveNumber, side,
      rect: { x: block[side].x, y, width: block[side].width, height: block.rowHeight },
    }));
  }).flat()).sort((a, b) => a.ply - b.ply);
}

function unconfirmedReason(blocks: readonly BlockRegistration[], headingWords: readonly string[]): string {
  const said = blocks.map((block, index) => {
    const read = block.numbersRead.filter((cell) => cell.row >= 0).map((cell) => cell.number ?? '?').join(', ');
    return `block ${index + 1} reads ${read} where the grid puts moves ${block.firstMove}–${block.firstMove + block.numbersRead.filter((cell) => cell.row >= 0).length - 1}`;
  });
  const numbers = blocks.some((block) => block.numbersRead.some((cell) => cell.number !== null));
  return numbers
    ? `the printed move numbers do not confirm the grid's rows (${said.join('; ')})`
    : headingWords.length > 0 ? 'no printed move number is legible to say which row holds move 1' : 'the printed move numbers are not legible';
}
