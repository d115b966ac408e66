/**
 * A foreign sheet on a page image, found by its template's ruled move grid:
 * the map from sheet points to pixels, and every half-move cell and result
 * box in sheet points (see template-geometry.ts).
 */
import { err, ok, type Result } from '@zapis/core';
import { findGrid, type FindGridOptions, type RulingLines } from './find-grid.js';
import { Homography } from './homography.js';
import type { LocatedSheet } from './located-sheet.js';
import type { GrayImage } from './raster.js';
import { gridLines, gridRectPoints, ruledBlocks, templateCells, templateResultTicks, unitToSheet } from './template-geometry.js';
import type { SheetTemplate } from './template.js';

export const NO_SHEET_FOUND = 'no scoresheet found (no markers, no grid)';

export interface TemplateLocateError {
  /** `no scoresheet found (no markers, no grid)`. */
  readonly message: string;
  /** Why the grid search gave up, e.g. "found 12 of the grid's 32 horizontal lines". */
  readonly detail: string;
  readonly page: number;
}

export interface TemplateLocation extends LocatedSheet {
  /** RMS distance, in pixels, of the grid's line crossings from the fitted map. */
  readonly residual: number;
  /** The sheet was upside down on the image. */
  readonly upsideDown: boolean;
}

/** `ruling`: the page's lines when already found (e.g. by `findTwoBlockGrid`), so they are not searched twice. */
export function locateByTemplate(image: GrayImage, page: number, template: SheetTemplate, ruling?: RulingLines): Result<TemplateLocation, TemplateLocateError> {
  const { grid, page: paper } = template;
  const options: FindGridOptions = grid.x !== undefined && grid.y !== undefined && grid.width !== undefined && grid.height !== undefined
    ? { expected: { x: grid.x / paper.width, y: grid.y / paper.height, width: grid.width / paper.width, height: grid.height / paper.height } }
    : {};
  const found = findGrid(image, gridLines(grid), options, ruling);
  if ('reason' in found) return err({ message: NO_SHEET_FOUND, detail: found.reason, page });
  const gridRect = gridRectPoints(template, grid.width === undefined || grid.height === undefined ? measuredSize(image, template, found.map) : undefined);
  const pairs = found.pairs.map(({ sheet, image: point }) => ({ sheet: unitToSheet(gridRect, sheet[0], sheet[1]), image: point }));
  const map = Homography.fit(pairs);
  if (!map) return err({ message: NO_SHEET_FOUND, detail: 'the grid lines do not cross', page });
  return ok({
    page,
    image,
    map,
    foundBy: 'template',
    markersSeen: 0,
    cells: templateCells(template, gridRect),
    blocks: ruledBlocks(template, gridRect),
    resultTicks: templateResultTicks(template),
    residual: found.residual,
    upsideDown: found.upsideDown,
  });
}

/**
 * The grid's size in mm when the template leaves it out, assuming the image
 * shows the whole page (a scan): pixels per mm from the page's long side.
 */
function measuredSize(image: GrayImage, template: SheetTemplate, unitMap: Homography): { width: number; height: number } {
  const pixelsPerMm = Math.max(image.width, image.height) / Math.max(template.page.width, template.page.height);
  const distance = (a: readonly [number, number], b: readonly [number, number]) => Math.hypot(a[0] - b[0], a[1] - b[1]);
  const [tl, tr, br, bl] = ([[0, 0], [1, 0], [1, 1], [0, 1]] as const).map(([u, v]) => unitMap.toImage(u, v));
  return {
    width: (distance(tl, tr) + distance(bl, br)) / 2 / pixelsPerMm,
    height: (distance(tl, bl) + distance(tr, br)) / 2 / pixelsPerMm,
  };
}
