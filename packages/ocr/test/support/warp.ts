/**
 * Test-only image degradations with known geometry: every warp is a
 * homography from the clean render to the degraded image, so a test knows
 * exactly where each sheet point ended up. Seeded, so failures reproduce.
 */
import jpeg from 'jpeg-js';
import { Homography, type Point } from '../../src/homography.js';
import type { GrayImage } from '../../src/raster.js';

export { seededRandom } from '@zapis/testkit';

export interface Warped {
  readonly image: GrayImage;
  /** Source pixel (continuous, pixel (x, y) covers [x, x+1)) to warped pixel. */
  readonly map: Homography;
}

/**
 * Warps `source` so its four corners land at `corners` (TL, TR, BR, BL) on a
 * canvas of `width` × `height` filled with `background` (a desk, a scanner lid).
 */
export function warpTo(source: GrayImage, corners: readonly Point[], width: number, height: number, background = 255): Warped {
  const w = source.width, h = source.height;
  const frame: Point[] = [[0, 0], [w, 0], [w, h], [0, h]];
  const map = Homography.fit(frame.map((sheet, index) => ({ sheet, image: corners[index] })))!;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const [sx, sy] = map.toSheet(x + 0.5, y + 0.5);
      out[y * width + x] = sample(source, sx - 0.5, sy - 0.5, background);
    }
  }
  return { image: { width, height, data: out }, map };
}

function sample(image: GrayImage, x: number, y: number, background: number): number {
  const x0 = Math.floor(x), y0 = Math.floor(y);
  if (x0 < -1 || y0 < -1 || x0 >= image.width || y0 >= image.height) return background;
  const at = (px: number, py: number): number =>
    (px < 0 || py < 0 || px >= image.width || py >= image.height ? background : image.data[py * image.width + px]);
  const fx = x - x0, fy = y - y0;
  const top = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * fx;
  const bottom = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * fx;
  return Math.round(top + (bottom - top) * fy);
}

/** Rotation by `degrees` (clockwise on screen) about the centre, the canvas grown to hold the whole page. */
export function rotate(source: GrayImage, degrees: number, background = 255): Warped {
  const angle = (degrees * Math.PI) / 180;
  const cos = Math.cos(angle), sin = Math.sin(angle);
  const cx = source.width / 2, cy = source.height / 2;
  const width = Math.ceil(Math.abs(source.width * cos) + Math.abs(source.height * sin));
  const height = Math.ceil(Math.abs(source.width * sin) + Math.abs(source.height * cos));
  const turn = ([x, y]: Point): Point => [width / 2 + (x - cx) * cos - (y - cy) * sin, height / 2 + (x - cx) * sin + (y - cy) * cos];
  const corners = ([[0, 0], [source.width, 0], [source.width, source.height], [0, source.height]] as Point[]).map(turn);
  return warpTo(source, corners, width, height, background);
}

/**
 * A phone photo's geometry: the page shrunk to `fill` of a `width`-wide frame,
 * each corner pushed by up to `skew` of the page size, turned by `degrees`.
 */
export function perspective(source: GrayImage, random: () => number, options: { width: number; height: number; fill: number; skew: number; degrees: number; background: number }): Warped {
  const { width, height, fill, skew, degrees, background } = options;
  const scale = Math.min((width * fill) / source.width, (height * fill) / source.height);
  const pw = source.width * scale, ph = source.height * scale;
  const angle = (degrees * Math.PI) / 180;
  const cos = Math.cos(angle), sin = Math.sin(angle);
  const corners = ([[-1, -1], [1, -1], [1, 1], [-1, 1]] as const).map(([sx, sy]): Point => {
    const x = (sx * pw) / 2 + (random() - 0.5) * 2 * skew * pw;
    const y = (sy * ph) / 2 + (random() - 0.5) * 2 * skew * ph;
    return [x * cos - y * sin, x * sin + y * cos];
  });
  // Shrink to keep the whole page inside `fill` of the frame: a photo that cuts a corner off is another test.
  const spanX = Math.max(...corners.map((c) => c[0])) - Math.min(...corners.map((c) => c[0]));
  const spanY = Math.max(...corners.map((c) => c[1])) - Math.min(...corners.map((c) => c[1]));
  const fit = Math.min(1, (width * fill) / spanX, (height * fill) / spanY);
  const midX = (Math.max(...corners.map((c) => c[0])) + Math.min(...corners.map((c) => c[0]))) / 2;
  const midY = (Math.max(...corners.map((c) => c[1])) + Math.min(...corners.map((c) => c[1]))) / 2;
  const placed = corners.map(([x, y]): Point => [width / 2 + (x - midX) * fit, height / 2 + (y - midY) * fit]);
  return warpTo(source, placed, width, height, background);
}

/** Box blur of the given radius, three passes (close to a Gaussian). */
export function blur(image: GrayImage, radius: number): GrayImage {
  if (radius <= 0) return image;
  let data: Float32Array = Float32Array.from(image.data);
  const { width, height } = image;
  for (let pass = 0; pass < 3; pass += 1) {
    data = boxPass(data, width, height, radius, true);
    data = boxPass(data, width, height, radius, false);
  }
  return { width, height, data: Uint8Array.from(data, (v) => Math.round(v)) };
}

function boxPass(data: Float32Array, width: number, height: number, radius: number, horizontal: boolean): Float32Array {
  const out = new Float32Array(data.length);
  const [lines, length, stride, step] = horizontal ? [height, width, width, 1] : [width, height, 1, width];
  for (let line = 0; line < lines; line += 1) {
    const base = line * stride;
    let sum = 0, count = 0;
    for (let i = 0; i <= Math.min(radius, length - 1); i += 1) { sum += data[base + i * step]; count += 1; }
    for (let i = 0; i < length; i += 1) {
      out[base + i * step] = sum / count;
      const add = i + radius + 1, remove = i - radius;
      if (add < length) { sum += data[base + add * step]; count += 1; }
      if (remove >= 0) { sum -= data[base + remove * step]; count -= 1; }
    }
  }
  return out;
}

/** Gaussian-ish pixel noise of standard deviation `sigma`. */
export function noise(image: GrayImage, sigma: number, random: () => number): GrayImage {
  const data = Uint8Array.from(image.data, (value) => {
    const gaussian = Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
    return Math.max(0, Math.min(255, Math.round(value + gaussian * sigma)));
  });
  return { ...image, data };
}

/** Uneven light: a gamma, then a brightness falling off linearly from one side to `darkest` of full. */
export function unevenLight(image: GrayImage, gamma: number, darkest: number, angle: number): GrayImage {
  const { width, height } = image;
  const dx = Math.cos(angle), dy = Math.sin(angle);
  const span = Math.abs(dx) * width + Math.abs(dy) * height;
  const origin = Math.min(0, dx * width) + Math.min(0, dy * height);
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const t = (dx * x + dy * y - origin) / span;
      const light = 1 - (1 - darkest) * t;
      data[y * width + x] = Math.round(255 * (image.data[y * width + x] / 255) ** gamma * light);
    }
  }
  return { width, height, data };
}

export function encodeJpeg(image: GrayImage, quality: number): Uint8Array {
  const rgba = new Uint8Array(image.width * image.height * 4);
  for (let i = 0, p = 0; i < image.data.length; i += 1, p += 4) {
    rgba[p] = rgba[p + 1] = rgba[p + 2] = image.data[i];
    rgba[p + 3] = 255;
  }
  return new Uint8Array(jpeg.encode({ width: image.width, height: image.height, data: rgba }, quality).data);
}

/** A grey blob of radius `radius` at (x, y): a thumb over a corner. */
export function coverWithBlob(image: GrayImage, x: number, y: number, radius: number, level = 150): GrayImage {
  const data = Uint8Array.from(image.data);
  for (let py = Math.max(0, Math.floor(y - radius)); py < Math.min(image.height, Math.ceil(y + radius)); py += 1) {
    for (let px = Math.max(0, Math.floor(x - radius)); px < Math.min(image.width, Math.ceil(x + radius)); px += 1) {
      if ((px + 0.5 - x) ** 2 + (py + 0.5 - y) ** 2 <= radius * radius) data[py * image.width + px] = level;
    }
  }
  return { ...image, data };
}
