/**
 * Finds the four ArUco corner markers zapis prints (ARUCO_MIP_36h12, one id
 * per corner) on a scan or a photo. js-aruco2 does the contour work and reads
 * the marker bits; around it: the image is shrunk to a size where markers are
 * a few dozen pixels wide (phone photos are 12 MP), thresholded a few ways
 * (plain scans, uneven light, blur), and every marker edge is then fitted at
 * full resolution to a sub-pixel line, so the corners are as sharp as the
 * scan allows. Corners come in the marker's own order (its top-left first,
 * clockwise), so a sheet upside down still tells which corner is which.
 */
import aruco, { type ArucoDetector } from 'js-aruco2';
import cv from 'js-aruco2/src/cv.js';
import { CORNERS, MARKER_DICTIONARY, MARKER_IDS, type Corner } from '@zapis/sheet';
import type { Point } from './homography.js';
import type { GrayImage } from './raster.js';

export interface FoundMarker {
  readonly id: number;
  readonly corner: Corner;
  /** Image pixels of the marker's outer square: its own top-left, top-right, bottom-right, bottom-left. */
  readonly corners: readonly [Point, Point, Point, Point];
  /** Bits that differed from the dictionary code (0 = a clean read). */
  readonly hammingDistance: number;
}

export interface FindMarkersOptions {
  /** Longest image side the search runs at (default 1600 px); larger images are shrunk first. */
  readonly detectionSize?: number;
  /** Skip the full-resolution edge fit (faster, corners to about a pixel of the shrunk image). */
  readonly refine?: boolean;
}

/** More than this many wrong bits is not one of our markers (ARUCO_MIP_36h12 codes differ in at least 12). */
const MAX_HAMMING_DISTANCE = 4;
const WARP_SIZE = 64;

const CORNER_OF_ID = new Map<number, Corner>(CORNERS.map((corner) => [MARKER_IDS[corner], corner]));

let detector: ArucoDetector | undefined;

/** The corner markers seen, at most one per corner, in corner order (top-left first). */
export function findMarkers(image: GrayImage, options: FindMarkersOptions = {}): FoundMarker[] {
  const detectionSize = options.detectionSize ?? 1600;
  const best = new Map<number, Candidate>();
  const offer = (candidates: readonly Candidate[]): void => {
    for (const candidate of candidates) {
      const previous = best.get(candidate.id);
      if (!previous || better(candidate, previous)) best.set(candidate.id, candidate);
    }
  };
  // One pass at the usual size finds all four on almost every page; more passes only run when it did not.
  offer(searchAt(image, detectionSize, 4));
  if (best.size === 3) {
    // A corner hidden or faint: look closely where the missing marker must be.
    offer(searchNearMissing(image, [...best.values()]));
  } else if (best.size < 3) {
    for (const size of [Math.round(detectionSize * 0.6), Math.round(detectionSize * 1.6)]) {
      offer(searchAt(image, size, 4 - best.size));
      if (best.size === 4) break;
    }
  }
  const found: FoundMarker[] = [];
  for (const corner of CORNERS) {
    const candidate = best.get(MARKER_IDS[corner]);
    if (!candidate) continue;
    const indexed = (options.refine ?? true) ? refineCorners(image, candidate.corners) : candidate.corners;
    // Image coordinates, as PageMap and sampleRect use them: pixel (x, y) covers [x, x+1) × [y, y+1).
    const corners = indexed.map(([x, y]): Point => [x + 0.5, y + 0.5]);
    found.push({ id: candidate.id, corner, corners: corners as unknown as FoundMarker['corners'], hammingDistance: candidate.hammingDistance });
  }
  return found;
}

/**
 * Markers in the image shrunk to `size` pixels on its long side, threshold
 * after threshold until `wanted` distinct ids are seen; corners in full-size
 * pixel indices.
 */
function searchAt(image: GrayImage, size: number, wanted: number, origin: Point = [0, 0]): Candidate[] {
  const scale = Math.min(1, size / Math.max(image.width, image.height));
  const small = scale < 1 ? shrink(image, scale) : image;
  const factor = small.width / image.width;
  const integral = integralImage(small);
  const seen = new Map<number, Candidate>();
  for (const threshold of THRESHOLDS) {
    for (const candidate of detect(small, integral, threshold)) {
      const previous = seen.get(candidate.id);
      // Contour points are pixel indices of the shrunk image; map them to full-size indices.
      const corners = candidate.corners.map(([x, y]): Point => [(x + 0.5) / factor - 0.5 + origin[0], (y + 0.5) / factor - 0.5 + origin[1]]);
      const full = { ...candidate, corners, perimeter: candidate.perimeter / factor };
      if (!previous || better(full, previous)) seen.set(candidate.id, full);
    }
    if (seen.size >= wanted) break;
  }
  return [...seen.values()];
}

/**
 * Three markers found: the fourth lies near the corner that completes the
 * parallelogram (perspective moves it a little). Search a window around it,
 * at a scale where a marker is some 60 pixels wide.
 */
function searchNearMissing(image: GrayImage, found: readonly Candidate[]): Candidate[] {
  const centres = new Map(found.map((candidate) => [candidate.id, centreOf(candidate.corners)]));
  const missing = CORNERS.map((corner) => MARKER_IDS[corner]).find((id) => !centres.has(id));
  if (missing === undefined) return [];
  const order = CORNERS.map((corner) => MARKER_IDS[corner]);
  const at = order.indexOf(missing);
  const opposite = centres.get(order[(at + 2) % 4])!;
  const before = centres.get(order[(at + 3) % 4])!;
  const after = centres.get(order[(at + 1) % 4])!;
  const guess: Point = [before[0] + after[0] - opposite[0], before[1] + after[1] - opposite[1]];
  const side = found.reduce((sum, candidate) => sum + candidate.perimeter / 4, 0) / found.length;
  const reach = Math.max(side * 3, 0.08 * Math.hypot(after[0] - before[0], after[1] - before[1]));
  const x0 = Math.max(0, Math.floor(guess[0] - reach)), y0 = Math.max(0, Math.floor(guess[1] - reach));
  const x1 = Math.min(image.width, Math.ceil(guess[0] + reach)), y1 = Math.min(image.height, Math.ceil(guess[1] + reach));
  if (x1 - x0 < side || y1 - y0 < side) return [];
  const window = crop(image, x0, y0, x1 - x0, y1 - y0);
  const size = Math.max(window.width, window.height) * Math.min(1, 60 / side);
  return searchAt(window, Math.max(size, 120), 1, [x0, y0]).filter((candidate) => candidate.id === missing);
}

function centreOf(corners: readonly Point[]): Point {
  return [corners.reduce((sum, p) => sum + p[0], 0) / corners.length, corners.reduce((sum, p) => sum + p[1], 0) / corners.length];
}

function crop(image: GrayImage, x: number, y: number, width: number, height: number): GrayImage {
  const data = new Uint8Array(width * height);
  for (let row = 0; row < height; row += 1) data.set(image.data.subarray((y + row) * image.width + x, (y + row) * image.width + x + width), row * width);
  return { width, height, data };
}

interface Candidate {
  readonly id: number;
  readonly corners: readonly Point[];
  readonly hammingDistance: number;
  readonly perimeter: number;
}

/** The cleaner read wins; between equals, the larger (finer-scale) one. */
const better = (a: Candidate, b: Candidate): boolean =>
  a.hammingDistance < b.hammingDistance || (a.hammingDistance === b.hammingDistance && a.perimeter > b.perimeter);

/** Adaptive thresholds: window radius in pixels and how much darker than the window's mean a pixel must be. */
const THRESHOLDS: ReadonlyArray<{ readonly radius: number; readonly offset: number }> = [
  { radius: 6, offset: 10 },
  { radius: 2, offset: 7 },
  { radius: 16, offset: 18 },
];

function detect(image: GrayImage, integral: Uint32Array, threshold: { radius: number; offset: number }): Candidate[] {
  detector ??= new aruco.AR.Detector({ dictionaryName: MARKER_DICTIONARY, maxHammingDistance: MAX_HAMMING_DISTANCE + 1 });
  const binary = adaptiveThreshold(image, integral, threshold.radius, threshold.offset);
  const contours = cv.CV.findContours(binary, new Int32Array((image.width + 2) * (image.height + 2)) as unknown as number[]);
  let candidates = detector.findCandidates(contours, Math.max(image.width, image.height) * 0.01, 0.05, 10);
  candidates = detector.clockwiseCorners(candidates);
  candidates = detector.notTooNear(candidates, 10);
  const markers = detector.findMarkers(image, candidates, WARP_SIZE);
  return markers
    .filter((marker) => CORNER_OF_ID.has(marker.id) && marker.hammingDistance <= MAX_HAMMING_DISTANCE)
    .map((marker) => ({
      id: marker.id,
      corners: marker.corners.map(({ x, y }): Point => [x, y]),
      hammingDistance: marker.hammingDistance,
      perimeter: perimeter(marker.corners.map(({ x, y }): Point => [x, y])),
    }));
}

const perimeter = (corners: readonly Point[]): number =>
  corners.reduce((sum, point, index) => {
    const next = corners[(index + 1) % corners.length];
    return sum + Math.hypot(next[0] - point[0], next[1] - point[1]);
  }, 0);

/** Sums over rectangles in constant time; (width+1)·(height+1), zero first row and column. */
function integralImage({ width, height, data }: GrayImage): Uint32Array {
  const stride = width + 1;
  const integral = new Uint32Array(stride * (height + 1));
  for (let y = 0; y < height; y += 1) {
    let row = 0;
    for (let x = 0; x < width; x += 1) {
      row += data[y * width + x];
      integral[(y + 1) * stride + x + 1] = integral[y * stride + x + 1] + row;
    }
  }
  return integral;
}

/** 255 where a pixel is `offset` darker than the mean of its (2·radius+1)² window, else 0 (js-aruco2's convention). */
function adaptiveThreshold(image: GrayImage, integral: Uint32Array, radius: number, offset: number): GrayImage {
  const { width, height, data } = image;
  const stride = width + 1;
  const left = new Int32Array(width), right = new Int32Array(width);
  for (let x = 0; x < width; x += 1) { left[x] = Math.max(0, x - radius); right[x] = Math.min(width, x + radius + 1); }
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const top = Math.max(0, y - radius) * stride, bottom = Math.min(height, y + radius + 1) * stride;
    const rows = (bottom - top) / stride;
    for (let x = 0; x < width; x += 1) {
      const x0 = left[x], x1 = right[x];
      const sum = integral[bottom + x1] - integral[top + x1] - integral[bottom + x0] + integral[top + x0];
      // pixel <= mean - offset, without the division.
      out[y * width + x] = (data[y * width + x] + offset) * (x1 - x0) * rows <= sum ? 255 : 0;
    }
  }
  return { width, height, data: out };
}

/** Area-averaging shrink by `scale` < 1. */
export function shrink(image: GrayImage, scale: number): GrayImage {
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const fx = image.width / width, fy = image.height / height;
  const columnStart = new Int32Array(width + 1);
  for (let x = 0; x <= width; x += 1) columnStart[x] = Math.min(image.width, Math.round(x * fx));
  const out = new Uint8Array(width * height);
  const source = image.data, sourceWidth = image.width;
  // Each source column summed down the output row's band first, then the band's columns summed across: the sums are
  // of whole numbers, exact in any order.
  const bandSums = new Int32Array(sourceWidth);
  for (let y = 0; y < height; y += 1) {
    const top = Math.round(y * fy), bottom = Math.max(top + 1, Math.min(image.height, Math.round((y + 1) * fy)));
    bandSums.fill(0);
    for (let sy = top; sy < bottom; sy += 1) {
      for (let sx = 0, at = sy * sourceWidth; sx < sourceWidth; sx += 1, at += 1) bandSums[sx] += source[at];
    }
    for (let x = 0, sx = columnStart[0]; x < width; x += 1) {
      const end = columnStart[x + 1];
      let sum = 0;
      for (; sx < end; sx += 1) sum += bandSums[sx];
      const count = (bottom - top) * Math.max(1, end - columnStart[x]);
      out[y * width + x] = Math.round(sum / count);
    }
  }
  return { width, height, data: out };
}

/**
 * Each side of the marker's outer square is a dark-to-light edge (black
 * border inside, white margin outside, each at least one marker cell wide).
 * Along each side the strongest outward rise in brightness is found to a
 * fraction of a pixel, a line is fitted through those points, and the
 * corners become the intersections of neighbouring lines.
 */
function refineCorners(image: GrayImage, corners: readonly Point[]): Point[] {
  const lines: Line[] = [];
  const centre: Point = [
    corners.reduce((sum, p) => sum + p[0], 0) / 4,
    corners.reduce((sum, p) => sum + p[1], 0) / 4,
  ];
  for (let side = 0; side < 4; side += 1) {
    const a = corners[side], b = corners[(side + 1) % 4];
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (length < 8) return [...corners];
    const tx = (b[0] - a[0]) / length, ty = (b[1] - a[1]) / length;
    // The normal that points away from the marker's centre.
    let nx = -ty, ny = tx;
    const mid: Point = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    if ((mid[0] - centre[0]) * nx + (mid[1] - centre[1]) * ny < 0) { nx = -nx; ny = -ny; }
    const cell = length / 8;
    const reach = Math.max(2, cell * 0.7);
    const points: Point[] = [];
    const samples = Math.max(6, Math.min(40, Math.round(length / 3)));
    for (let k = 0; k < samples; k += 1) {
      const t = 0.12 + (0.76 * k) / (samples - 1);
      const px = a[0] + (b[0] - a[0]) * t, py = a[1] + (b[1] - a[1]) * t;
      const offset = strongestRise(image, px, py, nx, ny, reach);
      if (offset !== undefined) points.push([px + nx * offset, py + ny * offset]);
    }
    const line = fitLine(points);
    if (!line) return [...corners];
    lines.push(line);
  }
  const refined: Point[] = [];
  const limit = Math.max(3, perimeter(corners) / 32);
  for (let index = 0; index < 4; index += 1) {
    // Corner i lies between side i-1 (ending at it) and side i (starting at it).
    const point = intersect(lines[(index + 3) % 4], lines[index]);
    if (!point || Math.hypot(point[0] - corners[index][0], point[1] - corners[index][1]) > limit) return [...corners];
    refined.push(point);
  }
  return refined;
}

/** Offset along the normal (from -reach to +reach) of the steepest dark-to-light rise, or undefined when there is none. */
function strongestRise(image: GrayImage, x: number, y: number, nx: number, ny: number, reach: number): number | undefined {
  const step = 0.5;
  const count = Math.floor((2 * reach) / step) + 1;
  const profile = new Float64Array(count);
  for (let i = 0; i < count; i += 1) {
    const d = -reach + i * step;
    const value = bilinear(image, x + nx * d, y + ny * d);
    if (value === undefined) return undefined;
    profile[i] = value;
  }
  let bestIndex = -1, bestRise = 0;
  for (let i = 1; i < count - 1; i += 1) {
    const rise = profile[i + 1] - profile[i - 1];
    if (rise > bestRise) { bestRise = rise; bestIndex = i; }
  }
  // Too faint to be the printed edge (a blurred or washed-out patch): leave it to the other samples.
  const span = Math.max(...profile) - Math.min(...profile);
  if (bestIndex < 0 || span < 20 || bestRise < span * 0.25) return undefined;
  const before = bestIndex > 1 ? profile[bestIndex] - profile[bestIndex - 2] : bestRise;
  const after = bestIndex < count - 2 ? profile[bestIndex + 2] - profile[bestIndex] : bestRise;
  const denominator = before - 2 * bestRise + after;
  const shift = denominator < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (before - after)) / denominator)) : 0;
  return -reach + (bestIndex + shift) * step;
}

/** Bilinear sample in pixel-index coordinates (pixel centres at integers); undefined off the image. */
function bilinear(image: GrayImage, x: number, y: number): number | undefined {
  const x0 = Math.floor(x), y0 = Math.floor(y);
  if (x0 < 0 || y0 < 0 || x0 + 1 >= image.width || y0 + 1 >= image.height) return undefined;
  const fx = x - x0, fy = y - y0;
  const i = y0 * image.width + x0;
  const d = image.data;
  const top = d[i] + (d[i + 1] - d[i]) * fx;
  const bottom = d[i + image.width] + (d[i + image.width + 1] - d[i + image.width]) * fx;
  return top + (bottom - top) * fy;
}

/** A line n·p = c with |n| = 1. */
interface Line {
  readonly nx: number;
  readonly ny: number;
  readonly c: number;
}

/** Total least squares, then once more without the points far from the first fit. */
function fitLine(points: readonly Point[]): Line | undefined {
  let line = fitThrough(points);
  if (!line) return undefined;
  const first = line;
  const kept = points.filter(([x, y]) => Math.abs(first.nx * x + first.ny * y - first.c) < 1);
  if (kept.length >= Math.max(4, points.length / 2)) line = fitThrough(kept) ?? line;
  return line;
}

function fitThrough(points: readonly Point[]): Line | undefined {
  if (points.length < 4) return undefined;
  const mx = points.reduce((sum, p) => sum + p[0], 0) / points.length;
  const my = points.reduce((sum, p) => sum + p[1], 0) / points.length;
  let sxx = 0, sxy = 0, syy = 0;
  for (const [x, y] of points) {
    sxx += (x - mx) ** 2; sxy += (x - mx) * (y - my); syy += (y - my) ** 2;
  }
  // Direction of the largest spread; the normal is perpendicular to it.
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const nx = -Math.sin(angle), ny = Math.cos(angle);
  return { nx, ny, c: nx * mx + ny * my };
}

function intersect(a: Line, b: Line): Point | undefined {
  const det = a.nx * b.ny - a.ny * b.nx;
  if (Math.abs(det) < 1e-6) return undefined;
  return [(a.c * b.ny - a.ny * b.c) / det, (a.nx * b.c - a.c * b.nx) / det];
}
