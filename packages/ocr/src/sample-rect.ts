/**
 * Cuts a sheet rectangle out of a page image through its PageMap: every
 * output pixel is mapped back into the image and sampled bilinearly, so the
 * crop comes out upright and square-on whatever the perspective was.
 */
import type { Rect } from '@zapis/sheet';
import { Homography } from './homography.js';
import type { PageMap } from './page-map.js';
import { type GrayImage, grayImage } from './raster.js';

/** The rectangle at `pixelsPerPoint` (e.g. 200 / 72 for 200 dpi); outside the image reads as paper. */
export function sampleRect(image: GrayImage, map: PageMap, rect: Rect, pixelsPerPoint: number): GrayImage {
  const width = Math.max(1, Math.round(rect.width * pixelsPerPoint));
  const height = Math.max(1, Math.round(rect.height * pixelsPerPoint));
  const out = grayImage(width, height);
  if (map instanceof Homography) {
    sampleThroughMatrix(image, map.matrix, rect, out);
    return out;
  }
  for (let y = 0; y < height; y += 1) {
    const sy = rect.y + ((y + 0.5) / height) * rect.height;
    for (let x = 0; x < width; x += 1) {
      const [ix, iy] = map.toImage(rect.x + ((x + 0.5) / width) * rect.width, sy);
      out.data[y * width + x] = bilinear(image, ix - 0.5, iy - 0.5);
    }
  }
  return out;
}

/**
 * The same sampling through a homography's matrix, with each column's and each row's products taken once and no
 * point allocated per pixel. Every sum is formed in the order `Homography.toImage` forms it, so the pixels are the
 * same to the last bit.
 */
function sampleThroughMatrix(image: GrayImage, m: readonly number[], rect: Rect, out: GrayImage): void {
  const { width, height, data: target } = out;
  const [m0, m1, m2, m3, m4, m5, m6, m7, m8] = m;
  const columnX = new Float64Array(width), columnY = new Float64Array(width), columnW = new Float64Array(width);
  for (let x = 0; x < width; x += 1) {
    const sx = rect.x + ((x + 0.5) / width) * rect.width;
    columnX[x] = m0 * sx;
    columnY[x] = m3 * sx;
    columnW[x] = m6 * sx;
  }
  const { width: imageWidth, height: imageHeight, data: source } = image;
  for (let y = 0; y < height; y += 1) {
    const sy = rect.y + ((y + 0.5) / height) * rect.height;
    const rowX = m1 * sy, rowY = m4 * sy, rowW = m7 * sy;
    for (let x = 0; x < width; x += 1) {
      const w = columnW[x] + rowW + m8;
      const px = (columnX[x] + rowX + m2) / w - 0.5;
      const py = (columnY[x] + rowY + m5) / w - 0.5;
      const x0 = Math.floor(px), y0 = Math.floor(py);
      if (x0 < 0 || y0 < 0 || x0 + 1 >= imageWidth || y0 + 1 >= imageHeight) continue;
      const fx = px - x0, fy = py - y0;
      const i = y0 * imageWidth + x0;
      const top = source[i] + (source[i + 1] - source[i]) * fx;
      const bottom = source[i + imageWidth] + (source[i + imageWidth + 1] - source[i + imageWidth]) * fx;
      target[y * width + x] = Math.round(top + (bottom - top) * fy);
    }
  }
}

function bilinear(image: GrayImage, x: number, y: number): number {
  const x0 = Math.floor(x), y0 = Math.floor(y);
  if (x0 < 0 || y0 < 0 || x0 + 1 >= image.width || y0 + 1 >= image.height) return 255;
  const fx = x - x0, fy = y - y0;
  const i = y0 * image.width + x0;
  const d = image.data;
  const top = d[i] + (d[i + 1] - d[i]) * fx;
  const bottom = d[i + image.width] + (d[i + image.width + 1] - d[i + image.width]) * fx;
  return Math.round(top + (bottom - top) * fy);
}
