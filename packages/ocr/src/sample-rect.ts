/**
 * Cuts a sheet rectangle out of a page image through its PageMap: every
 * output pixel is mapped back into the image and sampled bilinearly, so the
 * crop comes out upright and square-on whatever the perspective was.
 */
import type { Rect } from '@zapis/sheet';
import type { PageMap } from './page-map.js';
import { type GrayImage, grayImage } from './raster.js';

/** The rectangle at `pixelsPerPoint` (e.g. 200 / 72 for 200 dpi); outside the image reads as paper. */
export function sampleRect(image: GrayImage, map: PageMap, rect: Rect, pixelsPerPoint: number): GrayImage {
  const width = Math.max(1, Math.round(rect.width * pixelsPerPoint));
  const height = Math.max(1, Math.round(rect.height * pixelsPerPoint));
  const out = grayImage(width, height);
  for (let y = 0; y < height; y += 1) {
    const sy = rect.y + ((y + 0.5) / height) * rect.height;
    for (let x = 0; x < width; x += 1) {
      const [ix, iy] = map.toImage(rect.x + ((x + 0.5) / width) * rect.width, sy);
      out.data[y * width + x] = bilinear(image, ix - 0.5, iy - 0.5);
    }
  }
  return out;
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
