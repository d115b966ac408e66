/** isCheckAfterMove must agree with the full attack scan after every legal move. */
import { describe, expect, it } from 'vitest';
import { readPerftSuite, sharedPath, skipWithoutShared } from '@zapis/testkit';
import { makeFen, moveToUci, parseFen } from '../src/index.js';
import { generateLegalMoves, isCheckAfterMove, newMoveBuffer } from '../src/internal.js';

const skip = skipWithoutShared();

/** Plays every legal move (and every reply, to `depth`) and compares the two answers. */
function compare(fen: string, depth: number): string[] {
  const parsed = parseFen(fen, { allowExcessMaterial: true });
  if (!parsed.ok) throw new Error(parsed.error.message);
  const position = parsed.value;
  const failures: string[] = [];
  const walk = (level: number): void => {
    const moves = newMoveBuffer();
    const count = generateLegalMoves(position, moves);
    for (let i = 0; i < count; i++) {
      position.playUnchecked(moves[i]);
      const full = position.isCheck();
      if (isCheckAfterMove(position, moves[i]) !== full) {
        position.undo();
        failures.push(`${makeFen(position)} ${moveToUci(moves[i], position.chess960)}: full scan says ${full}`);
        position.playUnchecked(moves[i]);
      }
      if (level > 1) walk(level - 1);
      position.undo();
    }
  };
  walk(depth);
  return failures;
}

describe('isCheckAfterMove', () => {
  it.each([
    // Discovered checks, promotions giving check, en passant that uncovers a rook, castling into check.
    ['r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', 2],
    ['8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', 3],
    ['r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1', 2],
    ['4k3/1P6/8/8/8/8/6p1/4K2R w K - 0 1', 3],
    ['8/8/8/K2pP2r/8/8/8/7k w - d6 0 1', 2],
  ] as const)('agrees with the full scan from %s', (fen, depth) => {
    expect(compare(fen, depth)).toEqual([]);
  });

  it.skipIf(skip)('agrees with the full scan after every move of 6,838 random positions (depth 2)', () => {
    const failures: string[] = [];
    for (const { fen } of readPerftSuite(sharedPath('perft', 'python-chess_random.perft'))) failures.push(...compare(fen, 2));
    expect(failures.slice(0, 5)).toEqual([]);
  });
});
