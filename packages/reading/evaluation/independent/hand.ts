/**
 * One writer: the skeleton font they resemble and how they bend it — size, slant, spacing, wobble, pressure — and
 * their notation habits. Each sheet gets a writer of its own drawn from the seed.
 */
import { HAND_FONTS, type HandFont } from './stroke-font.js';
import { pickInk, type Ink } from './ink.js';
import type { Random } from './random.js';

export interface NotationHabits {
  readonly capture: 'x' | ':' | 'none';
  readonly castling: 'O-O' | '0-0';
  readonly mate: '#' | 'X' | '++';
  readonly checks: boolean;
  readonly promotion: '=' | 'plain';
}

export interface Hand {
  readonly font: HandFont;
  readonly ink: Ink;
  /** Capital height as a share of the cell's height. */
  readonly size: number;
  /** Slant in radians (positive leans right). */
  readonly slant: number;
  /** Advance multiplier between letters. */
  readonly spacing: number;
  /** Horizontal stretch of the letters. */
  readonly width: number;
  /** Per-glyph random affine spread (rotation in radians, scale share, offset in cap heights). */
  readonly glyphJitter: { readonly rotation: number; readonly scale: number; readonly offset: number };
  /** Smooth wobble of the skeleton's points, in cap heights. */
  readonly wobble: number;
  /** Baseline wander over a move, in cap heights. */
  readonly baselineDrift: number;
  /** How far pen pressure swings (0 steady, 1 from hairline to full width). */
  readonly pressureSwing: number;
  /** Chance that a letter is joined to the next with a connecting stroke. */
  readonly joinRate: number;
  /** Chance per sheet-cell of a move crossed out and written again. */
  readonly correctionRate: number;
  /** Where in a classic cell the text starts, as a share of the free width. */
  readonly indent: readonly [number, number];
  /** Baseline height within the cell (share from the top). */
  readonly baseline: number;
  readonly habits: NotationHabits;
}

export function pickHand(random: Random, language: string): Hand {
  const font = random.pick(HAND_FONTS);
  const italicFont = font.includes('Italic') || font.includes('Script');
  const size = random.range(0.38, 0.66);
  return {
    font,
    ink: pickInk(random),
    size,
    slant: (italicFont ? random.range(-0.12, 0.05) : random.range(-0.08, 0.3)),
    spacing: random.range(0.82, 1.22),
    width: random.range(0.8, 1.15),
    glyphJitter: { rotation: random.range(0.01, 0.07), scale: random.range(0.03, 0.12), offset: random.range(0.02, 0.09) },
    wobble: random.range(0.01, 0.06),
    baselineDrift: random.range(0, 0.18),
    pressureSwing: random.range(0.15, 0.6),
    joinRate: random.chance(0.4) ? random.range(0.1, 0.5) : 0,
    correctionRate: random.chance(0.45) ? random.range(0.01, 0.035) : 0,
    indent: random.chance(0.6) ? [0.02, 0.2] : [0.1, 0.6],
    baseline: Math.min(0.86, random.range(0.58, 0.74) + size * 0.18),
    habits: pickHabits(random, language),
  };
}

function pickHabits(random: Random, language: string): NotationHabits {
  const checks = random.chance(0.8);
  if (language === 'pl') {
    return {
      capture: random.weighted({ ':': 6, x: 3, none: 1 }), castling: '0-0', mate: random.chance(0.5) ? 'X' : '#', checks,
      promotion: random.chance(0.7) ? 'plain' : '=',
    };
  }
  return {
    capture: language === 'de' && random.chance(0.4) ? ':' : random.chance(0.93) ? 'x' : 'none',
    castling: random.chance(0.5) ? 'O-O' : '0-0',
    mate: random.weighted({ '#': 8, '++': 2 }),
    checks,
    promotion: random.chance(0.8) ? '=' : 'plain',
  };
}
