/** generateMovesTo must give exactly the legal non-castling moves onto each square. */
import { describe, expect, it } from 'vitest';
import { readPerftSuite, sharedPath, skipWithoutShared } from '@zapis/testkit';
import { makeFen, moveFrom, moveTo, parseFen, type Move, type Position } from '../src/index.js';
import { KIND_CASTLE, generateLegalMoves, generateMovesTo, moveKind, newMoveBuffer } from '../src/internal.js';

const skip = skipWithoutShared();

function positionOf(fen: string): Position {
  const parsed = parseFen(fen, { allowExcessMaterial: true });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

function compareAllSquares(fen: string, position = positionOf(fen)): string[] {
  const all = newMoveBuffer();
  const some = newMoveBuffer();
  const count = generateLegalMoves(position, all);
  const failures: string[] = [];
  for (let to = 0; to < 64; to++) {
    const expected = (Array.from(all.subarray(0, count)) as Move[]).filter((m) => moveKind(m) !== KIND_CASTLE && moveTo(m) === to).sort();
    const actual = Array.from(some.subarray(0, generateMovesTo(position, to, some))).sort();
    if (expected.join() !== actual.join()) failures.push(`${fen} square ${to}: ${actual.length} vs ${expected.length}`);
    // With a role filter and the caller's knowledge of check, the same moves of that role.
    const inCheck = position.isCheck();
    for (let role = 1; role <= 6; role++) {
      const ofRole = expected.filter((m) => (position.board[moveFrom(m)] & 7) === role).join();
      const filtered = Array.from(some.subarray(0, generateMovesTo(position, to, some, role, inCheck))).sort().join();
      if (filtered !== ofRole) failures.push(`${fen} square ${to} role ${role} (in check: ${inCheck}): ${filtered} vs ${ofRole}`);
    }
  }
  return failures;
}

describe('generateMovesTo', () => {
  it.each([
    'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
    '8/8/3p4/KPp4r/1R3p1k/8/4P1P1/8 w - c6 0 1',
    'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
  ])('agrees with full generation on every square of %s', (fen) => {
    expect(compareAllSquares(fen)).toEqual([]);
  });

  it.skipIf(skip)('agrees with full generation on every square of 6,838 random positions', () => {
    const failures: string[] = [];
    for (const { fen } of readPerftSuite(sharedPath('perft', 'python-chess_random.perft'))) failures.push(...compareAllSquares(fen));
    expect(failures.slice(0, 5)).toEqual([]);
  });

  it.each([
    'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
    'n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1',
  ])('agrees with full generation after every move sequence of two plies from %s (piece counts follow play and undo)', (fen) => {
    // The search stops once it has met every piece of a kind, so counts that drift would hide moves.
    const position = positionOf(fen);
    const failures: string[] = [];
    const first = newMoveBuffer();
    const second = newMoveBuffer();
    for (let i = 0, n = generateLegalMoves(position, first); i < n; i++) {
      position.playUnchecked(first[i]);
      for (let j = 0, m = generateLegalMoves(position, second); j < m; j++) {
        position.playUnchecked(second[j]);
        failures.push(...compareAllSquares('', position).map((failure) => `${makeFen(position)}: ${failure}`));
        expect(Array.from(position.pieceCounts)).toEqual(Array.from(positionOf(makeFen(position)).pieceCounts));
        position.undo();
      }
      position.undo();
    }
    expect(Array.from(position.pieceCounts)).toEqual(Array.from(positionOf(fen).pieceCounts));
    expect(failures.slice(0, 5)).toEqual([]);
  });
});
