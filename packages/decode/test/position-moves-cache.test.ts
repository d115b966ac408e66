/** The position-moves cache tells apart entries that share any part of their key. */
import { describe, expect, it } from 'vitest';
import type { PositionMoves } from '../src/move-table.js';
import { PositionMovesCache } from '../src/position-moves-cache.js';

const movesNamed = (count: number): PositionMoves => ({ count, ids: [], logPrior: [], childLo: [], childHi: [] });

describe('PositionMovesCache', () => {
  it('keeps positions apart by hash, en-passant square, last capture and phase', () => {
    const cache = new PositionMovesCache();
    // hash low, hash high, en-passant square, last capture square, phase
    const keys: [number, number, number, number, number][] = [
      [7, 1, -1, -1, 0], [7, 2, -1, -1, 0], [7, 1, 20, -1, 0], [7, 1, -1, 20, 0], [7, 1, -1, -1, 2], [-7, 1, -1, -1, 0], [7, 1, 63, 63, 2],
    ];
    keys.forEach((key, index) => {
      expect(cache.get(...key)).toBeUndefined();
      cache.set(...key, movesNamed(index));
    });
    keys.forEach((key, index) => expect(cache.get(...key)?.count).toBe(index));
    expect(cache.size).toBe(keys.length);
    // An en-passant square and a last capture one apart must not read as each other.
    expect(cache.get(7, 1, 19, 1, 0)).toBeUndefined();
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.get(...keys[0])).toBeUndefined();
  });
});
