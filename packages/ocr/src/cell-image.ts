/**
 * One written cell, made ready for a recogniser: cut upright out of the page
 * through the sheet's map, the printed box lines removed, the paper made
 * white and the ink dark whatever the light was, and cropped to the writing.
 * Also tells a written cell from an empty one.
 */
import type { Rect } from '@zapis/sheet';
import type { PageMap } from './page-map.js';
import { type GrayImage, grayImage } from './raster.js';
import { sampleRect } from './sample-rect.js';
import { greyHistogram, percentile, type Region } from './grey-levels.js';
import { flattenPaper, SMOOTHING_REACH } from './flatten-paper.js';
import { inkBox, withMargin, type InkBox } from './ink-box.js';
import { withoutPrint, type ColumnPrint } from './printed-ground.js';
import { unsharp } from './unsharp.js';

/** Cells are cut at this resolution (288 dpi): enough for any scan, cheap enough for many cells. */
export const CELL_PIXELS_PER_POINT = 4;
/**
 * Ink is what is darker than halfway between the paper and the darkest
 * strokes; a tick box whose darkest strokes are not this much darker than its
 * paper is empty (a soft phone photo's pencil is still 25% darker; JPEG
 * noise on blank paper is not).
 */
const MIN_CONTRAST = 0.25 * 255;
/**
 * A cell is empty when its darkest smoothed strokes are not this many grey
 * levels darker than the paper around them: above what grain or a shadow's
 * edge reaches in an empty cell, below what written ones reach, faint ink in
 * a grainy photo included, which the tick boxes' rule above calls empty.
 */
export const MIN_CELL_CONTRAST = 24;
/** The darkest strokes: this share of the cell's pixels (a short move fills more than 1%). */
const DARK_SHARE = 0.003;
/**
 * A printed line crosses nearly all of a row or column of the cell; a
 * letter's stem (a printed B close to the box's edge) crosses less.
 */
const ROW_LINE_SHARE = 0.6;
const COLUMN_LINE_SHARE = 0.8;
/** Written: at least this share of the cell's pixels are ink once the lines are gone. */
const WRITTEN_SHARE = 0.006;
/**
 * In a cell with its column's print taken away, a pixel column darker than `STRAIGHT_LINE_LEVEL` over
 * `STRAIGHT_LINE_SHARE` of the inner height is a printed line left over: a pen stroke is slanted or shorter.
 */
const STRAIGHT_LINE_LEVEL = 235;
const STRAIGHT_LINE_SHARE = 0.7;
/**
 * The unsharp mask of what is read: a Gaussian of this spread (in points, about 0.2 mm: a pen stroke's half width)
 * and this strength. It lifts soft captures and leaves sharp ones nearly as they were.
 */
const SHARPEN_SIGMA_POINTS = 0.575;
const SHARPEN_AMOUNT = 1.2;

export interface CellImage {
  /** The cell as cut, paper white, lines removed (for crops shown to people). */
  readonly cell: GrayImage;
  /** The writing alone, cropped with a margin (what the recogniser reads); the whole cell when empty. */
  readonly line: GrayImage;
  /** Share of the cell's pixels that are ink. */
  readonly ink: number;
  readonly written: boolean;
}

/** A cell cut out of the page and flattened, before anything is decided about it. */
export interface CutOutCell {
  readonly flat: GrayImage;
  readonly smoothFlat: GrayImage;
}

export function cutCell(page: GrayImage, map: PageMap, rect: Rect): CellImage {
  return cellImageOf(cutOutCell(page, map, rect));
}

export function cutOutCell(page: GrayImage, map: PageMap, rect: Rect): CutOutCell {
  const raw = sampleRect(page, map, rect, CELL_PIXELS_PER_POINT);
  return flattenPaper(whitened(raw));
}

/**
 * The cell made ready to read. `beyondPrint` false (its column's print
 * explains its ink, cut-sheet.ts) makes it empty; what is read is the cell as
 * cut either way, the reader having learnt cells with their print.
 */
export function cellImage(cut: CutOutCell, beyondPrint?: boolean): CellImage {
  // Copies: the cut-out cell may be kept by its column to learn the print from.
  return cellImageOf({ flat: copied(cut.flat), smoothFlat: copied(cut.smoothFlat) }, beyondPrint);
}

/** `cellImage` of a cut nothing reads again: its images become the cell's (changed, not copied). */
export function cellImageOf(cut: CutOutCell, beyondPrint?: boolean): CellImage {
  const { flat, smoothFlat } = cut;
  // A removed line is white, and would pass for the paper of a shadowed cell: the paper was flattened first.
  const lines = removeLines(flat);
  // The smoothed copy loses the same lines, with the few pixels its smoothing spread them over.
  clearLines(smoothFlat, lines, SMOOTHING_REACH);
  // Judged inside the box only: what is left of a ruled line hugs the edges, writing fills the middle.
  const inner = innerRegion(flat);
  const smoothDark = darkest(smoothFlat, inner);
  if (255 - smoothDark < MIN_CELL_CONTRAST) return { cell: flat, line: flat, ink: 0, written: false };
  // Where the ink is: decided on the smoothed copy, so grain neither hides faint strokes nor widens the crop.
  const box = inkBox(smoothFlat, inner, (255 + smoothDark) / 2);
  // What is read: the unsmoothed cell, stretched by its own darkest strokes (as the network was trained).
  const cell = stretched(flat, (255 + darkest(flat, inner)) / 2);
  const ink = box.count / (inner.width * inner.height);
  const written = ink >= WRITTEN_SHARE && box.height >= cell.height * 0.15 && beyondPrint !== false;
  if (!written) return { cell, line: cell, ink, written };
  // The margin gives back the tops and tails of letters that reach past the inner region.
  return { cell, line: sharpLine(flat, box, Math.round(Math.max(4, cell.height * 0.14)), inner), ink, written };
}

/**
 * What the readers read of a written cell: its writing cropped with `margin`, through an unsharp mask, then
 * stretched by its own darkest strokes. The mask gives back the edges that a soft capture (a blurred JPEG, a phone's
 * focus) spread, and is mild enough to leave a sharp scan's strokes as they were. Pixels of the inner region outside
 * the crop count as paper when the darkest strokes are looked for (the crop holds all the cell's ink).
 */
function sharpLine(flat: GrayImage, box: Omit<InkBox, 'count'>, margin: number, inner: Region): GrayImage {
  const crop = withMargin(flat, box, margin);
  const sharp = unsharp(flat, SHARPEN_SIGMA_POINTS * CELL_PIXELS_PER_POINT, SHARPEN_AMOUNT, crop);
  const left = Math.max(inner.x, crop.x), right = Math.min(inner.x + inner.width, crop.x + crop.width);
  const over = Math.max(inner.y, crop.y), under = Math.min(inner.y + inner.height, crop.y + crop.height);
  const counted = greyHistogram(sharp, { x: left - crop.x, y: over - crop.y, width: Math.max(0, right - left), height: Math.max(0, under - over) });
  const dark = percentile({ histogram: counted.histogram, count: inner.width * inner.height }, DARK_SHARE);
  // Never above the faintest writing a cell may hold, so the stretch always has a range.
  return stretched(sharp, (255 + Math.min(dark, 255 - MIN_CELL_CONTRAST)) / 2);
}

/** What is left of a cell once its column's print is taken away (printed-ground.ts, at half resolution). */
export interface BareCell {
  /** How many grey levels its darkest strokes are darker than the paper. */
  readonly contrast: number;
  /** Ink enough, and tall enough, to be writing (judged at half the darkest strokes' darkness). */
  readonly inked: boolean;
}

export function bareCell(cut: CutOutCell, print: ColumnPrint): BareCell {
  const bare = withoutPrint(cut.smoothFlat, print);
  whitenStraightLines(bare);
  const inner = innerRegion(bare);
  const dark = darkest(bare, inner);
  if (255 - dark < MIN_CELL_CONTRAST) return { contrast: 255 - dark, inked: false };
  const box = inkBox(bare, inner, (255 + dark) / 2);
  return { contrast: 255 - dark, inked: box.count / (inner.width * inner.height) >= WRITTEN_SHARE && box.height >= bare.height * 0.15 };
}

/**
 * A straight up-and-down line through most of a bare cell's height is print its column's ground missed (a character
 * box's separator cut a pixel off, or darker in this cell than in most), never writing: whitened, in place.
 */
function whitenStraightLines(bare: GrayImage): void {
  const { width, height, data } = bare;
  const top = Math.round(height * 0.12), bottom = height - top;
  for (let x = 0; x < width; x += 1) {
    let dark = 0;
    for (let y = top; y < bottom; y += 1) if (data[y * width + x] < STRAIGHT_LINE_LEVEL) dark += 1;
    if (dark < STRAIGHT_LINE_SHARE * (bottom - top)) continue;
    for (let y = 0; y < height; y += 1) data[y * width + x] = 255;
  }
}

const copied = (image: GrayImage): GrayImage => ({ width: image.width, height: image.height, data: image.data.slice() });

function innerRegion(image: GrayImage): Region {
  const x = Math.round(image.width * 0.02), y = Math.round(image.height * 0.12);
  return { x, y, width: image.width - 2 * x, height: image.height - 2 * y };
}

/** The darkest strokes' grey level within a region. */
function darkest(image: GrayImage, region: Region): number {
  return percentile(greyHistogram(image, region), DARK_SHARE);
}

/** The grey level between paper (255 once whitened) and the darkest strokes, or undefined when there are no strokes. */
function inkThreshold(image: GrayImage): number | undefined {
  const dark = darkest(image, { x: 0, y: 0, width: image.width, height: image.height });
  return 255 - dark < MIN_CONTRAST ? undefined : (255 + dark) / 2;
}

/** Stretches the levels so the threshold lands at the fixed ink level: strokes black, paper white, whatever the light. */
function stretched(image: GrayImage, threshold: number): GrayImage {
  const dark = 2 * threshold - 255;
  return mapped(image, (value) => Math.max(0, Math.min(255, Math.round(((value - dark) * 255) / (255 - dark)))));
}

/** Every pixel through one grey-level mapping, looked up once per level; into `out` (a new image unless given). */
function mapped(image: GrayImage, level: (value: number) => number, out = grayImage(image.width, image.height)): GrayImage {
  const table = new Uint8Array(256);
  for (let value = 0; value < 256; value += 1) table[value] = level(value);
  const source = image.data, target = out.data;
  for (let i = 0; i < source.length; i += 1) target[i] = table[source[i]];
  return out;
}

/** Share of a small box (a tick box, a draw-offer box) that is ink, its own border left out. */
export function boxInk(page: GrayImage, map: PageMap, rect: Rect): number {
  const inset = Math.min(rect.width, rect.height) * 0.18;
  const inner = { x: rect.x + inset, y: rect.y + inset, width: rect.width - 2 * inset, height: rect.height - 2 * inset };
  const image = whitened(sampleRect(page, map, inner, CELL_PIXELS_PER_POINT));
  const threshold = inkThreshold(image);
  if (threshold === undefined) return 0;
  let dark = 0;
  for (const value of image.data) if (value < threshold) dark += 1;
  return dark / image.data.length;
}

/** Rescales so the paper (a high percentile) is 255 and anything much darker is ink; in place (the image is a fresh cut). */
function whitened(image: GrayImage): GrayImage {
  const paper = Math.max(40, percentile(greyHistogram(image), 0.9));
  return mapped(image, (value) => Math.min(255, Math.round((value * 255) / paper)), image);
}

/** Grey enough to be part of a printed line (its blurred edge included). */
const isLineGrey = (value: number): boolean => value < 255 * 0.8;

/** Rows and columns of a cell that were whitened as printed lines. */
interface ClearedLines { readonly rows: Uint8Array; readonly columns: Uint8Array }

/**
 * Whitens rows and columns near the edges that are mostly grey (the printed
 * box, a little off after mapping), then a thin frame all round, where only
 * the box's corners can be left.
 */
function removeLines(image: GrayImage): ClearedLines {
  const { width, height, data } = image;
  const rows = new Uint8Array(height), columns = new Uint8Array(width);
  const frame = Math.max(2, Math.round(height * 0.05));
  const band = (size: number, share: number): number => Math.max(2, Math.round(size * share));
  const rowBand = band(height, 0.22);
  const columnBand = band(width, 0.06);
  for (let y = 0; y < height; y += 1) {
    if (y >= rowBand && y < height - rowBand) continue;
    let dark = 0;
    for (let x = 0; x < width; x += 1) if (isLineGrey(data[y * width + x])) dark += 1;
    if (dark > width * ROW_LINE_SHARE || y < frame || y >= height - frame) rows[y] = 1;
  }
  for (let x = 0; x < width; x += 1) {
    if (x >= columnBand && x < width - columnBand) continue;
    let dark = 0;
    for (let y = 0; y < height; y += 1) if (isLineGrey(data[y * width + x])) dark += 1;
    if (dark > height * COLUMN_LINE_SHARE || x < frame || x >= width - frame) columns[x] = 1;
  }
  clearLines(image, { rows, columns }, 0);
  return { rows, columns };
}

/** Whitens the cleared rows and columns, each widened by `reach` pixels. */
function clearLines(image: GrayImage, { rows, columns }: ClearedLines, reach: number): void {
  const { width, height, data } = image;
  const near = (marks: Uint8Array, at: number): boolean => {
    for (let k = Math.max(0, at - reach); k <= Math.min(marks.length - 1, at + reach); k += 1) if (marks[k]) return true;
    return false;
  };
  for (let y = 0; y < height; y += 1) if (near(rows, y)) data.fill(255, y * width, (y + 1) * width);
  for (let x = 0; x < width; x += 1) {
    if (!near(columns, x)) continue;
    for (let y = 0; y < height; y += 1) data[y * width + x] = 255;
  }
}
