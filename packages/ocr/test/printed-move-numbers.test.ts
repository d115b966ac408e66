/**
 * A foreign sheet's rows checked by its printed move numbers (register-rows.ts), on drawn club sheets (2 × 25 rows
 * under "WHITE | BLACK", thin grey ruling, a shaded number column) and on the federation fixture: a grid found a
 * row or two off is moved to the numbered rows, one whose numbers cannot say is flagged, and one whose first move
 * row reads as its heading is not read at all. Uses the reader `zapis read` uses by default.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '@zapis/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CellReader } from '../src/cell-reader.js';
import type { Homography } from '../src/homography.js';
import { loadImage } from '../src/load-image.js';
import type { LocatedSheet } from '../src/located-sheet.js';
import { loadReader } from '../src/read-pool.js';
import { locateScanPage, readScanPage } from '../src/read-scan-file.js';
import type { GrayImage } from '../src/raster.js';
import { registerRows } from '../src/register-rows.js';
import { parseTemplate } from '../src/template.js';
import { useFont } from './support/cell-drawing.js';
import { CLUB_LAYOUT, clubCellCentre, clubTemplate, drawClubSheet, type ClubSheetOptions } from './support/club-sheet.js';
import { damage, random } from './support/federation-sheet.js';

const DPI = 200;
const MOVES = ['e4', 'c5', 'Nf3', 'd6', 'd4', 'cxd4', 'Nxd4', 'Nf6', 'Nc3', 'a6', 'Be3', 'e5', 'Nb3', 'Be6', 'f3', 'Be7', 'Qd2', 'O-O', 'O-O-O', 'Nbd7'];

let reader: CellReader;
let font: string;
beforeAll(async () => {
  [reader, font] = await Promise.all([loadReader('auto'), useFont('caveat')]);
});
afterAll(async () => {
  await reader.dispose();
});

/** A club sheet scanned a little turned, blurred and compressed; and the true map from the flat sheet's pixels. */
function clubScan(options: Omit<ClubSheetOptions, 'dpi' | 'moves' | 'font'>): { image: GrayImage; truth: Homography } {
  const flat = drawClubSheet({ dpi: DPI, moves: MOVES, font, ...options });
  return damage(flat, { rotation: 1.5, perspective: 0.004, blur: 1, noise: 8, jpegQuality: 75 }, random(7));
}

/** How far (in rows) the located cell of a half-move lies from where that move is written on the sheet. */
function rowsOff(located: Pick<LocatedSheet, 'cells' | 'map'>, truth: Homography, moveNumber: number, side: 'white' | 'black', layout = CLUB_LAYOUT): number {
  const cell = located.cells.find((place) => place.moveNumber === moveNumber && place.side === side);
  if (!cell) throw new Error(`no cell for ${moveNumber} ${side}`);
  const [, y] = located.map.toImage(cell.rect.x + cell.rect.width / 2, cell.rect.y + cell.rect.height / 2);
  const [xMm, yMm] = clubCellCentre(moveNumber, side, layout);
  const [, trueY] = truth.toImage((xMm * DPI) / 25.4, (yMm * DPI) / 25.4);
  return (y - trueY) / ((layout.rowHeight * DPI) / 25.4);
}

describe('a club sheet read a row off', () => {
  it('moves a template that takes the heading row for move 1 to the printed numbers, and reads move 1 from its own row', async () => {
    // The rule under the last row too faint to find: the template's 26 rules fit the heading's top down, one row high.
    const { image, truth } = clubScan({ faintLastRule: true });
    const template = clubTemplate('rowOff');
    const located = locateScanPage(image, 1, template);
    if (!located.ok) throw new Error(located.message);
    expect(rowsOff(located.sheet, truth, 1, 'white')).toBeCloseTo(-1, 0);

    const outcome = await readScanPage('club.jpg', 1, image, { reader, template });
    if (!outcome.ok) throw new Error(outcome.message);
    const { registration } = outcome.read.located;
    expect(registration?.status).toBe('confirmed');
    expect(registration?.blocks.map((block) => block.shift)).toEqual([1, 1]);
    expect(registration?.blocks[0].numbersRead.filter((read) => read.row >= 1).map((read) => read.number)).toEqual([1, 2, 3]);
    for (const [move, side] of [[1, 'white'], [10, 'black'], [25, 'white'], [26, 'white'], [50, 'black']] as const) {
      expect(Math.abs(rowsOff(outcome.read.located, truth, move, side))).toBeLessThan(0.1);
    }
    // The heading's words are not read as a move: the first cells hold the first moves.
    const firstTexts = outcome.read.cells.slice(0, 4).map((cell) => cell.reading.alternatives[0]?.text ?? '');
    expect(firstTexts.some((text) => /white|black/i.test(text))).toBe(false);
    expect(firstTexts.filter((text, index) => text === MOVES[index]).length).toBeGreaterThanOrEqual(3);
  });

  it('finds the same row without a template, where the ruling alone counted the heading row as move 1', async () => {
    const { image, truth } = clubScan({ faintLastRule: true });
    const located = locateScanPage(image, 1);
    if (!located.ok) throw new Error(located.message);
    expect(located.sheet.gridWithoutTemplate).toBe(true);
    expect(rowsOff(located.sheet, truth, 1, 'white')).toBeCloseTo(-1, 0);
    const registered = await registerRows(located.sheet, reader);
    expect(registered.registration?.status).toBe('confirmed');
    expect(registered.registration?.blocks.map((block) => [block.shift, block.firstMove, block.rows])).toEqual([[1, 1, 25], [1, 26, 25]]);
    expect(registered.cells).toHaveLength(100);
    for (const [move, side] of [[1, 'white'], [25, 'black'], [26, 'white'], [50, 'white']] as const) {
      expect(Math.abs(rowsOff(registered, truth, move, side))).toBeLessThan(0.1);
    }
  });

  it('numbers a grid found without a template under a ruled row above its heading by the printed numbers', async () => {
    const { image, truth } = clubScan({ rowAboveHeading: true });
    const located = locateScanPage(image, 1);
    if (!located.ok) throw new Error(located.message);
    // The ruling alone counts the header rows as move rows: more than 25 rows a block, move 1 too high.
    expect(located.sheet.blocks?.[0].rows).toBeGreaterThan(25);
    const registered = await registerRows(located.sheet, reader);
    expect(registered.registration?.status).toBe('confirmed');
    expect(registered.registration?.blocks.map((block) => [block.firstMove, block.rows])).toEqual([[1, 25], [26, 25]]);
    for (const [move, side] of [[1, 'white'], [25, 'black'], [26, 'white'], [50, 'black']] as const) {
      expect(Math.abs(rowsOff(registered, truth, move, side))).toBeLessThan(0.1);
    }
  });
});

describe('a three-block sheet found without a template', () => {
  it('is split into three blocks and numbered by its printed numbers, the header row above the heading left out', async () => {
    const layout = { blocks: 3, rows: 30, rowHeight: 6 };
    const { image, truth } = clubScan({ layout, rowAboveHeading: true });
    const located = locateScanPage(image, 1);
    if (!located.ok) throw new Error(located.message);
    expect(located.sheet.blocks).toHaveLength(3);
    const registered = await registerRows(located.sheet, reader);
    expect(registered.registration?.status).toBe('confirmed');
    expect(registered.registration?.blocks.map((block) => [block.firstMove, block.rows])).toEqual([[1, 30], [31, 30], [61, 30]]);
    for (const [move, side] of [[1, 'white'], [30, 'black'], [31, 'white'], [61, 'black'], [90, 'white']] as const) {
      expect(Math.abs(rowsOff(registered, truth, move, side, layout))).toBeLessThan(0.1);
    }
  });
});

describe('a club sheet whose printed numbers cannot settle its rows', () => {
  it('is not read when the row taken for move 1 reads as its heading and no number is printed', async () => {
    const { image } = clubScan({ faintLastRule: true, numbers: 'blank' });
    const outcome = await readScanPage('blank-numbers.jpg', 2, image, { reader, template: clubTemplate('rowOff') });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome).toMatchObject({ file: 'blank-numbers.jpg', page: 2, code: 'heading-as-moves' });
    expect(outcome.message).toContain('WHITE');
    expect(outcome.message).toContain('not read, so as not to decode the heading as moves');
  });

  it('is read as found but flagged when its numbers contradict the rows', async () => {
    const { image } = clubScan({ numbers: 'shuffled' });
    const outcome = await readScanPage('shuffled.jpg', 1, image, { reader, template: clubTemplate('registered') });
    if (!outcome.ok) throw new Error(outcome.message);
    const { registration } = outcome.read.located;
    expect(registration?.status).toBe('unconfirmed');
    expect(registration?.blocks.map((block) => block.shift)).toEqual([0, 0]);
    expect(registration?.headingWords).toEqual([]);
    expect(registration?.reason).toMatch(/do not confirm the grid's rows/);
  });
});

describe('the federation fixture', () => {
  const loaded = loadImage(new Uint8Array(readFileSync(join(REPOSITORY_ROOT, 'fixtures', 'scans-foreign', 'federation.jpg'))));
  const parsed = parseTemplate(readFileSync(join(REPOSITORY_ROOT, 'packages', 'ocr', 'fixtures', 'templates', 'federation-2x30.json'), 'utf8'));

  it.each([['with its template', true], ['without a template', false]])('keeps its rows %s, confirmed by the printed numbers, at a small cost', async (_, withTemplate) => {
    if (!loaded.ok || !parsed.ok) throw new Error('fixture');
    const located = locateScanPage(loaded.value, 1, withTemplate ? parsed.value : undefined);
    if (!located.ok) throw new Error(located.message);
    await registerRows(located.sheet, reader);
    const start = performance.now();
    const registered = await registerRows(located.sheet, reader);
    const milliseconds = performance.now() - start;
    console.log(`registering the federation fixture ${withTemplate ? 'with' : 'without'} a template: ${milliseconds.toFixed(0)} ms`);
    expect(registered.registration?.status).toBe('confirmed');
    expect(registered.registration?.blocks.map((block) => [block.shift, block.firstMove, block.rows])).toEqual([[0, 1, 30], [0, 31, 30]]);
    expect(registered.cells).toEqual(located.sheet.cells);
    expect(milliseconds).toBeLessThan(2000);
  });
});
