/**
 * The move table names each position a move leads to by a hash the search merges hypotheses on. The
 * core's incremental hash leaves the en-passant square out; two hypotheses that reach the same pieces
 * by a double pawn step and by a single one differ in a legal move (the capture en passant), so they
 * must not merge. Found when a review session's re-decode reused a position met by an earlier decode.
 */
import { describe, expect, it } from 'vitest';
import { parseFen, type Position } from '@zapis/core';
import { MoveTable } from '../src/move-table.js';

function position(fen: string): Position {
  const parsed = parseFen(fen);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

/** The child hash of `uci` from `fen`, and the number of legal moves there. */
function child(table: MoveTable, fen: string, uci: string): { lo: number; hi: number; moves: number } {
  const parent = position(fen);
  const moves = table.positionMoves(parent, -1);
  const index = moves.ids.findIndex((id) => table.moves[id].uci === uci);
  expect(index, `${uci} in ${fen}`).toBeGreaterThanOrEqual(0);
  const after = position(fen);
  after.playUnchecked(table.moves[moves.ids[index]].move);
  return { lo: moves.childLo[index], hi: moves.childHi[index], moves: table.positionMoves(after, -1).count };
}

describe('the positions a move table leads to', () => {
  it('tells a pawn that stepped two squares (en passant possible) from the same pawn stepping one', () => {
    const table = new MoveTable();
    const doubleStep = child(table, '4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1', 'e2e4');
    const singleStep = child(table, '4k3/8/8/8/3p4/4P3/8/4K3 w - - 0 1', 'e3e4');
    // The same pieces, side and rights: only the en-passant capture d4xe3 tells them apart.
    expect(doubleStep.moves).toBe(singleStep.moves + 1);
    expect([doubleStep.lo, doubleStep.hi]).not.toEqual([singleStep.lo, singleStep.hi]);
  });

  it('names the same position reached by two orders of moves the same', () => {
    const table = new MoveTable();
    // 1. Nf3 Nf6 2. Nc3 and 1. Nc3 Nf6 2. Nf3.
    const knightFirst = child(table, 'rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2', 'b1c3');
    const otherOrder = child(table, 'rnbqkb1r/pppppppp/5n2/8/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 2 2', 'g1f3');
    expect([knightFirst.lo, knightFirst.hi]).toEqual([otherOrder.lo, otherOrder.hi]);
  });
});
