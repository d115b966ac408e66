/**
 * The sheet as paper: toner that is not quite black, a tint, cloudy texture and fibres, the other side's print
 * showing through mirrored, and the handwriting's ink laid over the print (multiplied, with the pen's grain).
 */
import { blurChannel } from './blur.js';
import type { Ink } from './ink.js';
import { fractalNoise, latticeNoise } from './noise.js';
import type { Random } from './random.js';
import type { Raster } from './raster.js';

export interface PaperLook {
  readonly name: 'white' | 'cream' | 'recycled' | 'bluish';
  readonly tint: readonly [number, number, number];
  /** Darkest toner value (print on this paper is never 0). */
  readonly toner: number;
  /** Cloudiness amplitude (share of brightness) and its scale in pixels per inch of paper. */
  readonly cloud: number;
  readonly fibre: number;
  /** How dark the mirrored back side shows (0 none). */
  readonly showThrough: number;
}

export function pickPaper(random: Random): PaperLook {
  const name = random.weighted<PaperLook['name']>({ white: 4, cream: 2, recycled: 2, bluish: 1 });
  const tint: Record<PaperLook['name'], [number, number, number]> = {
    white: [random.int(244, 255), random.int(244, 255), random.int(242, 255)],
    cream: [random.int(245, 255), random.int(236, 248), random.int(212, 230)],
    recycled: [random.int(222, 236), random.int(220, 232), random.int(210, 224)],
    bluish: [random.int(230, 242), random.int(236, 248), random.int(246, 255)],
  };
  return {
    name, tint: tint[name], toner: random.int(15, 60),
    cloud: random.range(0.01, name === 'recycled' ? 0.06 : 0.035), fibre: random.range(0.005, name === 'recycled' ? 0.04 : 0.02),
    showThrough: random.chance(0.6) ? random.range(0.02, 0.07) : 0,
  };
}

/** The printed page (pdftoppm's raster, `dpi`) with the ink layer written on it, as paper. */
export function lay(printed: Raster, inkLayer: Raster, ink: Ink, paper: PaperLook, dpi: number, random: Random): Raster {
  const { width, height } = printed;
  const pixels = width * height;
  const out = new Uint8ClampedArray(printed.data.length);
  const back = paper.showThrough > 0 ? mirroredBack(printed, dpi, random) : undefined;
  const cloud = fractalNoise(width, height, dpi * random.range(0.6, 1.6), 3, random.fork('cloud'));
  const fibre = latticeNoise(width, height, Math.max(2, dpi / 60), random.fork('fibre'));
  const grain = inkGrain(width, height, ink, dpi, random.fork('grain'));
  const toner = paper.toner / 255;
  for (let index = 0; index < pixels; index += 1) {
    const p = index * 4;
    const light = 1 + cloud[index] * paper.cloud + fibre[index] * paper.fibre;
    const under = back ? 1 - paper.showThrough * back[index] : 1;
    const coverage = inkLayer.data[p + 3] / 255;
    const pressure = 1 - inkLayer.data[p] / 255;
    const a = Math.min(1, coverage * pressure * ink.opacity * (1 - ink.grain * grain[index]));
    for (let c = 0; c < 3; c += 1) {
      const print = toner + (1 - toner) * (printed.data[p + c] / 255);
      const surface = print * under * (paper.tint[c] / 255);
      const inked = surface * (1 - a * (1 - ink.rgb[c] / 255));
      out[p + c] = 255 * inked * light;
    }
    out[p + 3] = 255;
  }
  return { width, height, data: out };
}

/** Darkness (0–1) of the page's own print seen from behind: mirrored, shifted, blurred by the paper. */
function mirroredBack(printed: Raster, dpi: number, random: Random): Float32Array {
  const { width, height } = printed;
  const shiftX = Math.round(random.range(-0.4, 0.4) * dpi);
  const shiftY = Math.round(random.range(-0.6, 0.6) * dpi);
  const back = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const sy = y + shiftY;
    if (sy < 0 || sy >= height) continue;
    for (let x = 0; x < width; x += 1) {
      const sx = width - 1 - x + shiftX;
      if (sx < 0 || sx >= width) continue;
      back[y * width + x] = 1 - printed.data[(sy * width + sx) * 4 + 1] / 255;
    }
  }
  blurChannel(back, width, height, Math.max(1, Math.round(dpi / 90)));
  return back;
}

/** Per-pixel 0–1 loss of ink: fine speckle for a ballpoint, streaky grain for graphite. */
function inkGrain(width: number, height: number, ink: Ink, dpi: number, random: Random): Float32Array {
  if (ink.kind === 'pencil') {
    const grain = latticeNoise(width, height, Math.max(1.5, dpi / 150), random);
    return grain.map((value) => Math.min(1, Math.max(0, 0.5 + 0.8 * value)));
  }
  const skips = latticeNoise(width, height, Math.max(2, dpi / 40), random);
  return skips.map((value) => Math.max(0, value) * random.next() + 0.2 * random.next());
}
