/** When a decoded game looks lost, from how much worse its moves fit their cells than moves could. */
import { describe, expect, it } from 'vitest';
import { looksLost, noiseScale, stillLost } from '../src/lost-game.js';

/** Per-ply surprises: `plies` plies, of which `misread` fit a misreading worse (4 nats), then the extras. */
function surprises(plies: number, misread: number, ...extra: number[]): number[] {
  return Array.from({ length: plies }, (_, index) => (index < extra.length ? extra[index] : index < extra.length + misread ? 4 : 0));
}

/** A decoded game with every move seen in a cell and no noise cells. */
const clean = { moves: [], unexplained: [] };

describe('a decoded game that looks lost', () => {
  it('is one with a move 9 or more nats worse than moves could, on a sheet read at about 5% noise', () => {
    expect(looksLost(clean, surprises(80, 6, 10))).toBe(true);
    expect(looksLost(clean, surprises(80, 6, 8.5))).toBe(false);
  });

  it('needs a larger surprise on a noisier sheet, where large surprises are ordinary misreadings', () => {
    // 24 of 80 moves misread: twice the share at 5% noise, so twice the bar.
    expect(noiseScale(surprises(80, 24))).toBeCloseTo(2, 5);
    expect(looksLost(clean, surprises(80, 23, 12))).toBe(false);
    expect(looksLost(clean, surprises(80, 23, 20))).toBe(true);
    // A quiet sheet keeps the 5% bar (it is never lowered).
    expect(noiseScale(surprises(80, 0))).toBe(1);
  });

  it('still looks lost after every search when three or more moves fit far worse than moves could', () => {
    expect(stillLost(surprises(80, 6, 9, 9, 9))).toBe(true);
    expect(stillLost(surprises(80, 6, 9, 9))).toBe(false);
  });
});
