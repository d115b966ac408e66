/**
 * A cell's ink measured against the paper around it rather than against the
 * cell's whitest paper. A shadow across a cell (a hand over a phone) is dark
 * but slow; a stroke is dark and thin. Judging darkness locally tells the two
 * apart, and judging it on a smoothed copy keeps a phone photo's grain from
 * passing for the darkest strokes. Judged otherwise, faint writing in a grainy
 * photo passes for an empty cell (its darkest strokes are grain), which cuts
 * games short and leaves cells unread.
 */
import { type GrayImage, grayImage } from './raster.js';

/** Box-blur radius (pixels at 288 dpi) that averages a phone photo's grain but keeps a stroke's darkness. */
const SMOOTH_RADIUS = 2;
/**
 * The paper is the brightest level within about this many pixels (2.5 mm at
 * 288 dpi): wider than any pen stroke, narrower than a shadow's edge.
 */
const PAPER_BLOCK = 8;
const PAPER_REACH_BLOCKS = 1;

export interface FlattenedCell {
  /** Each pixel's darkness below its local paper, as a grey level (255 = paper): what is read. */
  readonly flat: GrayImage;
  /**
   * The same from a copy smoothed enough that a phone photo's grain averages
   * out but a stroke keeps its darkness: for deciding what is ink, not for reading.
   */
  readonly smoothFlat: GrayImage;
}

/** Pixels a stroke's smoothing reaches beyond the stroke. */
export const SMOOTHING_REACH = SMOOTH_RADIUS;

export function flattenPaper(image: GrayImage): FlattenedCell {
  const smooth = boxBlur(image, SMOOTH_RADIUS);
  return belowLocalPaper(image, smooth);
}

/**
 * Each pixel's level below the paper's, of the image and of its smoothed copy, in one pass. The paper's level at a
 * pixel: the brightest of each 8×8 block of the smoothed copy, the brightest block within one block around, then
 * blurred over the blocks and spread back to pixels bilinearly (cheap: a cell is 1/64 as many blocks), never below
 * the smoothed pixel itself, and kept to single precision.
 */
function belowLocalPaper(image: GrayImage, smooth: GrayImage): FlattenedCell {
  const { width, height, data } = smooth;
  const columns = Math.ceil(width / PAPER_BLOCK), rows = Math.ceil(height / PAPER_BLOCK);
  const blocks = new Float32Array(columns * rows);
  const blockColumn = new Int32Array(width);
  for (let x = 0; x < width; x += 1) blockColumn[x] = (x / PAPER_BLOCK) | 0;
  for (let y = 0; y < height; y += 1) {
    const row = ((y / PAPER_BLOCK) | 0) * columns;
    for (let x = 0, i = y * width; x < width; x += 1, i += 1) {
      const index = row + blockColumn[x], value = data[i];
      if (value > blocks[index]) blocks[index] = value;
    }
  }
  const reached = blockMax(blocks, columns, rows, PAPER_REACH_BLOCKS);
  const paper = blockMean(reached, columns, rows, PAPER_REACH_BLOCKS);
  // Bilinear weights along x, the same for every row.
  const left = new Int32Array(width), right = new Int32Array(width), share = new Float32Array(width);
  for (let x = 0; x < width; x += 1) {
    const bx = Math.min(columns - 1, Math.max(0, (x + 0.5) / PAPER_BLOCK - 0.5));
    left[x] = Math.floor(bx);
    right[x] = Math.min(columns - 1, left[x] + 1);
    share[x] = bx - left[x];
  }
  const flat = grayImage(width, height), smoothFlat = grayImage(width, height);
  const source = image.data, flatData = flat.data, smoothData = smoothFlat.data;
  // The paper interpolated along x on the two block rows a pixel row lies between: the same for every pixel row
  // between them, so worked out once per pair.
  const upperRow = new Float64Array(width), lowerRow = new Float64Array(width);
  let rowsAt = -1;
  for (let y = 0; y < height; y += 1) {
    const by = Math.min(rows - 1, Math.max(0, (y + 0.5) / PAPER_BLOCK - 0.5));
    const y0 = Math.floor(by), fy = by - y0;
    if (y0 !== rowsAt) {
      rowsAt = y0;
      const top = y0 * columns, bottom = Math.min(rows - 1, y0 + 1) * columns;
      for (let x = 0; x < width; x += 1) {
        const fx = share[x];
        upperRow[x] = paper[top + left[x]] * (1 - fx) + paper[top + right[x]] * fx;
        lowerRow[x] = paper[bottom + left[x]] * (1 - fx) + paper[bottom + right[x]] * fx;
      }
    }
    for (let x = 0, i = y * width; x < width; x += 1, i += 1) {
      // Never below the (smoothed) pixel itself: where the paper estimate dips, the pixel is paper.
      const level = upperRow[x] * (1 - fy) + lowerRow[x] * fy;
      const pixel = data[i];
      const paperLevel = Math.fround(pixel > level ? pixel : level);
      // Uint8Array wraps rather than clamps; the paper is never below a smoothed pixel, but a raw one can be.
      const below = 255.5 - paperLevel + source[i];
      flatData[i] = below >= 255 ? 255 : below;
      const smoothBelow = 255.5 - paperLevel + pixel;
      smoothData[i] = smoothBelow >= 255 ? 255 : smoothBelow;
    }
  }
  return { flat, smoothFlat };
}

function blockMax(values: Float32Array, columns: number, rows: number, reach: number): Float32Array {
  const out = new Float32Array(values.length);
  for (let y = 0; y < rows; y += 1) {
    for (let x = 0; x < columns; x += 1) {
      let best = 0;
      for (let dy = Math.max(0, y - reach); dy <= Math.min(rows - 1, y + reach); dy += 1) {
        for (let dx = Math.max(0, x - reach); dx <= Math.min(columns - 1, x + reach); dx += 1) best = Math.max(best, values[dy * columns + dx]);
      }
      out[y * columns + x] = best;
    }
  }
  return out;
}

function blockMean(values: Float32Array, columns: number, rows: number, reach: number): Float32Array {
  const out = new Float32Array(values.length);
  for (let y = 0; y < rows; y += 1) {
    for (let x = 0; x < columns; x += 1) {
      let sum = 0, count = 0;
      for (let dy = Math.max(0, y - reach); dy <= Math.min(rows - 1, y + reach); dy += 1) {
        for (let dx = Math.max(0, x - reach); dx <= Math.min(columns - 1, x + reach); dx += 1) {
          sum += values[dy * columns + dx];
          count += 1;
        }
      }
      out[y * columns + x] = sum / count;
    }
  }
  return out;
}

/**
 * Separable box blur, the window clipped at the edges. Running sums, row by
 * row both ways (the vertical pass keeps one sum per column), so the cost
 * neither grows with the radius nor strides across memory; the rows blurred
 * across are kept only while the vertical window holds them.
 */
function boxBlur(image: GrayImage, radius: number): GrayImage {
  const { width, height, data } = image;
  if (width <= 2 * radius || height <= 2 * radius) return image;
  // Rows entering the window reach `radius` ahead, leaving ones `radius + 1` behind.
  const kept = 2 * radius + 2;
  const across = new Float32Array(width * kept);
  const acrossRow = (y: number): number => (y % kept) * width;
  const columns = new Float32Array(width);
  for (let k = 0; k < radius; k += 1) {
    blurAcross(data, k * width, width, radius, across, acrossRow(k));
    for (let x = 0, a = acrossRow(k); x < width; x += 1) columns[x] += across[a + x];
  }
  const out = grayImage(width, height);
  const target = out.data;
  for (let y = 0; y < height; y += 1) {
    const enter = y + radius, leave = y - radius - 1;
    const e = acrossRow(enter), l = acrossRow(leave);
    if (enter < height) blurAcross(data, enter * width, width, radius, across, e);
    const scale = 1 / (Math.min(y + radius, height - 1) - Math.max(y - radius, 0) + 1);
    // The row entering added and the row leaving taken away in single precision, as the column sums are kept.
    const row = y * width;
    if (enter < height && leave >= 0) {
      for (let x = 0; x < width; x += 1) {
        const sum = Math.fround(Math.fround(columns[x] + across[e + x]) - across[l + x]);
        columns[x] = sum;
        target[row + x] = sum * scale + 0.5;
      }
    } else {
      for (let x = 0; x < width; x += 1) {
        let sum = columns[x];
        if (enter < height) sum = Math.fround(sum + across[e + x]);
        if (leave >= 0) sum = Math.fround(sum - across[l + x]);
        columns[x] = sum;
        target[row + x] = sum * scale + 0.5;
      }
    }
  }
  return out;
}

/** One row's mean across its window: the window grows at the left edge, slides in the middle, shrinks at the right edge. */
function blurAcross(data: Uint8Array, row: number, width: number, radius: number, out: Float32Array, at: number): void {
  const span = 2 * radius + 1;
  let sum = 0;
  for (let k = 0; k < radius; k += 1) sum += data[row + k];
  for (let x = 0; x <= radius; x += 1) {
    sum += data[row + x + radius];
    out[at + x] = sum / (x + radius + 1);
  }
  for (let x = radius + 1; x < width - radius; x += 1) {
    sum += data[row + x + radius] - data[row + x - radius - 1];
    out[at + x] = sum / span;
  }
  for (let x = Math.max(radius + 1, width - radius); x < width; x += 1) {
    sum -= data[row + x - radius - 1];
    out[at + x] = sum / (width - x + radius);
  }
}
