/**
 * A written line scaled to a fixed height for the notation reader: each
 * output pixel the mean of the source pixels it covers (area averaging keeps
 * thin strokes that nearest-pixel sampling would drop). The training data is
 * cut through this same function, so the network sees at run time exactly
 * what it learned on.
 */
import { type GrayImage, grayImage } from './raster.js';

export const STRIP_HEIGHT = 32;
export const STRIP_MIN_WIDTH = 16;
export const STRIP_MAX_WIDTH = 320;

export function lineStrip(line: GrayImage, height = STRIP_HEIGHT): GrayImage {
  const scaled = Math.round((line.width * height) / Math.max(1, line.height));
  const width = Math.min(STRIP_MAX_WIDTH, Math.max(STRIP_MIN_WIDTH, scaled));
  const out = grayImage(width, height);
  const fx = line.width / width, fy = line.height / height;
  for (let y = 0; y < height; y += 1) {
    const y0 = y * fy, y1 = (y + 1) * fy;
    for (let x = 0; x < width; x += 1) {
      const x0 = x * fx, x1 = (x + 1) * fx;
      let sum = 0, area = 0;
      for (let sy = Math.floor(y0); sy < Math.min(line.height, Math.ceil(y1)); sy += 1) {
        const wy = Math.min(y1, sy + 1) - Math.max(y0, sy);
        for (let sx = Math.floor(x0); sx < Math.min(line.width, Math.ceil(x1)); sx += 1) {
          const weight = wy * (Math.min(x1, sx + 1) - Math.max(x0, sx));
          sum += weight * line.data[sy * line.width + sx];
          area += weight;
        }
      }
      out.data[y * width + x] = area > 0 ? Math.round(sum / area) : 255;
    }
  }
  return out;
}
