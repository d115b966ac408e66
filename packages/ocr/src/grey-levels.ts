/** Grey-level statistics of an image (or part of one): the paper's level, the darkest strokes. */
import type { GrayImage } from './raster.js';

export interface Region { readonly x: number; readonly y: number; readonly width: number; readonly height: number }

/** Histogram of a region's grey levels, every `step`-th pixel of each row (1: all). */
export function greyHistogram(image: GrayImage, region: Region = { x: 0, y: 0, width: image.width, height: image.height }, step = 1): { histogram: Uint32Array; count: number } {
  const histogram = new Uint32Array(256);
  let count = 0;
  for (let y = region.y; y < region.y + region.height; y += 1) {
    for (let x = region.x; x < region.x + region.width; x += step) {
      histogram[image.data[y * image.width + x]] += 1;
      count += 1;
    }
  }
  return { histogram, count };
}

/** The grey level below which `share` of the counted pixels lie. */
export function percentile({ histogram, count }: { histogram: Uint32Array; count: number }, share: number): number {
  let seen = 0;
  for (let value = 0; value < 256; value += 1) {
    seen += histogram[value];
    if (seen >= count * share) return value;
  }
  return 255;
}
