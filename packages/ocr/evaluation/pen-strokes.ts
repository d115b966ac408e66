/**
 * Training data only: letters drawn as a pen draws them, not as a font fills them. The glyph is thinned to its
 * centre line, which is then inked again by a pen of the writer's width whose pressure swings along the stroke:
 * a light hand leaves thin, faint or broken strokes, a ballpoint skips, a pencil leaves grain. Fonts give letter
 * shapes; this gives every shape the stroke of a hand.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { Random } from './random.js';

export type PenKind = 'ballpoint' | 'gel' | 'pencil' | 'felt-tip';

/** One writer's pen, drawn once per page from its own random stream. */
export interface PenHand {
  readonly kind: PenKind;
  /** Stroke width in millimetres. */
  readonly widthMm: number;
  /** 0–0.8: how far the pressure falls below firm along a stroke. */
  readonly pressureSwing: number;
  /** Pressure below which the pen leaves no ink (skips and gaps). */
  readonly skipBelow: number;
  /** The pen's own draws (pressure waves, grain), apart from the page's. */
  readonly random: Random;
}

const WIDTHS_MM: Readonly<Record<PenKind, readonly [number, number]>> = {
  ballpoint: [0.22, 0.4], gel: [0.3, 0.55], pencil: [0.25, 0.5], 'felt-tip': [0.5, 0.9],
};

export function randomPenHand(random: Random): PenHand {
  const kind = random.pick<PenKind>(['ballpoint', 'ballpoint', 'gel', 'pencil', 'felt-tip']);
  const [thin, thick] = WIDTHS_MM[kind];
  const pressureSwing = random.chance(0.35) ? random.between(0.45, 0.8) : random.between(0, 0.4);
  return { kind, widthMm: random.between(thin, thick), pressureSwing, skipBelow: kind === 'felt-tip' ? 0 : random.between(0.1, 0.3), random };
}

/** Where and how one letter is placed on the page: the transform writeInRect applies before filling it. */
export interface LetterPlacement {
  readonly character: string;
  /** CSS font of the letter, size included. */
  readonly font: string;
  /** The letter's origin (baseline, left) in page pixels. */
  readonly x: number;
  readonly y: number;
  readonly angle: number;
  readonly narrow: number;
  readonly slant: number;
  /** The letter's size in pixels: how far it reaches from its origin. */
  readonly size: number;
}

const MILLIMETRES_PER_POINT = 25.4 / 72;

/**
 * Thins a binary mask (1 = ink) to lines one pixel wide, in place (Zhang and Suen's two sub-steps: an inked pixel
 * goes when it has 2–6 inked neighbours, exactly one blank-to-ink change around it, and lies on the sub-step's side).
 */
export function thinToCentreLines(mask: Uint8Array, width: number, height: number): void {
  const remove: number[] = [];
  let changed = true;
  while (changed) {
    changed = false;
    for (const step of [0, 1]) {
      remove.length = 0;
      for (let y = 1; y < height - 1; y++) {
        for (let x = 1; x < width - 1; x++) {
          const at = y * width + x;
          if (mask[at] === 0) continue;
          const p2 = mask[at - width], p3 = mask[at - width + 1], p4 = mask[at + 1], p5 = mask[at + width + 1];
          const p6 = mask[at + width], p7 = mask[at + width - 1], p8 = mask[at - 1], p9 = mask[at - width - 1];
          const neighbours = p2 + p3 + p4 + p5 + p6 + p7 + p8 + p9;
          if (neighbours < 2 || neighbours > 6) continue;
          const rises = (p2 < p3 ? 1 : 0) + (p3 < p4 ? 1 : 0) + (p4 < p5 ? 1 : 0) + (p5 < p6 ? 1 : 0)
            + (p6 < p7 ? 1 : 0) + (p7 < p8 ? 1 : 0) + (p8 < p9 ? 1 : 0) + (p9 < p2 ? 1 : 0);
          if (rises !== 1) continue;
          const edge = step === 0 ? p2 * p4 * p6 === 0 && p4 * p6 * p8 === 0 : p2 * p4 * p8 === 0 && p2 * p6 * p8 === 0;
          if (edge) remove.push(at);
        }
      }
      for (const at of remove) mask[at] = 0;
      if (remove.length > 0) changed = true;
    }
  }
}

/** The letter filled as its font draws it, on a canvas of its own: the mask of its ink and where that canvas sits on the page. */
function letterMask(letter: LetterPlacement): { mask: Uint8Array; width: number; height: number; left: number; top: number } {
  const reach = Math.ceil(letter.size * 1.6) + 4;
  const left = Math.floor(letter.x - reach), top = Math.floor(letter.y - reach);
  const width = 2 * reach, height = 2 * reach;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.translate(letter.x - left, letter.y - top);
  context.rotate(letter.angle);
  context.transform(letter.narrow, 0, -letter.slant, 1, 0, 0);
  context.font = letter.font;
  context.fillStyle = '#000';
  context.fillText(letter.character, 0, 0);
  const alpha = context.getImageData(0, 0, width, height).data;
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = alpha[i * 4 + 3] >= 128 ? 1 : 0;
  return { mask, width, height, left, top };
}

/**
 * The pen's pressure over a letter, 0–1: a wave across it in a random direction, so one side of a letter is firm and
 * the other light, as a hand's pressure moves through a stroke.
 */
function pressureWave(pen: PenHand, size: number): (x: number, y: number) => number {
  const { random } = pen;
  const direction = random.between(0, Math.PI * 2);
  const wavelength = size * random.between(0.6, 1.6);
  const phase = random.between(0, Math.PI * 2);
  const kx = (Math.cos(direction) * 2 * Math.PI) / wavelength, ky = (Math.sin(direction) * 2 * Math.PI) / wavelength;
  const swing = pen.pressureSwing * random.between(0.6, 1.2);
  return (x, y) => Math.min(1, Math.max(0, 1 - swing * (0.5 + 0.5 * Math.sin(kx * x + ky * y + phase))));
}

/** Inks one letter's centre line with the pen onto `context` (page pixels; `pixelsPerPoint` sets the pen's width). */
export function drawLetterWithPen(context: SKRSContext2D, letter: LetterPlacement, pen: PenHand, ink: { red: number; green: number; blue: number; opacity: number }, pixelsPerPoint: number): void {
  const { mask, width, height, left, top } = letterMask(letter);
  thinToCentreLines(mask, width, height);
  const pressure = pressureWave(pen, letter.size);
  const fullRadius = Math.max(0.7, (pen.widthMm / MILLIMETRES_PER_POINT) * pixelsPerPoint / 2);
  const coverage = new Float32Array(width * height);
  const grain = pen.kind === 'pencil';
  // Graphite is grey whatever the writer's ink.
  const colour = grain ? { red: 78, green: 78, blue: 84 } : ink;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (mask[y * width + x] === 0) continue;
      const push = pressure(x, y);
      if (push < pen.skipBelow) continue;
      // A lighter push leaves a thinner and fainter line; a felt tip keeps its width.
      const radius = pen.kind === 'felt-tip' ? fullRadius : fullRadius * (0.45 + 0.55 * push);
      const strength = 0.35 + 0.65 * push;
      const reach = Math.ceil(radius + 1);
      for (let dy = -reach; dy <= reach; dy++) {
        const row = y + dy;
        if (row < 0 || row >= height) continue;
        for (let dx = -reach; dx <= reach; dx++) {
          const column = x + dx;
          if (column < 0 || column >= width) continue;
          // Anti-aliased disc: full inside the radius, fading over the last pixel.
          const edge = Math.min(1, Math.max(0, radius + 0.5 - Math.hypot(dx, dy)));
          const at = row * width + column;
          if (edge * strength > coverage[at]) coverage[at] = edge * strength;
        }
      }
    }
  }
  const layer = createCanvas(width, height);
  const layerContext = layer.getContext('2d');
  const image = layerContext.createImageData(width, height);
  for (let i = 0; i < coverage.length; i++) {
    if (coverage[i] === 0) continue;
    const grained = grain ? coverage[i] * pen.random.between(0.45, 1) : coverage[i];
    image.data[i * 4] = colour.red;
    image.data[i * 4 + 1] = colour.green;
    image.data[i * 4 + 2] = colour.blue;
    image.data[i * 4 + 3] = Math.round(255 * Math.min(1, grained * ink.opacity));
  }
  layerContext.putImageData(image, 0, 0);
  context.drawImage(layer, left, top);
}
