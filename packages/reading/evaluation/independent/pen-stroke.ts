/** A pen line as drawn: points in page pixels, the line's width and darkness at each. */
import type { Point } from './homography.js';
import type { Random } from './random.js';

export interface PenStroke {
  readonly points: readonly Point[];
  readonly widths: readonly number[];
  /** 0–1: how much ink the pen leaves (pressure). */
  readonly darkness: readonly number[];
}

export interface PressureStyle {
  /** Full pen width in pixels. */
  readonly width: number;
  /** 0 steady … 1 hairline to full. */
  readonly swing: number;
}

/** Points no further apart than `step`: width and wobble then vary smoothly along the line. */
export function resample(points: readonly Point[], step: number): Point[] {
  const out: Point[] = [points[0]];
  for (let index = 1; index < points.length; index += 1) {
    const [ax, ay] = points[index - 1];
    const [bx, by] = points[index];
    const pieces = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / step));
    for (let piece = 1; piece <= pieces; piece += 1) out.push([ax + ((bx - ax) * piece) / pieces, ay + ((by - ay) * piece) / pieces]);
  }
  return out;
}

/** A polyline given widths and darkness from a pressure curve: a slow swell, lighter where the pen lands and lifts. */
export function pressed(points: readonly Point[], style: PressureStyle, random: Random): PenStroke {
  const frequency = random.range(0.5, 2);
  const phase = random.range(0, 2 * Math.PI);
  const landing = random.range(0.05, 0.15);
  const widths: number[] = [];
  const darkness: number[] = [];
  const last = Math.max(1, points.length - 1);
  for (let index = 0; index < points.length; index += 1) {
    const t = index / last;
    const swell = 1 - style.swing * (0.5 + 0.5 * Math.sin(2 * Math.PI * frequency * t + phase));
    const taper = 0.55 + 0.45 * Math.min(1, t / landing, (1 - t) / landing);
    const pressure = Math.max(0.15, swell * taper);
    widths.push(style.width * (0.45 + 0.55 * pressure));
    darkness.push(0.6 + 0.4 * pressure);
  }
  return { points, widths, darkness };
}
