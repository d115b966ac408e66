/**
 * One writer's hand: font, size, slant, where in the cell the line sits, ink,
 * and how much each letter wanders. Drawn per writer from the seed.
 */
import type { Random } from './random.js';

export interface Ink {
  readonly red: number;
  readonly green: number;
  readonly blue: number;
  /** 0.6–1: a light or a firm hand. */
  readonly pressure: number;
  readonly name: 'blue' | 'black';
}

export interface HandStyle {
  readonly font: string;
  /** Capital height as a share of the cell height. */
  readonly capHeight: number;
  /** Horizontal shear: positive leans right. */
  readonly slant: number;
  /** Baseline position from the cell's top, as a share of its height. */
  readonly baseline: number;
  /** Left margin as a share of the cell width. */
  readonly indent: number;
  readonly ink: Ink;
  /** Per-letter wander: size share, rotation in radians, vertical offset share of the cap height. */
  readonly sizeJitter: number;
  readonly rotationJitter: number;
  readonly offsetJitter: number;
  /** Letter spacing factor (1 = the font's own). */
  readonly spacing: number;
  /** Share of moves written a bit too big or too low, touching the cell's ruling. */
  readonly touchRate: number;
  /** Letters drawn this share of the font's own width (a condensed hand); absent: the font's own. */
  readonly width?: number;
}

/**
 * The same writer with a small, condensed hand: letters 55–80% of the font's width and capitals a fifth smaller.
 * Experiments only (`--small-hands`): the tuning fonts are all round, legible hands, and the hands the held-out
 * report fails on are small and narrow; this makes tune-set sheets that a reader finds hard in that way.
 */
export function smallHand(style: HandStyle, random: Random): HandStyle {
  return { ...style, capHeight: style.capHeight * 0.8, width: random.between(0.55, 0.8), spacing: Math.min(style.spacing, 1) };
}

export function randomHandStyle(random: Random, fonts: readonly string[]): HandStyle {
  const blue = random.chance(0.6);
  const ink: Ink = blue
    ? { red: random.integer(10, 40), green: random.integer(30, 70), blue: random.integer(120, 190), pressure: random.between(0.7, 1), name: 'blue' }
    : { red: random.integer(15, 45), green: random.integer(15, 45), blue: random.integer(20, 55), pressure: random.between(0.75, 1), name: 'black' };
  return {
    font: random.pick(fonts),
    capHeight: random.between(0.42, 0.62),
    slant: random.between(-0.08, 0.32),
    baseline: random.between(0.68, 0.84),
    indent: random.between(0.03, 0.25),
    ink,
    sizeJitter: random.between(0.02, 0.06),
    rotationJitter: random.between(0.01, 0.07),
    offsetJitter: random.between(0.01, 0.08),
    spacing: random.between(0.92, 1.15),
    touchRate: random.pick([0, 0.03, 0.06, 0.1]),
  };
}
