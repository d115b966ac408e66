/**
 * Writes text into a sheet rectangle the way a hand does: letter by letter,
 * each with its own small change of size, angle and height, on a baseline that
 * is the writer's, in the writer's ink.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Rect } from '@zapis/sheet';
import type { HandStyle } from './hand-style.js';
import { drawLetterWithPen, type PenHand } from './pen-strokes.js';
import type { Random } from './random.js';

/** Capital height per pixel of font size, measured once per font family. */
const capRatios = new Map<string, number>();

function capRatio(context: SKRSContext2D, family: string): number {
  let ratio = capRatios.get(family);
  if (ratio === undefined) {
    context.font = `100px ${family}`;
    ratio = Math.max(0.3, context.measureText('H').actualBoundingBoxAscent / 100);
    capRatios.set(family, ratio);
  }
  return ratio;
}

export interface WriteOptions {
  /** Pixels per sheet point. */
  readonly scale: number;
  /** Canvas font family of the style's font. */
  readonly family: string;
  /** Write bigger or lower than usual so strokes touch the rect's border. */
  readonly touching?: boolean;
  /**
   * Training data only: each letter in a family drawn from these, scaled to the same capital height, so the
   * reader meets letter shapes in combinations no single font has (hands it was not given).
   */
  readonly letterFamilies?: readonly string[];
  /** Training data only: each letter's centre line inked by this pen (pen-strokes.ts) instead of the font's fill. */
  readonly pen?: PenHand;
}

/** Writes `text` in `rect` (sheet points); returns the ink box in pixels (approximate, from glyph metrics). */
export function writeInRect(
  context: SKRSContext2D, text: string, rect: Rect, style: HandStyle, random: Random, options: WriteOptions,
): Rect {
  const { scale, family } = options;
  const height = rect.height * scale;
  const width = rect.width * scale;
  const touching = options.touching ?? false;
  const capHeight = height * style.capHeight * random.between(0.93, 1.07) * (touching ? 1.12 : 1);
  let fontSize = capHeight / capRatio(context, family);
  const spacing = style.spacing * random.between(0.96, 1.04);
  const narrow = style.width ?? 1;
  context.font = `${fontSize}px ${family}`;
  const natural = [...text].reduce((sum, character) => sum + context.measureText(character).width * spacing * narrow, 0);
  const indent = width * style.indent * random.between(0.7, 1.3);
  const room = width - indent - width * 0.04;
  // A writer short of room writes smaller, not over the ruling.
  if (natural > room) {
    fontSize *= room / natural;
  }
  const baselineShare = touching ? style.baseline + random.between(0.06, 0.1) : style.baseline + random.between(-0.04, 0.04);
  const baseline = rect.y * scale + height * Math.min(baselineShare, 0.95);
  let x = rect.x * scale + Math.min(indent, Math.max(0, width - natural) * 0.9);
  const { red, green, blue, pressure } = style.ink;
  context.fillStyle = `rgb(${red},${green},${blue})`;
  let left = Infinity, right = -Infinity, top = Infinity, bottom = -Infinity;
  for (const character of text) {
    const letterFamily = options.letterFamilies ? random.pick(options.letterFamilies) : family;
    const sameCaps = capRatio(context, family) / capRatio(context, letterFamily);
    const size = fontSize * sameCaps * (1 + random.normal() * style.sizeJitter);
    const rise = random.normal() * style.offsetJitter * capHeight;
    const angle = random.normal() * style.rotationJitter;
    context.font = `${size}px ${letterFamily}`;
    const metrics = context.measureText(character);
    const opacity = Math.min(1, pressure * random.between(0.9, 1.05));
    if (options.pen) {
      const letter = { character, font: context.font, x, y: baseline + rise, angle, narrow, slant: style.slant, size };
      drawLetterWithPen(context, letter, options.pen, { red, green, blue, opacity }, scale);
    } else {
      context.save();
      context.globalAlpha = opacity;
      context.translate(x, baseline + rise);
      context.rotate(angle);
      context.transform(narrow, 0, -style.slant, 1, 0, 0);
      context.fillText(character, 0, 0);
      context.restore();
    }
    const lean = style.slant * metrics.actualBoundingBoxAscent;
    left = Math.min(left, x - metrics.actualBoundingBoxLeft * narrow - Math.max(0, -lean));
    right = Math.max(right, x + metrics.actualBoundingBoxRight * narrow + Math.max(0, lean));
    top = Math.min(top, baseline + rise - metrics.actualBoundingBoxAscent);
    bottom = Math.max(bottom, baseline + rise + metrics.actualBoundingBoxDescent);
    x += metrics.width * spacing * narrow * (size / (fontSize * sameCaps));
  }
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** A tick in a result box: a cross or a check mark, in the writer's ink. */
export function tickBox(context: SKRSContext2D, rect: Rect, style: HandStyle, random: Random, scale: number): void {
  const x = rect.x * scale, y = rect.y * scale, w = rect.width * scale, h = rect.height * scale;
  const { red, green, blue, pressure } = style.ink;
  context.save();
  context.strokeStyle = `rgb(${red},${green},${blue})`;
  context.globalAlpha = pressure;
  context.lineWidth = Math.max(2, scale * random.between(0.8, 1.3));
  context.lineCap = 'round';
  const wobble = (): number => random.between(-0.08, 0.08) * w;
  context.beginPath();
  if (random.chance(0.6)) {
    context.moveTo(x + 0.15 * w + wobble(), y + 0.15 * h + wobble());
    context.lineTo(x + 0.85 * w + wobble(), y + 0.85 * h + wobble());
    context.moveTo(x + 0.85 * w + wobble(), y + 0.15 * h + wobble());
    context.lineTo(x + 0.15 * w + wobble(), y + 0.85 * h + wobble());
  } else {
    context.moveTo(x + 0.15 * w + wobble(), y + 0.55 * h + wobble());
    context.lineTo(x + 0.4 * w + wobble(), y + 0.85 * h);
    context.lineTo(x + 0.9 * w + wobble(), y + 0.1 * h + wobble());
  }
  context.stroke();
  context.restore();
}
