/** What the moves are written with: the colour and how the line takes to paper. */
import type { Random } from './random.js';

export type InkKind = 'ballpoint-blue' | 'ballpoint-black' | 'gel-black' | 'pencil';

export interface Ink {
  readonly kind: InkKind;
  /** Colour of a fully inked pixel, 0–255. */
  readonly rgb: readonly [number, number, number];
  /** Opacity of a fully covered pixel: pencil graphite lets paper through. */
  readonly opacity: number;
  /** How much the deposit varies pixel to pixel (graphite grain, ballpoint skips). */
  readonly grain: number;
  /** Pen width in millimetres. */
  readonly widthMm: number;
}

export function pickInk(random: Random): Ink {
  const kind = random.weighted<InkKind>({ 'ballpoint-blue': 4, 'ballpoint-black': 2, 'gel-black': 1, pencil: 2 });
  switch (kind) {
    case 'ballpoint-blue':
      return { kind, rgb: [random.int(20, 45), random.int(40, 70), random.int(130, 175)], opacity: random.range(0.85, 0.97), grain: random.range(0.08, 0.2), widthMm: random.range(0.28, 0.45) };
    case 'ballpoint-black':
      return { kind, rgb: [random.int(25, 45), random.int(25, 45), random.int(30, 55)], opacity: random.range(0.85, 0.95), grain: random.range(0.08, 0.2), widthMm: random.range(0.28, 0.42) };
    case 'gel-black':
      return { kind, rgb: [random.int(5, 20), random.int(5, 20), random.int(5, 25)], opacity: 0.97, grain: 0.05, widthMm: random.range(0.4, 0.6) };
    case 'pencil': {
      const grey = random.int(40, 75);
      return { kind, rgb: [grey, grey, grey + 4], opacity: random.range(0.75, 0.9), grain: random.range(0.2, 0.4), widthMm: random.range(0.35, 0.55) };
    }
  }
}
