/** Smooth random fields: paper cloudiness, uneven light, graphite grain. */
import type { Random } from './random.js';

/** Values in about [-1, 1] varying over `cell` pixels (smoothstep-interpolated lattice noise). */
export function latticeNoise(width: number, height: number, cell: number, random: Random): Float32Array {
  const columns = Math.ceil(width / cell) + 2;
  const rows = Math.ceil(height / cell) + 2;
  const lattice = new Float32Array(columns * rows).map(() => random.range(-1, 1));
  const out = new Float32Array(width * height);
  const smooth = (t: number) => t * t * (3 - 2 * t);
  for (let y = 0; y < height; y += 1) {
    const gy = y / cell;
    const row = Math.floor(gy);
    const ty = smooth(gy - row);
    for (let x = 0; x < width; x += 1) {
      const gx = x / cell;
      const column = Math.floor(gx);
      const tx = smooth(gx - column);
      const a = lattice[row * columns + column], b = lattice[row * columns + column + 1];
      const c = lattice[(row + 1) * columns + column], d = lattice[(row + 1) * columns + column + 1];
      out[y * width + x] = (a + (b - a) * tx) * (1 - ty) + (c + (d - c) * tx) * ty;
    }
  }
  return out;
}

/** Octaves of lattice noise, each half the size and half the weight of the one before; about [-1, 1]. */
export function fractalNoise(width: number, height: number, cell: number, octaves: number, random: Random): Float32Array {
  const out = new Float32Array(width * height);
  let weight = 1, total = 0;
  for (let octave = 0; octave < octaves; octave += 1) {
    const layer = latticeNoise(width, height, Math.max(2, cell / 2 ** octave), random);
    for (let index = 0; index < out.length; index += 1) out[index] += layer[index] * weight;
    total += weight;
    weight /= 2;
  }
  for (let index = 0; index < out.length; index += 1) out[index] /= total;
  return out;
}
