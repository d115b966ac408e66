/**
 * findTwoBlockGrid on the shapes of common club and federation sheets, drawn (support/foreign-grid.ts) and scanned
 * slightly turned: 25, 30, 40 and 60 rows a block, two or three blocks, headings of the rows' height or taller (and
 * shaded), thin grey ruling broken by gaps, a shaded number column, ruled header lines above the grid. The derived
 * template must describe the drawn grid, and the cells it places must land on the drawn cells.
 */
import { describe, expect, it } from 'vitest';
import { findRulingLines } from '../src/find-grid.js';
import { findTwoBlockGrid } from '../src/find-two-block-grid.js';
import type { Homography } from '../src/homography.js';
import { locateByTemplate, type TemplateLocation } from '../src/locate-by-template.js';
import type { ColumnKind } from '../src/template.js';
import { damage, random } from './support/federation-sheet.js';
import { drawForeignGrid, foreignCellCentre, type ForeignGrid } from './support/foreign-grid.js';

interface Shape {
  readonly grid: ForeignGrid;
  readonly kinds: readonly ColumnKind[];
  /** Degrees the scan is turned. */
  readonly rotation: number;
  readonly upsideDown?: boolean;
}

const NUMBER_WHITE_BLACK: readonly ColumnKind[] = ['number', 'white', 'black'];

const shapes: Array<[string, Shape]> = [
  // Darker than the thin grey of the other shapes: a 1 px grey-170 rule beside the shading, halved to the working
  // resolution, is no darker than the shade next to it, so the line search (find-grid.ts) does not see it.
  ['2 × 25 under a heading of the rows\' height, 1 px grey ruling, a shaded number column', {
    grid: { dpi: 200, blocks: 2, rows: 25, rowHeight: 8, columns: [0.12, 0.44, 0.44], heading: { height: 1 }, ruling: { grey: 110, width: 1 }, shadedNumberColumn: true, top: 50 },
    kinds: NUMBER_WHITE_BLACK, rotation: 0.7,
  }],
  ['2 × 30 under a shaded heading 1.6 rows tall', {
    grid: { dpi: 150, blocks: 2, rows: 30, rowHeight: 7, columns: [0.14, 0.43, 0.43], heading: { height: 1.6, shaded: true }, ruling: { grey: 90, width: 2 }, top: 50 },
    kinds: NUMBER_WHITE_BLACK, rotation: -0.5,
  }],
  ['2 × 40 with no heading, under three header lines ruled full width at the rows\' spacing', {
    grid: { dpi: 200, blocks: 2, rows: 40, rowHeight: 5.5, columns: [0.14, 0.43, 0.43], ruling: { grey: 120, width: 2 }, headerLines: 3, top: 55 },
    kinds: NUMBER_WHITE_BLACK, rotation: 1,
  }],
  ['2 × 60 under a heading of the rows\' height, thin grey', {
    grid: { dpi: 200, blocks: 2, rows: 60, rowHeight: 4, columns: [0.16, 0.42, 0.42], heading: { height: 1 }, ruling: { grey: 150, width: 1 }, top: 40 },
    kinds: NUMBER_WHITE_BLACK, rotation: -0.8,
  }],
  ['3 × 20 under a shaded heading 1.6 rows tall, with a time column', {
    grid: { dpi: 150, blocks: 3, rows: 20, rowHeight: 9, columns: [0.14, 0.33, 0.33, 0.2], heading: { height: 1.6, shaded: true }, ruling: { grey: 100, width: 2 }, top: 60 },
    kinds: ['number', 'white', 'black', 'other'], rotation: 0.6,
  }],
  ['2 × 30 in thin grey broken by gaps, a heading 1.6 rows tall, header lines a blank row above', {
    grid: { dpi: 200, blocks: 2, rows: 30, rowHeight: 6.5, columns: [0.13, 0.435, 0.435], heading: { height: 1.6 }, ruling: { grey: 170, width: 1 }, brokenEvery: 3, headerLines: 2, headerGap: 1, top: 62 },
    kinds: NUMBER_WHITE_BLACK, rotation: -0.9,
  }],
  ['2 × 25 framed apart, a heading of the rows\' height, header lines at the rows\' spacing a blank row above', {
    grid: { dpi: 150, blocks: 2, rows: 25, rowHeight: 7.5, columns: [0.15, 0.425, 0.425], heading: { height: 1 }, ruling: { grey: 60, width: 2 }, blockGap: 8, headerLines: 3, headerGap: 1, top: 70 },
    kinds: NUMBER_WHITE_BLACK, rotation: 0.5,
  }],
  ['2 × 30 under a heading of the rows\' height and a framed title bar 1.5 rows high', {
    grid: { dpi: 150, blocks: 2, rows: 30, rowHeight: 6.5, columns: [0.14, 0.43, 0.43], heading: { height: 1 }, ruling: { grey: 80, width: 2 }, titleBar: 1.5, top: 60 },
    kinds: NUMBER_WHITE_BLACK, rotation: -0.7,
  }],
  ['2 × 40 under a heading 1.2 rows tall, close enough to the rows\' spacing to join their run', {
    grid: { dpi: 150, blocks: 2, rows: 40, rowHeight: 5.5, columns: [0.14, 0.43, 0.43], heading: { height: 1.2 }, ruling: { grey: 90, width: 2 }, top: 45 },
    kinds: NUMBER_WHITE_BLACK, rotation: -0.6,
  }],
  ['2 × 25 under a heading 0.8 rows high', {
    grid: { dpi: 200, blocks: 2, rows: 25, rowHeight: 8, columns: [0.12, 0.44, 0.44], heading: { height: 0.8 }, ruling: { grey: 120, width: 2 }, top: 50 },
    kinds: NUMBER_WHITE_BLACK, rotation: 0.9,
  }],
  ['2 × 30 under a heading 1.4 rows tall, scanned upside down', {
    grid: { dpi: 150, blocks: 2, rows: 30, rowHeight: 7, columns: [0.14, 0.43, 0.43], heading: { height: 1.4 }, ruling: { grey: 90, width: 2 }, headerLines: 2, top: 55 },
    kinds: NUMBER_WHITE_BLACK, rotation: 0.8, upsideDown: true,
  }],
];

/** How far, in move rows, the located cell of a half-move lies from the cell drawn for it. */
function rowsOff(located: TemplateLocation, truth: Homography, grid: ForeignGrid, moveNumber: number, side: 'white' | 'black'): number {
  const cell = located.cells.find((place) => place.moveNumber === moveNumber && place.side === side);
  if (!cell) return Infinity;
  const [x, y] = located.map.toImage(cell.rect.x + cell.rect.width / 2, cell.rect.y + cell.rect.height / 2);
  const [xMm, yMm] = foreignCellCentre(grid, moveNumber, side);
  const perMm = grid.dpi / 25.4;
  const [trueX, trueY] = truth.toImage(xMm * perMm, yMm * perMm);
  return Math.hypot(x - trueX, y - trueY) / (grid.rowHeight * perMm);
}

describe('findTwoBlockGrid on the shapes of club and federation sheets', () => {
  it.each(shapes)('%s', (_, { grid, kinds, rotation, upsideDown }) => {
    const flat = drawForeignGrid(grid);
    const { image, truth } = damage(flat, { rotation, perspective: 0.002, blur: 0, noise: 6, jpegQuality: 85, upsideDown }, random(grid.rows * 10 + grid.blocks));
    const ruling = findRulingLines(image);
    const derived = findTwoBlockGrid(image, ruling);
    expect(derived.ok ? 'found' : derived.error.reason).toBe('found');
    if (!derived.ok) return;
    const template = derived.value.grid;
    expect(template.blocks.map((block) => [block.rows, block.firstMove])).toEqual(Array.from({ length: grid.blocks }, (_, index) => [grid.rows, index * grid.rows + 1]));
    expect(template.headingRow).toBe(grid.heading !== undefined);
    if (grid.heading) expect(Math.abs(template.headingHeight - grid.heading.height)).toBeLessThan(0.1);
    expect(template.blocks[0].columns.map((column) => column.kind)).toEqual(kinds);
    template.blocks[0].columns.forEach((column, index) => expect(Math.abs(column.width - grid.columns[index])).toBeLessThan(0.02));
    expect(template.blockGap > 0).toBe(grid.blockGap !== undefined);

    const located = locateByTemplate(image, 1, derived.value, ruling);
    expect(located.ok ? 'located' : located.error.detail).toBe('located');
    if (!located.ok) return;
    const last = grid.blocks * grid.rows;
    expect(located.value.cells).toHaveLength(2 * last);
    expect(located.value.upsideDown).toBe(upsideDown === true);
    expect(rowsOff(located.value, truth, grid, 1, 'white')).toBeLessThan(0.25);
    expect(rowsOff(located.value, truth, grid, last, 'black')).toBeLessThan(0.25);
  });
});
