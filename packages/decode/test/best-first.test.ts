/**
 * The beam's order of children (best-first.ts), made a block at a time, must be exactly the order a full sort
 * gives: the search keeps the first children in it, so any difference would change decoded games.
 */
import { describe, expect, it } from 'vitest';
import { BestFirst } from '../src/best-first.js';

/** A small deterministic generator (xorshift), so a failing case can be run again. */
function randomStream(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

/** The order a full sort gives: score descending, ties to the smaller slot. */
function fullSort(slots: readonly number[], scores: readonly number[]): number[] {
  return [...slots].sort((a, b) => (scores[b] > scores[a] ? 1 : scores[b] < scores[a] ? -1 : a - b));
}

describe('best-first order of the beam', () => {
  it('gives the full sort\u2019s order however much of it is read, with ties, equal scores and -Infinity', () => {
    const order = new BestFirst();
    for (let run = 0; run < 400; run++) {
      const random = randomStream(run + 1);
      const count = 1 + Math.floor(random() * (run < 200 ? 40 : 3000));
      // Few distinct values make many ties; some runs use continuous scores.
      const distinct = random() < 0.5 ? 1 + Math.floor(random() * 6) : 0;
      const scores = Array.from({ length: count }, () => {
        if (random() < 0.03) return Number.NEGATIVE_INFINITY;
        return distinct > 0 ? -Math.floor(random() * distinct) : -random() * 40;
      });
      const slots = Array.from({ length: count }, (_, slot) => slot).filter(() => random() < 0.8);
      order.reset(count, 1 + Math.floor(random() * 200));
      scores.forEach((score, slot) => order.setScore(slot, score));
      for (const slot of slots) order.add(slot);
      const expected = fullSort(slots, scores);
      // Read a prefix, as the beam does (sometimes everything).
      const read = random() < 0.3 ? slots.length : Math.floor(random() * (slots.length + 1));
      const got = Array.from({ length: read }, (_, index) => order.at(index));
      expect(got, `run ${run}`).toEqual(expected.slice(0, read));
    }
  });

  it('is used again without carrying anything over from the last order', () => {
    const order = new BestFirst();
    order.reset(3, 1);
    [1, 2, 3].forEach((score, slot) => order.setScore(slot, score));
    [0, 1, 2].forEach((slot) => order.add(slot));
    expect([order.at(0), order.at(1), order.at(2)]).toEqual([2, 1, 0]);
    order.reset(2, 1);
    order.setScore(0, 5);
    order.setScore(1, 5);
    order.add(1);
    order.add(0);
    expect(order.count).toBe(2);
    expect([order.at(0), order.at(1)]).toEqual([0, 1]);
  });
});
