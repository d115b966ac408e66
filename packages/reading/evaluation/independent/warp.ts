/** The page drawn onto another image through a homography (inverse mapping, bilinear), over a background. */
import { applyHomography, invertHomography, type Homography, type Point } from './homography.js';
import type { Raster } from './raster.js';

/**
 * `source` mapped by `toOutput` onto `background` (which gives the output size). A source pixel for which
 * `missing` is true (a cut-off corner) is background too. Samples straddling the page edge mix both, so the edge is smooth.
 */
export function warp(source: Raster, toOutput: Homography, background: Raster, missing?: (point: Point) => boolean): Raster {
  const back = invertHomography(toOutput);
  const { width, height } = background;
  const out = new Uint8ClampedArray(background.data);
  const sw = source.width, sh = source.height;
  for (let v = 0; v < height; v += 1) {
    for (let u = 0; u < width; u += 1) {
      const [x, y] = applyHomography(back, [u + 0.5, v + 0.5]);
      const fx = x - 0.5, fy = y - 0.5;
      if (fx < -1 || fy < -1 || fx > sw || fy > sh) continue;
      const x0 = Math.floor(fx), y0 = Math.floor(fy);
      const tx = fx - x0, ty = fy - y0;
      const o = (v * width + u) * 4;
      const weights = [(1 - tx) * (1 - ty), tx * (1 - ty), (1 - tx) * ty, tx * ty];
      const xs = [x0, x0 + 1, x0, x0 + 1], ys = [y0, y0, y0 + 1, y0 + 1];
      let r = 0, g = 0, b = 0;
      for (let k = 0; k < 4; k += 1) {
        const sx = xs[k], sy = ys[k];
        const outside = sx < 0 || sy < 0 || sx >= sw || sy >= sh || (missing !== undefined && missing([sx + 0.5, sy + 0.5]));
        const data = outside ? out : source.data;
        const p = outside ? o : (sy * sw + sx) * 4;
        r += weights[k] * data[p]; g += weights[k] * data[p + 1]; b += weights[k] * data[p + 2];
      }
      out[o] = r; out[o + 1] = g; out[o + 2] = b;
    }
  }
  return { width, height, data: out };
}
