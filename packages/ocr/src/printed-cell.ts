/**
 * A printed cell of a foreign sheet's grid (a move number, a heading word) made ready for a recogniser: cut upright
 * through the sheet's map, its paper flattened (a shaded number column reads as white paper), the ruling at its
 * edges whitened, and cropped to the print. Written cells have their own cutter (cell-image.ts); a printed cell
 * needs no judgement of whether it was written, only whether anything is there.
 */
import type { Rect } from '@zapis/sheet';
import { flattenPaper } from './flatten-paper.js';
import { cropped, inkBox } from './ink-box.js';
import { greyHistogram, percentile, type Region } from './grey-levels.js';
import type { PageMap } from './page-map.js';
import { type GrayImage, grayImage } from './raster.js';
import { sampleRect } from './sample-rect.js';

/** Cut at the written cells' resolution (288 dpi), so printed and written text reach the recogniser alike. */
const PIXELS_PER_POINT = 4;
/** Print is at least this many grey levels darker than the paper around it; a shading's grain or a shadow is not. */
const MIN_PRINT_CONTRAST = 48;
/** The darkest strokes: this share of the inner pixels (a one-digit number fills more than 0.5%). */
const DARK_SHARE = 0.004;
/** A ruled line crosses most of a row (column) of the cell; a digit's bar crosses less. */
const LINE_SHARE = 0.6;

export interface PrintedCell {
  /** The print alone with a margin, dark on white (the whole cell, whitened, when nothing is there). */
  readonly line: GrayImage;
  /** Something darker than the paper is inside the cell, away from its ruling. */
  readonly inked: boolean;
}

export function cutPrintedCell(page: GrayImage, map: PageMap, rect: Rect): PrintedCell {
  const raw = sampleRect(page, map, rect, PIXELS_PER_POINT);
  const { flat, smoothFlat } = flattenPaper(raw);
  whitenEdgeLines(flat, smoothFlat);
  const inner = innerRegion(flat);
  // Judged on the smoothed copy: a halftone shading's dots average out there, a printed stroke keeps its darkness.
  const dark = percentile(greyHistogram(smoothFlat, inner), DARK_SHARE);
  if (255 - dark < MIN_PRINT_CONTRAST) return { line: flat, inked: false };
  const box = inkBox(smoothFlat, inner, (255 + dark) / 2);
  if (box.count === 0) return { line: flat, inked: false };
  const stretched = levelsStretched(flat, percentile(greyHistogram(flat, inner), DARK_SHARE));
  return { line: cropped(stretched, box, Math.round(Math.max(4, stretched.height * 0.12))), inked: true };
}

/** The cell less a band along each edge, where the ruling runs even after a slightly off map. */
function innerRegion(image: GrayImage): Region {
  const x = Math.round(image.width * 0.06), y = Math.round(image.height * 0.14);
  return { x, y, width: Math.max(1, image.width - 2 * x), height: Math.max(1, image.height - 2 * y) };
}

/** Whitens, in both copies, rows and columns near the edges that are mostly dark: the ruling, a little off after mapping. */
function whitenEdgeLines(flat: GrayImage, smooth: GrayImage): void {
  const { width, height } = flat;
  const dark = (value: number): boolean => value < 255 * 0.8;
  const rowBand = Math.max(2, Math.round(height * 0.25)), columnBand = Math.max(2, Math.round(width * 0.12));
  for (let y = 0; y < height; y += 1) {
    if (y >= rowBand && y < height - rowBand) continue;
    let count = 0;
    for (let x = 0; x < width; x += 1) if (dark(flat.data[y * width + x])) count += 1;
    if (count > width * LINE_SHARE) for (const image of [flat, smooth]) image.data.fill(255, y * width, (y + 1) * width);
  }
  for (let x = 0; x < width; x += 1) {
    if (x >= columnBand && x < width - columnBand) continue;
    let count = 0;
    for (let y = 0; y < height; y += 1) if (dark(flat.data[y * width + x])) count += 1;
    if (count <= height * LINE_SHARE) continue;
    for (const image of [flat, smooth]) for (let y = 0; y < height; y += 1) image.data[y * width + x] = 255;
  }
}

/** Levels stretched so the darkest strokes are black and the paper stays white. */
function levelsStretched(image: GrayImage, darkest: number): GrayImage {
  const dark = Math.min(darkest, 200);
  const out = grayImage(image.width, image.height);
  for (let i = 0; i < image.data.length; i += 1) out.data[i] = Math.max(0, Math.min(255, Math.round(((image.data[i] - dark) * 255) / (255 - dark))));
  return out;
}
