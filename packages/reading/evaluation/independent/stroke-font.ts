/**
 * Single-stroke (engraving) fonts as pen paths: the Hershey and EMS SVG fonts shipped by the `hersheytext` package
 * (MIT; EMS fonts under the SIL OFL). A glyph is a list of polylines in font units, y up from the baseline: the
 * skeleton a hand then distorts, never an outline filled as text.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Point } from './homography.js';

export interface StrokeGlyph {
  readonly strokes: readonly (readonly Point[])[];
  readonly advance: number;
}

export interface StrokeFont {
  readonly name: string;
  readonly glyphs: ReadonlyMap<string, StrokeGlyph>;
  /** Height of a capital (top of `H`) and of a small letter (top of `x`), in font units. */
  readonly capHeight: number;
  readonly xHeight: number;
}

/** Single-stroke fonts that pass for handwriting (print hands, a technical hand, script hands). */
export const HAND_FONTS = [
  'HersheySans1', 'HersheyScript1', 'EMSAllure', 'EMSElfin', 'EMSFelix', 'EMSNixish', 'EMSNixishItalic',
  'EMSReadability', 'EMSReadabilityItalic', 'EMSTech',
] as const;
export type HandFont = (typeof HAND_FONTS)[number];

const fontFolder = (): string => join(dirname(createRequire(import.meta.url).resolve('hersheytext/package.json')), 'svg_fonts');

const loaded = new Map<string, StrokeFont>();

export function loadStrokeFont(name: HandFont): StrokeFont {
  const known = loaded.get(name);
  if (known) return known;
  const svg = readFileSync(join(fontFolder(), `${name}.svg`), 'utf8');
  const defaultAdvance = Number(/<font[^>]*horiz-adv-x="([\d.]+)"/.exec(svg)?.[1] ?? 500);
  const glyphs = new Map<string, StrokeGlyph>();
  for (const match of svg.matchAll(/<glyph\b([^>]*)\/?>/g)) {
    const attributes = match[1];
    const unicode = /unicode="([^"]*)"/.exec(attributes)?.[1];
    if (unicode === undefined) continue;
    const character = decodeEntity(unicode);
    if ([...character].length !== 1) continue;
    const advance = Number(/horiz-adv-x="([-\d.eE]+)"/.exec(attributes)?.[1] ?? defaultAdvance);
    const path = / d="([^"]*)"/.exec(attributes)?.[1] ?? '';
    glyphs.set(character, { strokes: parsePath(path), advance });
  }
  const top = (character: string, fallback: number): number => {
    const points = glyphs.get(character)?.strokes.flat() ?? [];
    return points.length === 0 ? fallback : Math.max(...points.map(([, y]) => y));
  };
  const font: StrokeFont = { name, glyphs, capHeight: top('H', 500), xHeight: top('x', 300) };
  loaded.set(name, font);
  return font;
}

function decodeEntity(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** SVG path data (M, L, C, Q, Z, absolute or relative) as polylines; curves flattened to eight segments. */
export function parsePath(data: string): Point[][] {
  const tokens = data.match(/[MLCQZHVmlcqzhv]|-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g) ?? [];
  const strokes: Point[][] = [];
  let current: Point[] = [];
  let command = 'M';
  let position: Point = [0, 0];
  let start: Point = [0, 0];
  let index = 0;
  const number = (): number => Number(tokens[index++]);
  const flush = () => {
    if (current.length > 1) strokes.push(current);
    current = [];
  };
  while (index < tokens.length) {
    if (/^[A-Za-z]$/.test(tokens[index])) command = tokens[index++];
    const relative = command === command.toLowerCase();
    const base: Point = relative ? position : [0, 0];
    const point = (): Point => {
      const x = number();
      const y = number();
      return [base[0] + x, base[1] + y];
    };
    switch (command.toUpperCase()) {
      case 'M':
        flush();
        position = start = point();
        current = [position];
        command = relative ? 'l' : 'L';
        break;
      case 'L':
        position = point();
        current.push(position);
        break;
      case 'H':
        position = [(relative ? position[0] : 0) + number(), position[1]];
        current.push(position);
        break;
      case 'V':
        position = [position[0], (relative ? position[1] : 0) + number()];
        current.push(position);
        break;
      case 'C': {
        const c1 = point(), c2 = point(), end = point();
        current.push(...cubic(position, c1, c2, end));
        position = end;
        break;
      }
      case 'Q': {
        const c = point(), end = point();
        current.push(...cubic(position, lerp(position, c, 2 / 3), lerp(end, c, 2 / 3), end));
        position = end;
        break;
      }
      case 'Z':
        current.push(start);
        position = start;
        flush();
        break;
      default:
        index += 1;
    }
  }
  flush();
  return strokes;
}

const lerp = (a: Point, b: Point, t: number): Point => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

function cubic(p0: Point, p1: Point, p2: Point, p3: Point): Point[] {
  const out: Point[] = [];
  for (let step = 1; step <= 8; step += 1) {
    const t = step / 8, u = 1 - t;
    out.push([
      u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
      u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1],
    ]);
  }
  return out;
}
