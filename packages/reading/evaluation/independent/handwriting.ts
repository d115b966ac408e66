/**
 * Text written by a hand into a cell: each glyph's skeleton from the stroke font, bent by the writer (slant, width)
 * and by chance each time (rotation, scale, offset, smooth wobble, baseline wander), spaced loosely, sometimes
 * joined to the next letter, and given pen pressure. Returns the pen strokes and where the ink went.
 */
import type { Point } from './homography.js';
import type { Hand } from './hand.js';
import { pressed, resample, type PenStroke } from './pen-stroke.js';
import type { Random } from './random.js';
import { loadStrokeFont, type StrokeGlyph } from './stroke-font.js';

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A classic cell takes the text on one line; a boxed cell one character per box. */
export type Placement = { readonly kind: 'line'; readonly box: Rect } | { readonly kind: 'boxes'; readonly boxes: readonly Rect[] };

export interface Written {
  readonly strokes: PenStroke[];
  /** Bounds of the ink, page pixels. */
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

export interface WriteOptions {
  /** Pen width in pixels. */
  readonly penWidth: number;
  /** Start a line here (page pixels) instead of at the hand's own indent. */
  readonly startX?: number;
  /** Narrow the line to this width (pixels) at most; default 92% of the cell. */
  readonly maxWidth?: number;
}

interface Laid {
  readonly glyph: StrokeGlyph;
  /** Glyph origin (baseline, left) in page pixels and the scale from font units. */
  readonly x: number;
  readonly y: number;
  readonly scaleX: number;
  readonly scaleY: number;
}

export function handwrite(text: string, placement: Placement, hand: Hand, random: Random, options: WriteOptions): Written {
  const font = loadStrokeFont(hand.font);
  const cellHeight = placement.kind === 'line' ? placement.box.height : placement.boxes[0].height;
  const capPx = cellHeight * hand.size * random.range(0.93, 1.07);
  const scale = capPx / font.capHeight;
  const characters = [...text];
  const glyphOf = (character: string): StrokeGlyph => font.glyphs.get(character) ?? { strokes: [], advance: font.capHeight * 0.5 };
  const laid = placement.kind === 'line'
    ? layLine(characters.map(glyphOf), placement.box, hand, random, scale, options)
    : layBoxes(characters.map(glyphOf), placement.boxes, hand, random, scale);
  const strokes: PenStroke[] = [];
  let left = Infinity, right = -Infinity, top = Infinity, bottom = -Infinity;
  const drift = { slope: random.normal() * hand.baselineDrift * capPx, wave: random.range(0, 2 * Math.PI) };
  let previousEnd: Point | undefined;
  laid.forEach((item, index) => {
    const t = laid.length > 1 ? index / (laid.length - 1) : 0;
    const glyphStrokes = bendGlyph(item, hand, random, capPx, drift.slope * (t - 0.5) + 0.3 * hand.baselineDrift * capPx * Math.sin(drift.wave + 3 * t));
    const step = Math.max(0.8, options.penWidth * 0.4);
    if (previousEnd && glyphStrokes.length > 0 && random.chance(hand.joinRate) && /[a-h1-8]/.test(characters[index] ?? '')) {
      const start = glyphStrokes[0][0];
      if (Math.hypot(start[0] - previousEnd[0], start[1] - previousEnd[1]) < capPx * 1.3) {
        strokes.push(pressed(resample([previousEnd, [(previousEnd[0] + start[0]) / 2, Math.max(previousEnd[1], start[1]) + capPx * 0.08], start], step), { width: options.penWidth * 0.8, swing: hand.pressureSwing }, random));
      }
    }
    for (const polyline of glyphStrokes) {
      const points = resample(polyline, step);
      strokes.push(pressed(points, { width: options.penWidth, swing: hand.pressureSwing }, random));
      for (const [x, y] of points) {
        left = Math.min(left, x); right = Math.max(right, x); top = Math.min(top, y); bottom = Math.max(bottom, y);
      }
    }
    const lastStroke = glyphStrokes[glyphStrokes.length - 1];
    previousEnd = lastStroke ? lastStroke[lastStroke.length - 1] : undefined;
  });
  return { strokes, left, right, top, bottom };
}

function layLine(glyphs: readonly StrokeGlyph[], box: Rect, hand: Hand, random: Random, scale: number, options: WriteOptions): Laid[] {
  const advances = glyphs.map((glyph) => glyph.advance * scale * hand.width * hand.spacing * random.range(0.9, 1.1));
  const natural = advances.reduce((sum, advance) => sum + advance, 0);
  const room = options.maxWidth ?? box.width * 0.92;
  const squeeze = natural > room ? room / natural : 1;
  const free = Math.max(0, box.width - natural * squeeze);
  let x = options.startX ?? box.x + free * random.range(hand.indent[0], hand.indent[1]);
  const y = box.y + box.height * hand.baseline * random.range(0.96, 1.04);
  return glyphs.map((glyph, index) => {
    const item = { glyph, x, y, scaleX: scale * hand.width * squeeze, scaleY: scale * (squeeze < 0.8 ? 0.9 : 1) };
    x += advances[index] * squeeze;
    return item;
  });
}

function layBoxes(glyphs: readonly StrokeGlyph[], boxes: readonly Rect[], hand: Hand, random: Random, scale: number): Laid[] {
  return glyphs.map((glyph, index) => {
    const box = boxes[Math.min(index, boxes.length - 1)];
    const points = glyph.strokes.flat();
    const minX = points.length ? Math.min(...points.map(([px]) => px)) : 0;
    const maxX = points.length ? Math.max(...points.map(([px]) => px)) : glyph.advance;
    // A box takes one character: a wide one is narrowed to fit, as a writer would.
    const fit = Math.min(1, (box.width * 0.8) / Math.max(1, (maxX - minX) * scale * hand.width));
    const scaleX = scale * hand.width * fit;
    const overflow = index >= boxes.length ? 0.5 : 1;
    const x = box.x + box.width / 2 - ((minX + maxX) / 2) * scaleX * overflow + random.normal() * box.width * 0.06;
    const y = box.y + box.height * hand.baseline * random.range(0.97, 1.03);
    return { glyph, x, y, scaleX: scaleX * overflow, scaleY: scale * (overflow < 1 ? 0.8 : 1) };
  });
}

/** The glyph's strokes in page pixels, after the writer's slant and this instance's chance distortions. */
function bendGlyph(item: Laid, hand: Hand, random: Random, capPx: number, baselineShift: number): Point[][] {
  const rotation = random.normal() * hand.glyphJitter.rotation;
  const grow = 1 + random.normal() * hand.glyphJitter.scale;
  const shear = Math.tan(hand.slant + random.normal() * 0.04);
  const offsetX = random.normal() * hand.glyphJitter.offset * capPx;
  const offsetY = random.normal() * hand.glyphJitter.offset * capPx + baselineShift;
  const cos = Math.cos(rotation), sin = Math.sin(rotation);
  // Smooth wobble: two low-frequency waves over the glyph, so nearby points move together.
  const waves = [0, 1].map(() => ({ fx: random.range(1, 3) / capPx, fy: random.range(1, 3) / capPx, phase: random.range(0, 2 * Math.PI), amp: random.normal() * hand.wobble * capPx }));
  return item.glyph.strokes.map((stroke) => stroke.map(([fx, fy]): Point => {
    const lx = fx * item.scaleX * grow;
    const ly = -fy * item.scaleY * grow;
    const sx = lx - ly * shear;
    const rx = cos * sx - sin * ly;
    const ry = sin * sx + cos * ly;
    const wx = waves[0].amp * Math.sin(rx * waves[0].fx + ry * waves[0].fy + waves[0].phase);
    const wy = waves[1].amp * Math.sin(rx * waves[1].fx + ry * waves[1].fy + waves[1].phase);
    return [item.x + offsetX + rx + wx, item.y + offsetY + ry + wy];
  }));
}
