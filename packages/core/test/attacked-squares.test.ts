/** attackedSquares must give, for every square, what isSquareAttacked says of it. */
import { describe, expect, it } from 'vitest';
import { readPerftSuite, sharedPath, skipWithoutShared } from '@zapis/testkit';
import { makeFen, parseFen, squareName } from '../src/index.js';
import { attackedSquares } from '../src/internal.js';
import { isSquareAttacked } from '../src/square-attacked.js';
import { positionsWithin } from './support.js';

const skip = skipWithoutShared();

/** Squares where the two answers differ, in the position of `fen` and every position `depth` plies from it. */
function compare(fen: string, depth: number): string[] {
  const failures: string[] = [];
  const map = new Int32Array(2);
  for (const position of positionsWithin(fen, depth)) {
    for (const by of [0, 1]) {
      attackedSquares(position.board, by, map);
      for (let square = 0; square < 64; square++) {
        const fromMap = (map[square < 32 ? 0 : 1] & (1 << square)) !== 0;
        if (fromMap !== isSquareAttacked(position._board, square, by)) failures.push(`${makeFen(position)} ${squareName(square)} by ${by}`);
      }
    }
  }
  return failures;
}

describe('attackedSquares', () => {
  it.each([
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 3],
    // Pawns on the a and h files, sliders blocked at the edge and by each other, promotions near.
    ['r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', 2],
    ['8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', 3],
    ['4k3/1P6/8/8/8/8/6p1/4K2R w K - 0 1', 3],
  ] as const)('agrees with isSquareAttacked on every square from %s', (fen, depth) => {
    expect(compare(fen, depth)).toEqual([]);
  });

  it('sees a ray stop at the first piece, which it attacks', () => {
    const parsed = parseFen('4k3/8/8/8/R2p3r/8/8/4K3 w - - 0 1');
    if (!parsed.ok) throw new Error(parsed.error.message);
    const map = new Int32Array(2);
    attackedSquares(parsed.value.board, 0, map);
    const attacked = (name: string): boolean => {
      const square = (name.charCodeAt(1) - 49) * 8 + name.charCodeAt(0) - 97;
      return (map[square < 32 ? 0 : 1] & (1 << square)) !== 0;
    };
    expect([attacked('b4'), attacked('d4'), attacked('e4'), attacked('a8'), attacked('a1')]).toEqual([true, true, false, true, true]);
  });

  it.skipIf(skip)('agrees with isSquareAttacked on every square of 6,838 random positions', () => {
    const failures: string[] = [];
    for (const { fen } of readPerftSuite(sharedPath('perft', 'python-chess_random.perft'))) failures.push(...compare(fen, 0));
    expect(failures.slice(0, 5)).toEqual([]);
  });
});
