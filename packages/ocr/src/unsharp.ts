/**
 * An unsharp mask: each pixel pushed away from a Gaussian blur of its
 * surroundings by `amount` times the difference, clamped to the grey range.
 * Edges get back the contrast a soft capture spread out.
 */
import type { Region } from './grey-levels.js';
import { type GrayImage, grayImage } from './raster.js';

/** The mask over `region` of `image` (the whole image unless given): pixels outside it still count as surroundings. */
export function unsharp(image: GrayImage, sigma: number, amount: number, region: Region = { x: 0, y: 0, width: image.width, height: image.height }): GrayImage {
  const { width, height, data } = image;
  const kernel = gaussianKernel(sigma);
  const taps = kernel.length, reach = (taps - 1) / 2;
  // Rows the vertical pass reaches, each blurred across the region's columns (from a line padded at the image's edges).
  const top = Math.max(0, region.y - reach), bottom = Math.min(height, region.y + region.height + reach);
  const across = new Float32Array((bottom - top) * region.width);
  const line = new Float32Array(region.width + 2 * reach);
  for (let y = top; y < bottom; y += 1) {
    const row = y * width;
    for (let i = 0; i < line.length; i += 1) line[i] = data[row + Math.min(width - 1, Math.max(0, region.x - reach + i))];
    const target = (y - top) * region.width;
    for (let x = 0; x < region.width; x += 1) {
      let sum = 0;
      for (let k = 0; k < taps; k += 1) sum += kernel[k] * line[x + k];
      across[target + x] = sum;
    }
  }
  const out = grayImage(region.width, region.height);
  const blurred = new Float32Array(region.width);
  for (let y = 0; y < region.height; y += 1) {
    const centre = region.y + y;
    blurred.fill(0);
    for (let k = 0; k < taps; k += 1) {
      const from = (Math.min(bottom - 1, Math.max(top, centre - reach + k)) - top) * region.width;
      const weight = kernel[k];
      for (let x = 0; x < region.width; x += 1) blurred[x] += weight * across[from + x];
    }
    const source = centre * width + region.x, target = y * region.width;
    for (let x = 0; x < region.width; x += 1) {
      const value = data[source + x];
      const sharpened = value + amount * (value - blurred[x]);
      out.data[target + x] = sharpened <= 0 ? 0 : sharpened >= 255 ? 255 : sharpened + 0.5;
    }
  }
  return out;
}

/** Normalised weights out to three spreads either side. */
function gaussianKernel(sigma: number): Float32Array {
  const reach = Math.max(1, Math.ceil(3 * sigma));
  const kernel = new Float32Array(2 * reach + 1);
  let total = 0;
  for (let k = -reach; k <= reach; k += 1) total += kernel[k + reach] = Math.exp(-(k * k) / (2 * sigma * sigma));
  for (let k = 0; k < kernel.length; k += 1) kernel[k] /= total;
  return kernel;
}
