/** Where the ink of a cell is: the box around what is darker than a level, and that box cut out with a margin. */
import type { Region } from './grey-levels.js';
import { type GrayImage, grayImage } from './raster.js';

export interface InkBox { readonly x: number; readonly y: number; readonly width: number; readonly height: number; readonly count: number }

/**
 * The bounding box of the ink (darker than `level`) within a region, ignoring rows and columns with only a stray dark
 * pixel; with no ink, the whole image and a count of 0.
 */
export function inkBox(image: GrayImage, region: Region, level: number): InkBox {
  const { width, height, data } = image;
  const rows = new Uint32Array(height);
  const columns = new Uint32Array(width);
  let count = 0;
  for (let y = region.y; y < region.y + region.height; y += 1) {
    for (let x = region.x; x < region.x + region.width; x += 1) {
      if (data[y * width + x] >= level) continue;
      rows[y] += 1;
      columns[x] += 1;
      count += 1;
    }
  }
  const first = (counts: Uint32Array): number => counts.findIndex((n) => n >= 2);
  const last = (counts: Uint32Array): number => {
    for (let i = counts.length - 1; i >= 0; i -= 1) if (counts[i] >= 2) return i;
    return -1;
  };
  const top = first(rows), bottom = last(rows), left = first(columns), right = last(columns);
  if (top < 0 || left < 0) return { x: 0, y: 0, width, height, count: 0 };
  return { x: left, y: top, width: right - left + 1, height: bottom - top + 1, count };
}

/** The box with `margin` pixels around it, kept within the image. */
export function withMargin(image: GrayImage, box: Omit<InkBox, 'count'>, margin: number): Region {
  const x = Math.max(0, box.x - margin), y = Math.max(0, box.y - margin);
  return { x, y, width: Math.min(image.width, box.x + box.width + margin) - x, height: Math.min(image.height, box.y + box.height + margin) - y };
}

/** The box cut out of the image with `margin` pixels around it (within the image). */
export function cropped(image: GrayImage, box: Omit<InkBox, 'count'>, margin: number): GrayImage {
  const region = withMargin(image, box, margin);
  const out = grayImage(region.width, region.height);
  for (let y = 0; y < region.height; y += 1) {
    const from = (region.y + y) * image.width + region.x;
    out.data.set(image.data.subarray(from, from + region.width), y * out.width);
  }
  return out;
}
