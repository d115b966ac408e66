import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findRulingLines } from '../src/find-grid.js';
import { findTwoBlockGrid } from '../src/find-two-block-grid.js';
import { NO_SHEET_FOUND, type TemplateLocation, locateByTemplate } from '../src/locate-by-template.js';
import type { Homography } from '../src/homography.js';
import { grayImage, type GrayImage } from '../src/raster.js';
import { sampleRect } from '../src/sample-rect.js';
import { parseTemplate, type SheetTemplate } from '../src/template.js';
import { cellCentreMm, damage, type Damage, drawFederationSheet, random } from './support/federation-sheet.js';

function loadTemplate(text: string): SheetTemplate {
  const parsed = parseTemplate(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

const exampleText = readFileSync(new URL('../fixtures/templates/federation-2x30.json', import.meta.url), 'utf8');
const template = loadTemplate(exampleText);
const flat150 = drawFederationSheet(150);
const flat200 = drawFederationSheet(200);

/** Pixel distance between each located cell centre and where the warp truly put it; the worst of them. */
function worstCellError(located: TemplateLocation, truth: Homography, dpi: number): number {
  let worst = 0;
  for (const cell of located.cells) {
    const [mx, my] = cellCentreMm(cell.moveNumber, cell.side);
    const [tx, ty] = truth.toImage((mx * dpi) / 25.4, (my * dpi) / 25.4);
    const [x, y] = located.map.toImage(cell.rect.x + cell.rect.width / 2, cell.rect.y + cell.rect.height / 2);
    worst = Math.max(worst, Math.hypot(x - tx, y - ty));
  }
  return worst;
}

function locate(image: GrayImage, sheetTemplate = template): TemplateLocation {
  const located = locateByTemplate(image, 1, sheetTemplate);
  if (!located.ok) throw new Error(`${located.error.message}: ${located.error.detail}`);
  return located.value;
}

describe('locateByTemplate on a drawn federation sheet', () => {
  const cases: Array<[string, GrayImage, number, Damage]> = [
    ['a 200 dpi scan, 1° skew', flat200, 200, { rotation: -1, perspective: 0.002, blur: 0, noise: 6 }],
    ['a 150 dpi JPEG scan, 4° rotation, blur and noise', flat150, 150, { rotation: 4, perspective: 0.004, blur: 1, noise: 15, jpegQuality: 60 }],
    ['a photo-like perspective, blur and JPEG', flat150, 150, { rotation: -3, perspective: 0.03, blur: 2, noise: 20, jpegQuality: 50 }],
  ];
  it.each(cases)('finds every cell of %s within 2 px', (_, flat, dpi, options) => {
    const { image, truth } = damage(flat, options, random(dpi + options.rotation * 100));
    const located = locate(image);
    expect(located.foundBy).toBe('template');
    expect(located.markersSeen).toBe(0);
    expect(located.upsideDown).toBe(false);
    expect(located.cells).toHaveLength(120);
    expect(located.resultTicks.map((tick) => tick.result)).toEqual(['1-0', '1/2-1/2', '0-1']);
    expect(worstCellError(located, truth, dpi)).toBeLessThan(2);
  });

  it('finds the grid of a sheet scanned upside down and numbers the cells the right way round', () => {
    const { image, truth } = damage(flat150, { rotation: 2, perspective: 0.005, blur: 1, noise: 10, upsideDown: true }, random(18));
    const located = locate(image);
    expect(located.upsideDown).toBe(true);
    expect(worstCellError(located, truth, 150)).toBeLessThan(2);
    // Move 1 is written at the top-left of the sheet, hence near the bottom-right of the upside-down image.
    const first = located.cells[0];
    const [x, y] = located.map.toImage(first.rect.x + first.rect.width / 2, first.rect.y + first.rect.height / 2);
    expect(x).toBeGreaterThan(image.width / 2);
    expect(y).toBeGreaterThan(image.height / 2);
  });

  it('cuts a cell upright through the map: the written move is inside, the ruling at its edges', () => {
    const { image } = damage(flat150, { rotation: 3, perspective: 0.004, blur: 1, noise: 8 }, random(5));
    const located = locate(image);
    const cell = located.cells[0]; // 1.e4
    const crop = sampleRect(image, located.map, cell.rect, 150 / 72);
    const darkness = (x0: number, x1: number, y0: number, y1: number) => {
      let sum = 0;
      for (let y = y0; y < y1; y += 1) for (let x = x0; x < x1; x += 1) sum += 255 - crop.data[y * crop.width + x];
      return sum / ((x1 - x0) * (y1 - y0));
    };
    const { width, height } = crop;
    expect(darkness(0, width, 0, 2)).toBeGreaterThan(60); // the ruling above
    expect(darkness(0, 2, 0, height)).toBeGreaterThan(60); // the column line on the left
    expect(darkness(4, width - 4, 4, height - 4)).toBeGreaterThan(8); // the written move
    expect(darkness(Math.round(width * 0.7), width - 4, 4, height - 4)).toBeLessThan(12); // paper right of it
  });

  it('measures the grid when the template leaves its size out', () => {
    const { grid } = template;
    const unsized = loadTemplate(JSON.stringify({ format: 'zapis-sheet-template', version: 1, grid: {
      headingRow: true, columns: grid.blocks[0].columns, blocks: [{ rows: 30 }, { rows: 30 }],
    } }));
    const { image, truth } = damage(flat150, { rotation: 1.5, perspective: 0.003, blur: 1, noise: 10 }, random(9));
    const located = locate(image, unsized);
    expect(worstCellError(located, truth, 150)).toBeLessThan(2);
    const cell = located.cells[0];
    const widthMm = (cell.rect.width * 25.4) / 72;
    expect(widthMm).toBeGreaterThan(0.43 * 90 * 0.97);
    expect(widthMm).toBeLessThan(0.43 * 90 * 1.03);
  });

  it('reports no scoresheet on a page without a grid, and for a template that does not fit the sheet', () => {
    const blank = grayImage(1240, 1754, 250);
    const notFound = locateByTemplate(blank, 3, template);
    expect(notFound.ok).toBe(false);
    if (!notFound.ok) {
      expect(notFound.error.message).toBe(NO_SHEET_FOUND);
      expect(notFound.error.page).toBe(3);
      expect(notFound.error.detail).toMatch(/vertical lines/);
    }
    const threeBlocks = loadTemplate(JSON.stringify({ format: 'zapis-sheet-template', version: 1, grid: {
      headingRow: true, columns: [{ kind: 'number', width: 0.2 }, 'white', 'black', 'other'], blocks: [{ rows: 20 }, { rows: 20 }, { rows: 20 }],
    } }));
    const wrong = locateByTemplate(flat150, 1, threeBlocks);
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) expect(wrong.error.message).toBe(NO_SHEET_FOUND);
  });
});

describe('findTwoBlockGrid: no template at all', () => {
  it.each([
    ['a 150 dpi scan', flat150, 150, { rotation: 3, perspective: 0.01, blur: 1, noise: 10 }],
    ['a 200 dpi photo-like page', flat200, 200, { rotation: -2, perspective: 0.02, blur: 2, noise: 15, jpegQuality: 60 }],
    ['an upside-down scan', flat150, 150, { rotation: 2, perspective: 0.005, blur: 1, noise: 10, upsideDown: true }],
  ] as Array<[string, GrayImage, number, Damage]>)('derives the 2 × 30 grid of %s and finds every cell', (_, flat, dpi, options) => {
    const { image, truth } = damage(flat, options, random(dpi));
    const ruling = findRulingLines(image);
    const derived = findTwoBlockGrid(image, ruling);
    if (!derived.ok) throw new Error(derived.error.reason);
    const { grid } = derived.value;
    expect(grid.headingRow).toBe(true);
    expect(grid.blocks.map((block) => [block.rows, block.firstMove])).toEqual([[30, 1], [30, 31]]);
    expect(grid.blocks[0].columns.map((column) => column.kind)).toEqual(['number', 'white', 'black']);
    expect(grid.blocks[0].columns[0].width).toBeCloseTo(0.14, 1);
    const located = locateByTemplate(image, 1, derived.value, ruling);
    if (!located.ok) throw new Error(located.error.detail);
    expect(located.value.upsideDown).toBe(options.upsideDown === true);
    expect(worstCellError(located.value, truth, dpi)).toBeLessThan(2);
  });

  it('finds nothing on a page of text lines without ruling', () => {
    const page = grayImage(1240, 1754, 250);
    for (let y = 100; y < 1700; y += 40) for (let x = 100; x < 1100; x += 1) if ((x >> 4) % 3 !== 0) page.data[y * 1240 + x] = 30;
    const derived = findTwoBlockGrid(page);
    expect(derived.ok).toBe(false);
    if (!derived.ok) expect(derived.error.reason).toMatch(/vertical lines/);
  });
});
