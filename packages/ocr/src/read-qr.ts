/**
 * Reads the sheet's QR code. The code's square is predicted through a first
 * PageMap (from the corner markers) and sampled upright and square-on, a bit
 * larger than printed in case the map is off, so jsQR sees a clean code even
 * on a tilted phone photo. Its text is parsed as a zapis payload.
 */
import jsQRModule from 'jsqr';
import { parseQrPayload, type QrPayload, type Rect } from '@zapis/sheet';
import type { Point } from './homography.js';
import type { PageMap } from './page-map.js';
import type { GrayImage } from './raster.js';
import { sampleRect } from './sample-rect.js';

export interface QrReading {
  /** The exact text of the code. */
  readonly text: string;
  /** The parsed payload, or why the text is not a zapis payload. */
  readonly payload: { readonly ok: true; readonly value: QrPayload } | { readonly ok: false; readonly message: string };
  /** QR version (1–40): the code is 17 + 4·version modules wide. */
  readonly version: number;
  /** Image pixels of the code's outer corners (quiet zone excluded): top-left, top-right, bottom-right, bottom-left of the code. */
  readonly corners: readonly [Point, Point, Point, Point];
  /** True when the corners were found on the image; false when they are only where the map predicted them. */
  readonly measured: boolean;
}

/** Extra margin sampled around the predicted square, as a fraction of its side. */
const MARGINS = [0.12, 0.3];

/**
 * Decodes the QR code expected at `rect` (sheet coordinates, quiet zone
 * included), or undefined when none is legible. `measureCorners` first tries
 * the reads that locate the code on the image (worth it when the map is only
 * roughly known, as with a hidden corner marker).
 */
export function readQr(image: GrayImage, map: PageMap, rect: Rect, measureCorners = false): QrReading | undefined {
  if (measureCorners) return readFromCrops(image, map, rect) ?? readFromModuleGrid(image, map, rect);
  return readFromModuleGrid(image, map, rect) ?? readFromCrops(image, map, rect);
}

/** jsQR on the upright crop of the predicted square, a bit larger than printed, at a few resolutions. */
function readFromCrops(image: GrayImage, map: PageMap, rect: Rect): QrReading | undefined {
  const scale = imageScale(map, rect);
  // About 4–6 pixels a module for a ~50-module code; never far above the image's own resolution.
  const resolutions = [Math.min(5, Math.max(2.5, scale * 1.5)), Math.max(2, scale)];
  for (const margin of MARGINS) {
    const area: Rect = {
      x: rect.x - rect.width * margin,
      y: rect.y - rect.height * margin,
      width: rect.width * (1 + 2 * margin),
      height: rect.height * (1 + 2 * margin),
    };
    for (const pixelsPerPoint of resolutions) {
      const crop = sampleRect(image, map, area, pixelsPerPoint);
      const code = decode(crop);
      if (!code) continue;
      // A crop pixel's centre maps back to the sheet, and through the map to the image.
      const toImage = ({ x, y }: { x: number; y: number }): Point =>
        map.toImage(area.x + (x / crop.width) * area.width, area.y + (y / crop.height) * area.height) as Point;
      const { topLeftCorner, topRightCorner, bottomRightCorner, bottomLeftCorner } = code.location;
      return reading(code.data, code.version, [toImage(topLeftCorner), toImage(topRightCorner), toImage(bottomRightCorner), toImage(bottomLeftCorner)], true);
    }
  }
  return undefined;
}

/**
 * With a good map the module grid is known to a fraction of a module: sample
 * every module's centre for each plausible version, keep the versions whose
 * finder and timing patterns come out right, and hand jsQR a crisp redrawn
 * code. This reads codes too blurred for jsQR's own binarisation.
 */
function readFromModuleGrid(image: GrayImage, map: PageMap, rect: Rect): QrReading | undefined {
  const sampler = (size: number) => {
    const module = rect.width / (size + 8);
    return (row: number, column: number): number => {
      const [x, y] = map.toImage(rect.x + (4 + column + 0.5) * module, rect.y + (4 + row + 0.5) * module);
      return bilinear(image, x, y);
    };
  };
  // Versions are told apart by their finder and timing patterns alone; only the likely ones are sampled whole.
  const trials = Array.from({ length: MAX_GRID_VERSION }, (_, index) => {
    const version = index + 1;
    return { version, score: patternScore(17 + 4 * version, sampler(17 + 4 * version)) };
  });
  trials.sort((a, b) => b.score - a.score);
  for (const { version, score } of trials.slice(0, 2)) {
    if (score < 0.8) break;
    const size = 17 + 4 * version;
    const sample = sampler(size);
    const values = new Float64Array(size * size);
    for (let row = 0; row < size; row += 1) for (let column = 0; column < size; column += 1) values[row * size + column] = sample(row, column);
    // Blur bleeds each module into its neighbours; undo some of it (more for the small modules of a code carrying a
    // printed header), then try a few cut levels.
    for (const sharpen of [0.6, 0, 1.2, 2, 3]) {
      const sharpened = sharpenGrid(values, size, sharpen);
      for (const level of [0.5, 0.4, 0.6, 0.45, 0.55]) {
        const code = decode(redraw(binarise(sharpened, level), size));
        if (!code) continue;
        const corners = rectCorners(rect, (4 * rect.width) / (size + 8)).map(([x, y]) => map.toImage(x, y) as Point);
        return reading(code.data, code.version, corners as [Point, Point, Point, Point], false);
      }
    }
  }
  return undefined;
}

function sharpenGrid(values: Float64Array, size: number, amount: number): Float64Array {
  if (amount === 0) return values;
  const out = new Float64Array(values.length);
  for (let row = 0; row < size; row += 1) {
    for (let column = 0; column < size; column += 1) {
      const at = (r: number, c: number): number => (r < 0 || c < 0 || r >= size || c >= size ? 255 : values[r * size + c]);
      const around = (at(row - 1, column) + at(row + 1, column) + at(row, column - 1) + at(row, column + 1)) / 4;
      out[row * size + column] = values[row * size + column] + amount * (values[row * size + column] - around);
    }
  }
  return out;
}

/** Payloads of zapis sheets fit in version 10 or so; a few more for long event names. */
const MAX_GRID_VERSION = 14;

function reading(text: string, version: number, corners: [Point, Point, Point, Point], measured: boolean): QrReading {
  const parsed = parseQrPayload(text);
  return {
    text,
    payload: parsed.ok ? { ok: true, value: parsed.value } : { ok: false, message: parsed.error.message },
    version,
    corners,
    measured,
  };
}

const rectCorners = (rect: Rect, inset: number): Point[] => [
  [rect.x + inset, rect.y + inset], [rect.x + rect.width - inset, rect.y + inset],
  [rect.x + rect.width - inset, rect.y + rect.height - inset], [rect.x + inset, rect.y + rect.height - inset],
];

/** 1 = dark module; the cut lies at `level` between the darkest and the lightest tenth of the modules. */
function binarise(values: Float64Array, level: number): Uint8Array {
  const sorted = Float64Array.from(values).sort();
  const dark = sorted[Math.floor(sorted.length * 0.1)], light = sorted[Math.floor(sorted.length * 0.9)];
  const threshold = dark + (light - dark) * level;
  return Uint8Array.from(values, (value) => (value < threshold ? 1 : 0));
}

/** Fraction of the three finder patterns (with their separators) and the two timing lines that come out right. */
function patternScore(size: number, sample: (row: number, column: number) => number): number {
  const expected: Array<[number, number, boolean]> = [];
  const expect = (row: number, column: number, dark: boolean): void => {
    if (row >= 0 && column >= 0 && row < size && column < size) expected.push([row, column, dark]);
  };
  for (const [top, left] of [[0, 0], [0, size - 7], [size - 7, 0]]) {
    for (let r = -1; r <= 7; r += 1) {
      for (let c = -1; c <= 7; c += 1) {
        const ring = Math.max(Math.abs(r - 3), Math.abs(c - 3));
        expect(top + r, left + c, ring !== 2 && ring !== 4);
      }
    }
  }
  for (let i = 8; i < size - 8; i += 1) {
    expect(6, i, i % 2 === 0);
    expect(i, 6, i % 2 === 0);
  }
  const values = Float64Array.from(expected, ([row, column]) => sample(row, column));
  const dark = binarise(values, 0.5);
  return expected.filter(([, , isDark], index) => (dark[index] === 1) === isDark).length / expected.length;
}

/** The modules drawn at 4 pixels each with a 4-module quiet zone. */
function redraw(modules: Uint8Array, size: number): GrayImage {
  const scale = 4, side = (size + 8) * scale;
  const data = new Uint8Array(side * side).fill(255);
  for (let row = 0; row < size; row += 1) {
    for (let column = 0; column < size; column += 1) {
      if (modules[row * size + column] !== 1) continue;
      for (let y = 0; y < scale; y += 1) data.fill(0, ((4 + row) * scale + y) * side + (4 + column) * scale, ((4 + row) * scale + y) * side + (5 + column) * scale);
    }
  }
  return { width: side, height: side, data };
}

/** Bilinear sample at image coordinates (pixel (x, y) covers [x, x+1)); paper outside the image. */
function bilinear(image: GrayImage, x: number, y: number): number {
  const fx = x - 0.5, fy = y - 0.5;
  const x0 = Math.floor(fx), y0 = Math.floor(fy);
  if (x0 < 0 || y0 < 0 || x0 + 1 >= image.width || y0 + 1 >= image.height) return 255;
  const tx = fx - x0, ty = fy - y0, d = image.data, i = y0 * image.width + x0;
  const top = d[i] + (d[i + 1] - d[i]) * tx;
  const bottom = d[i + image.width] + (d[i + image.width + 1] - d[i + image.width]) * tx;
  return top + (bottom - top) * ty;
}

// jsqr is CommonJS whose types declare a default export; at run time the function is both the module and its `default`.
const jsQR = jsQRModule.default;

/** Decodes a QR code anywhere in a grey image (already upright or not: jsQR finds its orientation). */
function decode(image: GrayImage): ReturnType<typeof jsQR> {
  const rgba = new Uint8ClampedArray(image.width * image.height * 4);
  for (let i = 0, p = 0; i < image.data.length; i += 1, p += 4) {
    rgba[p] = rgba[p + 1] = rgba[p + 2] = image.data[i];
    rgba[p + 3] = 255;
  }
  return jsQR(rgba, image.width, image.height, { inversionAttempts: 'dontInvert' });
}

/** Image pixels per sheet point around the rectangle's centre. */
function imageScale(map: PageMap, rect: Rect): number {
  const cx = rect.x + rect.width / 2, cy = rect.y + rect.height / 2;
  const [x0, y0] = map.toImage(cx, cy);
  const [x1, y1] = map.toImage(cx + 1, cy);
  const [x2, y2] = map.toImage(cx, cy + 1);
  return Math.sqrt(Math.hypot(x1 - x0, y1 - y0) * Math.hypot(x2 - x0, y2 - y0));
}
