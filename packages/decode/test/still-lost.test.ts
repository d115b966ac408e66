/** Doubt around the badly fitting moves of a game neither search could explain. */
import { describe, expect, it } from 'vitest';
import { decodedMoves } from './decoded-moves.js';
import { HAND_SET_PRIOR, NOISY, TRUTH } from './noisy-sheet.js';

describe('a game the search could not explain', () => {
  it('puts the moves near its badly fitting moves on the review list', () => {
    const moves = decodedMoves(NOISY, { language: 'pl', movePrior: HAND_SET_PRIOR });
    expect(moves).toHaveLength(TRUTH.length);
    const wrong = moves.filter((move, index) => move.san !== TRUTH[index]);
    // Many moves are wrong: the true game is not in the lattice.
    expect(wrong.length).toBeGreaterThan(5);
    // Only a move of the early misreading (5.e5 for 5.e3, which 2.e4 for 2.c4 forces; read `e5` as
    // written), far from any badly fitting move, is left off the review list. 2.e4 itself was read `4`:
    // a correction, so it is on the list.
    const unflaggedWrong = wrong.filter((move) => !move.review).map((move) => move.ply);
    expect(unflaggedWrong).toEqual([9]);
    expect(moves[2]).toMatchObject({ san: 'e4', corrected: true, review: true });
  });

  it('is explained with the fitted prior, which finds 2.c4 from the moves after it', () => {
    const moves = decodedMoves(NOISY, { language: 'pl' });
    expect(moves).toHaveLength(TRUTH.length);
    expect(moves[2].san).toBe('c4');
    const wrong = moves.filter((move, index) => move.san !== TRUTH[index]);
    expect(wrong.length).toBeLessThanOrEqual(1);
    expect(wrong.every((move) => move.review)).toBe(true);
  });
});
