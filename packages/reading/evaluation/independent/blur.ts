/** Gaussian-like blur as three box passes each way: defocus, ink bleed, show-through softness. */
import type { Raster } from './raster.js';

/** The RGB channels of `raster` blurred by about `sigma` pixels (alpha kept). */
export function blurRaster(raster: Raster, sigma: number): Raster {
  if (sigma < 0.3) return raster;
  const { width, height } = raster;
  const out = new Uint8ClampedArray(raster.data);
  const channel = new Float32Array(width * height);
  const radius = boxRadius(sigma);
  for (let c = 0; c < 3; c += 1) {
    for (let index = 0; index < channel.length; index += 1) channel[index] = raster.data[index * 4 + c];
    blurChannel(channel, width, height, radius);
    for (let index = 0; index < channel.length; index += 1) out[index * 4 + c] = channel[index];
  }
  return { width, height, data: out };
}

/** One channel blurred in place. */
export function blurChannel(values: Float32Array, width: number, height: number, radius: number): void {
  if (radius < 1) return;
  const scratch = new Float32Array(Math.max(width, height));
  for (let pass = 0; pass < 3; pass += 1) {
    for (let y = 0; y < height; y += 1) boxLine(values, y * width, 1, width, radius, scratch);
    for (let x = 0; x < width; x += 1) boxLine(values, x, width, height, radius, scratch);
  }
}

/** Box radius whose three passes approximate a Gaussian of `sigma`. */
export const boxRadius = (sigma: number): number => Math.max(0, Math.round(Math.sqrt((12 * sigma * sigma) / 3 + 1) / 2 - 0.5));

function boxLine(values: Float32Array, start: number, stride: number, length: number, radius: number, scratch: Float32Array): void {
  for (let index = 0; index < length; index += 1) scratch[index] = values[start + index * stride];
  const span = 2 * radius + 1;
  let sum = 0;
  // Edges repeat the border pixel.
  for (let k = -radius; k <= radius; k += 1) sum += scratch[Math.min(length - 1, Math.max(0, k))];
  for (let index = 0; index < length; index += 1) {
    values[start + index * stride] = sum / span;
    sum += scratch[Math.min(length - 1, index + radius + 1)] - scratch[Math.max(0, index - radius)];
  }
}
