/**
 * Finds a ruled move grid on a page image by its lines, and fits the
 * perspective map from the grid's unit box (see template-geometry.ts) to
 * image pixels.
 *
 * 1. Work on a copy of at most ~1400 px; binarise against the local mean.
 * 2. Keep ink in long horizontal (vertical) runs: ruling, not handwriting.
 * 3. Estimate each family's angle by maximising the sharpness of its
 *    projection profile (a few degrees either way); peaks are line candidates.
 * 4. Match the candidates to the expected line positions (a 1-D scale and
 *    offset, anchored on candidate pairs), keeping only lines that span the
 *    grid; try the upside-down grid too.
 * 5. Trace every matched line on the full image (sub-pixel darkness centroid
 *    between crossings), fit it as a straight line, intersect the families and
 *    fit a homography to all crossings by least squares.
 */
import { Homography, type PointPair } from './homography.js';
import type { GrayImage } from './raster.js';
import type { GridLines } from './template-geometry.js';

export interface FoundGrid {
  /** Unit box (0..1 × 0..1, top-left origin) to image pixels. */
  readonly map: Homography;
  /** Crossings used for the fit: unit-box point and its image pixel. */
  readonly pairs: readonly PointPair[];
  /** RMS distance of the crossings from the fitted map, pixels. */
  readonly residual: number;
  readonly matchedColumns: number;
  readonly matchedRows: number;
  /** The grid was found rotated by 180°. */
  readonly upsideDown: boolean;
}

export interface GridSearchFailure {
  readonly reason: string;
}

export interface FindGridOptions {
  /** Where the grid is expected, as fractions of the image (ties between candidate grids go to the nearest). */
  readonly expected?: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
  /** Also try the grid turned by 180° (default true). */
  readonly upsideDown?: boolean;
}

const WORK_SIZE = 1400;
const MAX_ANGLE_DEGREES = 10;
/** How much line slopes may change from the centre to the edge of the image (perspective). */
const MAX_CONVERGENCE = 0.12;

export interface Candidate {
  /** Position across the family at the image centre, working pixels. */
  readonly offset: number;
  /** Extent along the family, working pixels. */
  readonly from: number;
  readonly to: number;
  /** Share of the extent actually inked (a ruled line ≈ 1; a stack of digits far less). */
  readonly fill: number;
}

export interface Family {
  /**
   * Line directions, as tan of the angle: horizontals y = offset + (x - cx)·slope,
   * verticals x = offset + (y - cy)·slope, where a line's slope changes across
   * the family (perspective): slope = tilt + convergence·(offset - centre)/centre.
   */
  readonly tilt: number;
  readonly convergence: number;
  /** Half the image's size across the family (working pixels). */
  readonly centre: number;
  readonly candidates: readonly Candidate[];
}

const slopeAt = (family: Family, offset: number): number => family.tilt + family.convergence * (offset - family.centre) / family.centre;

interface LineMatch {
  /** Model line index -> candidate offset. */
  readonly matched: ReadonlyMap<number, number>;
  /** p ≈ start + scale·t. */
  readonly start: number;
  readonly scale: number;
  readonly score: number;
}

/** The long straight lines of a page, found once and matched against any number of grid models. */
export interface RulingLines {
  /** The working copy is the image shrunk by this factor. */
  readonly factor: number;
  readonly work: GrayImage;
  readonly horizontal: Family;
  readonly vertical: Family;
}

export function findRulingLines(image: GrayImage): RulingLines {
  const factor = Math.max(1, Math.ceil(Math.max(image.width, image.height) / WORK_SIZE));
  const work = factor > 1 ? shrink(image, factor) : image;
  const horizontal = family(runMask(ridges(work, true), work.width, work.height, true, work.width), work.width, work.height, true);
  const vertical = family(runMask(ridges(work, false), work.width, work.height, false, work.width), work.width, work.height, false);
  return { factor, work, horizontal, vertical };
}

export function findGrid(image: GrayImage, lines: GridLines, options: FindGridOptions = {}, ruling = findRulingLines(image)): FoundGrid | GridSearchFailure {
  if (lines.columns.length < 2 || lines.rows.length < 2) return { reason: 'the template has no grid lines' };
  const { factor, work, horizontal, vertical } = ruling;

  const attempts = options.upsideDown === false ? [false] : [false, true];
  let best: { found: FoundGrid; score: number } | GridSearchFailure = { reason: 'no ruling lines found' };
  for (const flipped of attempts) {
    const model = flipped
      ? { columns: lines.columns.map((u) => 1 - u).reverse(), rows: lines.rows.map((v) => 1 - v).reverse() }
      : lines;
    const attempt = matchGrid(model, horizontal, vertical, work, options);
    if ('reason' in attempt) {
      if ('reason' in best) best = attempt;
      continue;
    }
    const found = trace(image, factor, work, model, flipped, attempt, horizontal, vertical);
    if ('reason' in found) {
      if ('reason' in best) best = found;
      continue;
    }
    if ('reason' in best || attempt.score > best.score) best = { found, score: attempt.score };
  }
  return 'reason' in best ? best : best.found;
}

/** Box-average shrink by an integer factor. */
function shrink(image: GrayImage, factor: number): GrayImage {
  const width = Math.floor(image.width / factor), height = Math.floor(image.height / factor);
  const data = new Uint8Array(width * height);
  const area = factor * factor;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let sum = 0;
      for (let dy = 0; dy < factor; dy += 1) {
        const row = (y * factor + dy) * image.width + x * factor;
        for (let dx = 0; dx < factor; dx += 1) sum += image.data[row + dx];
      }
      data[y * width + x] = sum / area;
    }
  }
  return { width, height, data };
}

/**
 * Thin dark lines running along x (or y): the image is first averaged along
 * that direction (noise and JPEG blocks fade, a line does not), then a pixel
 * counts when it is darker than both its neighbours a few pixels across.
 * Local by design: uneven light and grey paper do not matter, and a blurred
 * line of low contrast still stands out.
 */
function ridges(image: GrayImage, alongX: boolean): Uint8Array {
  const { width, height, data } = image;
  const reach = 4, across = 4, minimumContrast = 14;
  const smooth = new Float32Array(width * height);
  const [length, lanes] = alongX ? [width, height] : [height, width];
  // Index of (lane, i) = lane·laneStep + i·step.
  const [laneStep, step] = alongX ? [width, 1] : [1, width];
  for (let lane = 0; lane < lanes; lane += 1) {
    let sum = 0, count = 0;
    const base = lane * laneStep;
    for (let i = -reach; i < length; i += 1) {
      const enter = i + reach, leave = i - reach - 1;
      if (enter < length) { sum += data[base + enter * step]; count += 1; }
      if (leave >= 0) { sum -= data[base + leave * step]; count -= 1; }
      if (i >= 0) smooth[base + i * step] = sum / count;
    }
  }
  const out = new Uint8Array(width * height);
  const offset = across * laneStep;
  for (let lane = across; lane < lanes - across; lane += 1) {
    for (let i = 0, index = lane * laneStep; i < length; i += 1, index += step) {
      const side = Math.min(smooth[index - offset], smooth[index + offset]);
      if (side - smooth[index] >= minimumContrast) out[index] = 1;
    }
  }
  return out;
}

/** Ink pixels in runs (along x, or along y) of at least a minimum length, a one-pixel gap bridged. */
function runMask(ink: Uint8Array, width: number, height: number, alongX: boolean, scaleWidth: number): Uint8Array {
  const minRun = Math.max(6, Math.round(scaleWidth / 160));
  const out = new Uint8Array(ink.length);
  const length = alongX ? width : height, lanes = alongX ? height : width;
  const index = alongX ? (lane: number, i: number) => lane * width + i : (lane: number, i: number) => i * width + lane;
  for (let lane = 0; lane < lanes; lane += 1) {
    let start = -1, last = -1;
    for (let i = 0; i <= length; i += 1) {
      const on = i < length && ink[index(lane, i)] === 1;
      if (on) {
        if (start < 0 || i - last > 2) {
          if (start >= 0 && last - start + 1 >= minRun) for (let k = start; k <= last; k += 1) out[index(lane, k)] = 1;
          start = i;
        }
        last = i;
      } else if (i === length && start >= 0 && last - start + 1 >= minRun) {
        for (let k = start; k <= last; k += 1) out[index(lane, k)] = 1;
      }
    }
  }
  return out;
}

/** The family's angles and its line candidates. */
function family(mask: Uint8Array, width: number, height: number, horizontal: boolean): Family {
  // Mask pixels as (along, across) coordinates, along relative to the image centre.
  let count = 0;
  for (let i = 0; i < mask.length; i += 1) count += mask[i];
  const along = new Float32Array(count), across = new Float32Array(count);
  const cx = width / 2, cy = height / 2;
  for (let y = 0, k = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (mask[y * width + x] === 0) continue;
      along[k] = horizontal ? x - cx : y - cy;
      across[k] = horizontal ? y : x;
      k += 1;
    }
  }
  const span = horizontal ? height : width;
  const centre = span / 2;
  // The angle search looks at a sample of the pixels: as sharp, much faster.
  const sample = (stride: number) => {
    const size = Math.ceil(count / stride);
    const a = new Float32Array(size), b = new Float32Array(size);
    for (let i = 0, k = 0; i < count; i += stride, k += 1) { a[k] = along[i]; b[k] = across[i]; }
    return [a, b] as const;
  };
  const coarse = sample(Math.max(1, Math.floor(count / 20000)));
  const fine = sample(Math.max(1, Math.floor(count / 80000)));
  const sharpness = (points: readonly [Float32Array, Float32Array], tilt: number, convergence: number): number => {
    const profile = project(points[0], points[1], tilt, convergence / centre, centre, span);
    let sum = 0;
    for (const value of profile) sum += value * value;
    return sum;
  };
  const maxSlope = Math.tan((MAX_ANGLE_DEGREES * Math.PI) / 180);
  let tilt = 0, convergence = 0, best = -1;
  const consider = (points: readonly [Float32Array, Float32Array], t: number, c: number) => {
    const value = sharpness(points, t, c);
    if (value > best) { best = value; tilt = t; convergence = c; }
  };
  for (let t = -maxSlope; t <= maxSlope + 1e-9; t += 0.004) consider(coarse, t, 0);
  // Perspective: lines fan out; search how much, around the best tilt.
  const coarseTilt = tilt;
  for (let c = -MAX_CONVERGENCE; c <= MAX_CONVERGENCE + 1e-9; c += 0.01) {
    for (let t = coarseTilt - 0.012; t <= coarseTilt + 0.012 + 1e-9; t += 0.004) consider(coarse, t, c);
  }
  const [t0, c0] = [tilt, convergence];
  best = -1;
  for (let c = c0 - 0.0075; c <= c0 + 0.0075 + 1e-9; c += 0.0025) {
    for (let t = t0 - 0.003; t <= t0 + 0.003 + 1e-9; t += 0.0005) consider(fine, t, c);
  }
  const profile = project(along, across, tilt, convergence / centre, centre, span);
  const smooth = new Float64Array(profile.length);
  for (let i = 1; i + 1 < profile.length; i += 1) smooth[i] = (profile[i - 1] + 2 * profile[i] + profile[i + 1]) / 4;
  const length = horizontal ? width : height;
  const peaks: number[] = [];
  const minimum = length * 0.08;
  for (let i = 2; i + 2 < smooth.length; i += 1) {
    if (smooth[i] < minimum) continue;
    let isPeak = true;
    for (let k = -3; k <= 3 && isPeak; k += 1) {
      const j = i + k;
      if (k !== 0 && j >= 0 && j < smooth.length && (smooth[j] > smooth[i] || (smooth[j] === smooth[i] && k < 0))) isPeak = false;
    }
    if (isPeak) peaks.push(i);
  }
  // Extent of each candidate: the longest stretch of its pixels with small gaps.
  const binSize = 6, fineBinSize = 2;
  const bins = Math.ceil(length / binSize) + 1;
  const occupied = peaks.map(() => new Uint8Array(bins));
  const fineBins = Math.ceil(length / fineBinSize) + 1;
  const occupiedFine = peaks.map(() => new Uint8Array(fineBins));
  const owner = new Int32Array(span + 2).fill(-1);
  peaks.forEach((peak, index) => { for (let k = -2; k <= 2; k += 1) if (peak + k >= 0 && peak + k < owner.length) owner[peak + k] = index; });
  const half = length / 2;
  for (let i = 0; i < along.length; i += 1) {
    const bin = Math.round(across[i] - along[i] * (tilt + (convergence * (across[i] - centre)) / centre));
    if (bin < 0 || bin >= owner.length || owner[bin] < 0) continue;
    occupied[owner[bin]][Math.floor((along[i] + half) / binSize)] = 1;
    occupiedFine[owner[bin]][Math.floor((along[i] + half) / fineBinSize)] = 1;
  }
  const maxGap = Math.max(3, Math.round(length * 0.02 / binSize));
  const candidates: Candidate[] = [];
  peaks.forEach((peak, index) => {
    let bestFrom = 0, bestTo = -1, from = -1, last = -1;
    const bits = occupied[index];
    for (let b = 0; b <= bins; b += 1) {
      const on = b < bins && bits[b] === 1;
      if (on) {
        if (from < 0 || b - last > maxGap) from = b;
        last = b;
        if (last - from > bestTo - bestFrom) { bestFrom = from; bestTo = last; }
      }
    }
    if (bestTo < bestFrom) return;
    const extentFrom = bestFrom * binSize - half, extentTo = (bestTo + 1) * binSize - half;
    if (extentTo - extentFrom < length * 0.1) return;
    let inked = 0;
    const fine = occupiedFine[index];
    const fineFrom = Math.floor((bestFrom * binSize) / fineBinSize), fineTo = Math.min(fineBins - 1, Math.floor(((bestTo + 1) * binSize) / fineBinSize) - 1);
    for (let b = fineFrom; b <= fineTo; b += 1) inked += fine[b];
    candidates.push({ offset: centroid(smooth, peak), from: extentFrom, to: extentTo, fill: inked / Math.max(1, fineTo - fineFrom + 1) });
  });
  return { tilt, convergence, centre, candidates };
}

/** Histogram of pixels by where their line crosses the image's centre line. */
function project(along: Float32Array, across: Float32Array, tilt: number, convergencePerPixel: number, centre: number, span: number): Float64Array {
  const profile = new Float64Array(span + 2);
  for (let i = 0; i < along.length; i += 1) {
    const bin = Math.round(across[i] - along[i] * (tilt + convergencePerPixel * (across[i] - centre)));
    if (bin >= 0 && bin < profile.length) profile[bin] += 1;
  }
  return profile;
}

function centroid(profile: Float64Array, peak: number): number {
  let sum = 0, weighted = 0;
  for (let k = -2; k <= 2; k += 1) {
    const value = profile[peak + k] ?? 0;
    sum += value;
    weighted += value * (peak + k);
  }
  return sum > 0 ? weighted / sum : peak;
}

/**
 * Best 1-D fit of sorted model positions t (0..1) to candidate positions:
 * anchors two model lines near the ends on every candidate pair, counts the
 * model lines that land on a candidate, then refines as a 1-D perspective map
 * p = (a + b·t) / (1 + c·t) by least squares (rows get closer towards the far
 * edge of a photographed sheet).
 */
function matchLines(model: readonly number[], positions: readonly number[], minScale: number, maxScale: number, prefer?: (start: number, scale: number) => number): LineMatch | undefined {
  if (positions.length < 2) return undefined;
  const sorted = [...positions].sort((a, b) => a - b);
  const minGap = minimumGap(model);
  const nearest = (value: number): number => {
    let low = 0, high = sorted.length - 1;
    while (high - low > 1) {
      const mid = (low + high) >> 1;
      if (sorted[mid] < value) low = mid; else high = mid;
    }
    return Math.abs(sorted[low] - value) <= Math.abs(sorted[high] - value) ? sorted[low] : sorted[high];
  };
  const evaluate = (predict: (t: number) => number): LineMatch => {
    const start = predict(0), scale = predict(1) - start;
    const matched = new Map<number, number>();
    let error = 0;
    model.forEach((t, index) => {
      const predicted = predict(t);
      const tolerance = Math.abs(predict(t + minGap) - predicted) * 0.3;
      const found = nearest(predicted);
      if (Math.abs(found - predicted) <= tolerance) {
        matched.set(index, found);
        error += Math.abs(found - predicted) / tolerance;
      }
    });
    const score = matched.size - 0.3 * (error / Math.max(1, matched.size)) + (prefer ? prefer(start, scale) : 0);
    return { matched, start, scale, score };
  };
  const ends = Math.min(3, model.length - 1);
  let best: LineMatch | undefined;
  for (let a = 0; a < ends; a += 1) {
    for (let b = model.length - 1; b >= model.length - ends && b > a; b -= 1) {
      const dt = model[b] - model[a];
      for (let i = 0; i < sorted.length; i += 1) {
        for (let j = i + 1; j < sorted.length; j += 1) {
          const scale = (sorted[j] - sorted[i]) / dt;
          if (scale < minScale) continue;
          if (scale > maxScale) break;
          const start = sorted[i] - scale * model[a];
          const candidate = evaluate((t) => start + scale * t);
          if (!best || candidate.score > best.score) best = candidate;
        }
      }
    }
  }
  for (let round = 0; round < 3 && best && best.matched.size >= 4; round += 1) {
    const predict = fitPerspective1d([...best.matched].map(([index, p]) => [model[index], p]));
    if (!predict) break;
    const refined = evaluate(predict);
    if (refined.matched.size < best.matched.size) break;
    best = refined;
  }
  return best;
}

/** Least-squares p = (a + b·t) / (1 + c·t), linearised as p = a + b·t − c·t·p. */
function fitPerspective1d(pairs: ReadonlyArray<readonly [number, number]>): ((t: number) => number) | undefined {
  const m = [new Float64Array(3), new Float64Array(3), new Float64Array(3)];
  const v = new Float64Array(3);
  for (const [t, p] of pairs) {
    const row = [1, t, -t * p];
    for (let i = 0; i < 3; i += 1) {
      v[i] += row[i] * p;
      for (let j = 0; j < 3; j += 1) m[i][j] += row[i] * row[j];
    }
  }
  const solution = solve3(m, v);
  if (!solution) return undefined;
  const [a, b, c] = solution;
  if (Math.abs(c) > 0.5) return undefined;
  return (t) => (a + b * t) / (1 + c * t);
}

function solve3(m: Float64Array[], v: Float64Array): [number, number, number] | undefined {
  const det = (q: number[][]) => q[0][0] * (q[1][1] * q[2][2] - q[1][2] * q[2][1]) - q[0][1] * (q[1][0] * q[2][2] - q[1][2] * q[2][0]) + q[0][2] * (q[1][0] * q[2][1] - q[1][1] * q[2][0]);
  const base = m.map((row) => [...row]);
  const d = det(base);
  if (Math.abs(d) < 1e-12) return undefined;
  const column = (k: number) => det(base.map((row, i) => row.map((value, j) => (j === k ? v[i] : value))));
  return [column(0) / d, column(1) / d, column(2) / d];
}

interface GridMatch {
  readonly columns: LineMatch;
  readonly rows: LineMatch;
  readonly score: number;
}

function matchGrid(model: GridLines, horizontal: Family, vertical: Family, work: GrayImage, options: FindGridOptions): GridMatch | GridSearchFailure {
  const { width, height } = work;
  const cx = width / 2, cy = height / 2;
  const need = (count: number) => Math.max(3, Math.ceil(count * 0.6));
  // Along-coordinates of candidates are relative to the image centre.
  const spanning = (candidates: readonly Candidate[], from: number, to: number): number[] =>
    candidates.filter((c) => Math.min(c.to, to) - Math.max(c.from, from) >= 0.6 * (to - from)).map((c) => c.offset);
  const nearExpected = (axis: 'x' | 'y') => (start: number, scale: number): number => {
    const expected = options.expected;
    if (!expected) return 0;
    const [size, place, extent] = axis === 'x' ? [width, expected.x, expected.width] : [height, expected.y, expected.height];
    const miss = Math.abs(start - place * size) + Math.abs(start + scale - (place + extent) * size);
    return -0.5 * miss / size;
  };
  let columns = matchLines(model.columns, vertical.candidates.filter((c) => c.to - c.from >= height * 0.15).map((c) => c.offset), width * 0.1, width * 1.05, nearExpected('x'));
  if (!columns || columns.matched.size < need(model.columns.length)) return { reason: `found ${columns?.matched.size ?? 0} of the grid's ${model.columns.length} vertical lines` };
  let rows: LineMatch | undefined;
  for (let round = 0; round < 2; round += 1) {
    const left = columns.start - cx, right = columns.start + columns.scale - cx;
    // The grid's top and bottom edges are where its vertical lines end.
    const [top0, bottom0] = matchedExtent(vertical.candidates, columns);
    const rowPreference = (start: number, scale: number): number =>
      nearExpected('y')(start, scale) + endsAgree(start - cy, start + scale - cy, top0, bottom0, scale * minimumGap(model.rows));
    rows = matchLines(model.rows, spanning(horizontal.candidates, left, right), height * 0.05, height * 1.05, rowPreference);
    if (!rows || rows.matched.size < need(model.rows.length)) return { reason: `found ${rows?.matched.size ?? 0} of the grid's ${model.rows.length} horizontal lines` };
    const top = rows.start - cy, bottom = rows.start + rows.scale - cy;
    const [left0, right0] = matchedExtent(horizontal.candidates, rows);
    const columnPreference = (start: number, scale: number): number =>
      nearExpected('x')(start, scale) + endsAgree(start - cx, start + scale - cx, left0, right0, scale * minimumGap(model.columns));
    const again = matchLines(model.columns, spanning(vertical.candidates, top, bottom), width * 0.1, width * 1.05, columnPreference);
    if (!again || again.matched.size < need(model.columns.length)) return { reason: `found ${again?.matched.size ?? 0} of the grid's ${model.columns.length} vertical lines spanning the grid` };
    columns = again;
  }
  const score = columns.matched.size / model.columns.length + rows!.matched.size / model.rows.length;
  return { columns, rows: rows!, score };
}

/** Median extent (along the family) of the matched candidates. */
function matchedExtent(candidates: readonly Candidate[], match: LineMatch): [number, number] {
  const offsets = new Set(match.matched.values());
  const chosen = candidates.filter((c) => offsets.has(c.offset));
  const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1] ?? 0;
  return [median(chosen.map((c) => c.from)), median(chosen.map((c) => c.to))];
}

/** Up to one line's worth of score for a grid whose edges agree with where the crossing lines end. */
function endsAgree(from: number, to: number, expectedFrom: number, expectedTo: number, spacing: number): number {
  const miss = (Math.abs(from - expectedFrom) + Math.abs(to - expectedTo)) / Math.max(1, spacing);
  return -Math.min(1, miss / 4);
}

interface FittedLine {
  /** Horizontal: y = a + b·x; vertical: x = a + b·y (full-image pixels). */
  readonly a: number;
  readonly b: number;
}

function trace(
  image: GrayImage, factor: number, work: GrayImage, model: GridLines, flipped: boolean, match: GridMatch,
  horizontal: Family, vertical: Family,
): FoundGrid | GridSearchFailure {
  const cx = (work.width / 2) * factor, cy = (work.height / 2) * factor;
  // Rough lines in full-image pixels.
  const rough = (matched: ReadonlyMap<number, number>, lines: Family, centre: number) => [...matched.entries()].map(([index, offset]) => {
    const slope = slopeAt(lines, offset);
    return { index, line: { a: (offset + 0.5) * factor - 0.5 - centre * slope, b: slope } };
  });
  const roughRows = rough(match.rows.matched, horizontal, cx);
  const roughColumns = rough(match.columns.matched, vertical, cy);
  const rowSpacing = match.rows.scale * factor * minimumGap(model.rows);
  const columnSpacing = match.columns.scale * factor * minimumGap(model.columns);
  // Sample each line between the crossing lines of the other family, away from the crossings.
  const columnXs = roughColumns.map(({ line }) => line.a + line.b * cy).sort((a, b) => a - b);
  const rowYs = roughRows.map(({ line }) => line.a + line.b * cx).sort((a, b) => a - b);
  const fittedRows = roughRows.map(({ index, line }) => ({ index, line: refineLine(image, line, true, midpoints(columnXs), rowSpacing * 0.3, columnSpacing * 0.2) }));
  const fittedColumns = roughColumns.map(({ index, line }) => ({ index, line: refineLine(image, line, false, midpoints(rowYs), columnSpacing * 0.3, rowSpacing * 0.3) }));
  const pairs: PointPair[] = [];
  for (const row of fittedRows) {
    if (!row.line) continue;
    for (const column of fittedColumns) {
      if (!column.line) continue;
      const point = intersect(row.line, column.line);
      if (!point) continue;
      // Pixel indices to image coordinates (a pixel's centre is at +0.5, as sampleRect reads them).
      pairs.push({ sheet: [model.columns[column.index], model.rows[row.index]], image: [point[0] + 0.5, point[1] + 0.5] });
    }
  }
  let map = Homography.fit(pairs);
  if (!map) return { reason: 'the grid lines do not cross' };
  // One round of outlier removal: a badly traced line must not bend the whole map.
  const distances = pairs.map(({ sheet, image: point }) => {
    const [x, y] = map!.toImage(sheet[0], sheet[1]);
    return Math.hypot(x - point[0], y - point[1]);
  });
  const median = [...distances].sort((a, b) => a - b)[distances.length >> 1];
  const kept = pairs.filter((_, i) => distances[i] <= Math.max(2 * factor, 3 * median));
  map = Homography.fit(kept) ?? map;
  const residual = map.residual(kept);
  if (residual > Math.max(rowSpacing, 4) * 0.25) return { reason: `the grid lines do not fit the template (${residual.toFixed(1)} px off)` };
  const unit = flipped ? kept.map(({ sheet, image: point }) => ({ sheet: [1 - sheet[0], 1 - sheet[1]] as const, image: point })) : kept;
  const finalMap = flipped ? Homography.fit(unit) ?? map : map;
  return {
    map: finalMap,
    pairs: unit,
    residual,
    matchedColumns: match.columns.matched.size,
    matchedRows: match.rows.matched.size,
    upsideDown: flipped,
  };
}

function minimumGap(values: readonly number[]): number {
  let gap = 1;
  for (let i = 1; i < values.length; i += 1) gap = Math.min(gap, values[i] - values[i - 1]);
  return gap;
}

function midpoints(sorted: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < sorted.length; i += 1) {
    const gap = sorted[i] - sorted[i - 1];
    // Long stretches (e.g. across a wide column) get several samples.
    const samples = Math.max(1, Math.min(4, Math.round(gap / Math.max(1, (sorted[sorted.length - 1] - sorted[0]) / 24))));
    for (let k = 1; k <= samples; k += 1) out.push(sorted[i - 1] + (gap * k) / (samples + 1));
  }
  return out;
}

/**
 * The line's exact position near each sample point: the darkness profile
 * across it (summed over a short stretch along it), its peak's centroid; then
 * a least-squares line through those, outliers dropped once.
 */
function refineLine(image: GrayImage, rough: FittedLine, horizontal: boolean, samples: readonly number[], reach: number, halfLength: number): FittedLine | undefined {
  const r = Math.max(3, Math.round(reach));
  const half = Math.max(2, Math.round(halfLength));
  const { width, height, data } = image;
  const points: Array<[number, number]> = [];
  const profile = new Float64Array(2 * r + 1);
  for (const s of samples) {
    const centre = rough.a + rough.b * s;
    profile.fill(0);
    for (let k = -r; k <= r; k += 1) {
      let sum = 0;
      for (let t = -half; t <= half; t += 1) {
        const along = Math.round(s + t);
        const across = Math.round(centre + k + rough.b * t);
        const [x, y] = horizontal ? [along, across] : [across, along];
        sum += x >= 0 && y >= 0 && x < width && y < height ? 255 - data[y * width + x] : 0;
      }
      profile[k + r] = sum / (2 * half + 1);
    }
    let peak = 0;
    for (let i = 1; i < profile.length; i += 1) if (profile[i] > profile[peak]) peak = i;
    const sorted = [...profile].sort((a, b) => a - b);
    const background = sorted[sorted.length >> 2];
    if (profile[peak] - background < 25) continue;
    let sum = 0, weighted = 0;
    for (let i = Math.max(0, peak - 3); i <= Math.min(profile.length - 1, peak + 3); i += 1) {
      const value = Math.max(0, profile[i] - (background + (profile[peak] - background) * 0.3));
      sum += value;
      weighted += value * i;
    }
    if (sum > 0) points.push([s, centre + weighted / sum - r]);
  }
  let fit = fitLine(points);
  if (!fit) return undefined;
  const kept = points.filter(([s, p]) => Math.abs(p - (fit!.a + fit!.b * s)) <= 1.5);
  if (kept.length >= 2 && kept.length < points.length) fit = fitLine(kept) ?? fit;
  return fit;
}

function fitLine(points: ReadonlyArray<readonly [number, number]>): FittedLine | undefined {
  if (points.length < 2) return undefined;
  let sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (const [x, y] of points) { sx += x; sy += y; sxx += x * x; sxy += x * y; }
  const n = points.length;
  const denominator = n * sxx - sx * sx;
  if (Math.abs(denominator) < 1e-9) return undefined;
  const b = (n * sxy - sx * sy) / denominator;
  return { a: (sy - b * sx) / n, b };
}

/** Crossing of y = r.a + r.b·x and x = c.a + c.b·y. */
function intersect(row: FittedLine, column: FittedLine): [number, number] | undefined {
  const denominator = 1 - row.b * column.b;
  if (Math.abs(denominator) < 1e-9) return undefined;
  const y = (row.a + row.b * column.a) / denominator;
  return [column.a + column.b * y, y];
}
