/**
 * What a sheet prints in every cell of a column, learnt from the sheet itself:
 * character boxes, ruling, shading, the edge of a neighbouring column's
 * digits. Each cell of a column is cut from the same printed shape, while
 * writing differs from cell to cell, so a pixel that is dark in nearly all of
 * the column's cells is print. (Not in most: a writer who starts every move
 * at the same place darkens that place in most cells of a full column.) Taken
 * away from a cell, it leaves the ink the print does not explain: the empty
 * boxed cells after the game's last move are print only, however much of them
 * is dark.
 *
 * Worked at half the cells' resolution, each pixel the darkest of the four it
 * stands for: what is asked is whether there is writing, not what it says.
 */
import { type GrayImage, grayImage } from './raster.js';

/** A column needs this many cells for its typical cell to be print: fewer, and one long move could pass for print. */
export const MIN_GROUND_CELLS = 6;
/** The print is learnt from at most this many cells of a column, roughly first from fewer. */
const GROUND_SAMPLE = 24;
const ROUGH_SAMPLE = 11;
/** Print is dark in at least this share of a column's cells. */
const PRINT_SHARE = 0.9;
/**
 * Each cell is slid by up to `MAX_SHIFT` pixels (at half resolution) onto the
 * column's print, and the print is widened by `GROUND_REACH`, so a cell cut a
 * little off its neighbours (a phone photo's map is not exact) still finds its
 * own print under the ground.
 */
const MAX_SHIFT = 3;
const GROUND_REACH = 1;
/**
 * A ground pixel is print when it is darker than the ground's paper by this
 * many grey levels, or by `PRINT_SPREADS` times the paper's own spread if more
 * (a grainy photo's paper varies; a thin grey rule is only a little darker).
 */
const PRINT_BELOW_PAPER = 20;
const PRINT_SPREADS = 2;
const PAPER_SHARE = 0.8;
/**
 * Near print, a mark lighter than `FAINT_NEAR_PRINT` is the print's own edge or
 * end cut a pixel off (a line's end, a box corner), and is taken away too: a
 * pen stroke is darker, and writing is not all near print.
 */
const NEAR_PRINT = 3;
const FAINT_NEAR_PRINT = 191;

/** How far a cell lies from its column's print, in half-resolution pixels. */
interface PrintShift { readonly dx: number; readonly dy: number }

/** A column's print at half resolution, with what every cell is matched against worked out once. */
export interface ColumnPrint {
  readonly ground: GrayImage;
  /** Below this level the ground is print. */
  readonly printLevel: number;
  readonly columns: Float64Array;
  readonly rows: Float64Array;
  /** 1 within `NEAR_PRINT` pixels of print, where faint marks are print cut a little differently, not writing. */
  readonly nearPrint: Uint8Array;
}

/**
 * The print of a column, from its cells' smoothed, flattened images (all the
 * same size), at half resolution: per pixel a level that `PRINT_SHARE` of the
 * cells are at least as dark as, once each cell is slid onto the others.
 * Undefined with too few cells or cells of different sizes.
 */
export function printedGround(cells: readonly GrayImage[]): ColumnPrint | undefined {
  if (cells.length < MIN_GROUND_CELLS) return undefined;
  const { width, height } = cells[0];
  if (cells.some((cell) => cell.width !== width || cell.height !== height)) return undefined;
  // A sample spread over the column says what it prints as well as every cell would.
  const halves = spread(cells, GROUND_SAMPLE).map(halved);
  // First the middle level, unaligned; then each cell slid onto it, and the print learnt again from the cells aligned.
  const rough = profiled(levelOf(spread(halves, ROUGH_SAMPLE), 0.5, spread(halves, ROUGH_SAMPLE).map(() => ({ dx: 0, dy: 0 }))));
  const shifts = halves.map((cell) => shiftOnto(cell, rough));
  return profiled(darkestNear(levelOf(halves, PRINT_SHARE, shifts), GROUND_REACH));
}

/** At most `count` of the items, evenly spread. */
function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, k) => items[Math.floor((k * items.length) / count)]);
}

function profiled(ground: GrayImage): ColumnPrint {
  const printLevel = printLevelOf(ground);
  const near = darkestNear(ground, NEAR_PRINT);
  const nearPrint = Uint8Array.from(near.data, (value) => (value < printLevel ? 1 : 0));
  return { ground, printLevel, columns: centred(profile(ground, 'columns')), rows: centred(profile(ground, 'rows')), nearPrint };
}

/**
 * The cell (smoothed and flattened, full resolution) at half resolution with its column's print taken away: each
 * pixel on print lightened by the ground's darkness under it, the ground slid to where the cell's own print is. Ink
 * on paper is left as it is, ink across print keeps what it adds to the print, and a cell of print only comes out
 * as paper.
 */
export function withoutPrint(cell: GrayImage, print: ColumnPrint): GrayImage {
  const half = halved(cell);
  const { ground, printLevel } = print;
  if (half.width !== ground.width || half.height !== ground.height) return half;
  const { width, height, data } = half;
  const shift = shiftOnto(half, print);
  const out = grayImage(width, height);
  for (let y = 0; y < height; y += 1) {
    const gy = Math.min(height - 1, Math.max(0, y - shift.dy));
    for (let x = 0; x < width; x += 1) {
      const gx = Math.min(width - 1, Math.max(0, x - shift.dx));
      const under = ground.data[gy * width + gx], value = data[y * width + x];
      if (print.nearPrint[gy * width + gx] && value > FAINT_NEAR_PRINT) out.data[y * width + x] = 255;
      else out.data[y * width + x] = under < printLevel ? Math.min(255, value + 255 - under) : value;
    }
  }
  return out;
}

/** Half the size, each pixel the darkest of the four it stands for (a thin stroke keeps its darkness). */
function halved(image: GrayImage): GrayImage {
  const width = image.width >> 1, height = image.height >> 1;
  const out = grayImage(width, height);
  const source = image.data, stride = image.width;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = 2 * y * stride + 2 * x;
      out.data[y * width + x] = Math.min(source[at], source[at + 1], source[at + stride], source[at + stride + 1]);
    }
  }
  return out;
}

/** Per pixel, the level that `share` of the cells (each slid back by its shift) are at least as dark as. */
function levelOf(cells: readonly GrayImage[], share: number, shifts: readonly PrintShift[]): GrayImage {
  const { width, height } = cells[0];
  const level = grayImage(width, height);
  const values = new Uint8Array(cells.length);
  const rank = Math.floor(share * (cells.length - 1));
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      // An insertion sort: a column has tens of cells, far too few for a library sort's call to pay.
      for (let c = 0; c < cells.length; c += 1) {
        const sx = Math.min(width - 1, Math.max(0, x + shifts[c].dx)), sy = Math.min(height - 1, Math.max(0, y + shifts[c].dy));
        const value = cells[c].data[sy * width + sx];
        let k = c;
        for (; k > 0 && values[k - 1] > value; k -= 1) values[k] = values[k - 1];
        values[k] = value;
      }
      level.data[y * width + x] = values[rank];
    }
  }
  return level;
}

/**
 * The shift that lays the ground's print over the cell's, found across and down apart: the darkness of each column
 * (and each row) of the cell matched against the ground's. Print is long lines, so it dominates both profiles.
 */
function shiftOnto(cell: GrayImage, print: ColumnPrint): PrintShift {
  return { dx: bestOffset(centred(profile(cell, 'columns')), print.columns), dy: bestOffset(centred(profile(cell, 'rows')), print.rows) };
}

/** Departures from the mean: a darker cell overall says nothing about where its print lies. */
function centred(values: Float64Array): Float64Array {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return values.map((value) => value - mean);
}

/** Total darkness of each column or each row. */
function profile(image: GrayImage, along: 'columns' | 'rows'): Float64Array {
  const { width, height, data } = image;
  const sums = new Float64Array(along === 'columns' ? width : height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) sums[along === 'columns' ? x : y] += 255 - data[y * width + x];
  }
  return sums;
}

/** The offset (within `MAX_SHIFT`) at which centred profile `cell[i + offset]` best matches `ground[i]`; ties go to the smaller offset. */
function bestOffset(cell: Float64Array, ground: Float64Array): number {
  let best = 0, bestScore = -Infinity;
  for (const offset of [0, ...Array.from({ length: MAX_SHIFT }, (_, k) => [k + 1, -(k + 1)]).flat()]) {
    let score = 0;
    for (let i = 0; i < ground.length; i += 1) {
      const j = i + offset;
      if (j >= 0 && j < cell.length) score += ground[i] * cell[j];
    }
    if (score > bestScore) {
      best = offset;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The grey level below which the ground is print: well under its paper, by the paper's spread. Paper is a light
 * level (`PAPER_SHARE` of the ground is darker): small boxed cells can be half print.
 */
function printLevelOf(ground: GrayImage): number {
  const values = ground.data.slice().sort();
  const at = (share: number): number => values[Math.min(values.length - 1, Math.floor(share * values.length))];
  const spread = at(0.9) - at(0.7);
  return at(PAPER_SHARE) - Math.max(PRINT_BELOW_PAPER, PRINT_SPREADS * spread);
}

/** Each pixel the darkest within `reach` pixels (a square), so print a pixel off still lies under the ground. */
function darkestNear(image: GrayImage, reach: number): GrayImage {
  const { width, height, data } = image;
  const rows = grayImage(width, height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let least = 255;
      for (let k = Math.max(0, x - reach); k <= Math.min(width - 1, x + reach); k += 1) least = Math.min(least, data[y * width + k]);
      rows.data[y * width + x] = least;
    }
  }
  const out = grayImage(width, height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let least = 255;
      for (let k = Math.max(0, y - reach); k <= Math.min(height - 1, y + reach); k += 1) least = Math.min(least, rows.data[k * width + x]);
      out.data[y * width + x] = least;
    }
  }
  return out;
}
