/**
 * `play` checks legality and leaves the position alone when it refuses;
 * `playUnchecked` is the fast path. The type tests below fail the typecheck
 * (an unused @ts-expect-error) if a plain number becomes a Move again or the
 * position's state becomes writable from outside.
 */
import { describe, expect, it } from 'vitest';
import {
  GameHistory, initialPosition, legalMoves, makeFen, moveToUci, parseFen, parseSquare, type Move, type Position,
} from '../src/index.js';
import { encodeMove, KIND_NORMAL } from '../src/internal.js';

const at = (name: string): number => parseSquare(name) ?? -1;

describe('play checks legality', () => {
  it('plays a legal move', () => {
    const position = initialPosition();
    const e4 = legalMoves(position).find((move) => moveToUci(move) === 'e2e4');
    expect(e4).toBeDefined();
    const played = position.play(e4 as Move);
    expect(played.ok).toBe(true);
    expect(makeFen(position)).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
  });

  it('refuses a bishop jumping to a1 and leaves the position as it was', () => {
    const position = initialPosition();
    const before = makeFen(position);
    // The move of the issue: a number that decodes to "f1 to a1", which no position allows here.
    const result = position.play(encodeMove(at('f1'), at('a1'), 0, KIND_NORMAL));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatchObject({ reason: 'illegal-move', message: expect.stringMatching(/f1a1.*not legal/) });
    expect(makeFen(position)).toBe(before);
    expect(position.undoDepth).toBe(0);
  });

  it('refuses a move into check and a move of the side not to move', () => {
    const parsed = parseFen('4k3/8/8/8/8/8/4r3/4K3 w - - 0 1');
    if (!parsed.ok) throw new Error(parsed.error.message);
    const position = parsed.value;
    expect(position.play(encodeMove(at('e1'), at('d2'), 0, KIND_NORMAL)).ok).toBe(false);
    expect(position.play(encodeMove(at('e8'), at('d8'), 0, KIND_NORMAL)).ok).toBe(false);
    expect(position.play(encodeMove(at('e1'), at('e2'), 0, KIND_NORMAL)).ok).toBe(true);
  });

  it('GameHistory.play refuses an illegal move without recording a position', () => {
    const history = new GameHistory(initialPosition());
    expect(history.play(encodeMove(at('e2'), at('e5'), 0, KIND_NORMAL)).ok).toBe(false);
    expect(history.repetitions()).toBe(1);
    expect(history.position.undoDepth).toBe(0);
  });
});

describe('type tests (checked by the typecheck, not at run time)', () => {
  it('compiles only what the public API allows', () => {
    const typeChecks = (position: Position): void => {
      // @ts-expect-error a plain number is not a Move
      position.play(12345);
      // @ts-expect-error a plain number is not a Move on the fast path either
      position.playUnchecked(12345);
      // @ts-expect-error the board is read-only from outside
      position.board[0] = 6;
      // @ts-expect-error the side to move is read-only
      position.turnIndex = 1;
      // @ts-expect-error the en-passant square is read-only
      position.epSquare = 20;
      // @ts-expect-error the constructor is private: use Position.fromSetup or parseFen
      new Position({ board: [], turn: 'white', castleRooks: [-1, -1, -1, -1], epSquare: -1, halfmoves: 0, fullmoves: 1, chess960: false });
    };
    expect(typeof typeChecks).toBe('function');
  });
});

describe('a clone plays a whole game on its own history', () => {
  it('grows its undo history as it plays, and undoes every move back to where it was cloned', () => {
    const original = initialPosition();
    original.play(legalMoves(original).find((move) => moveToUci(move) === 'e2e4') as Move);
    const clone = original.clone();
    expect(clone.undoDepth).toBe(0);
    const fens = [makeFen(clone)];
    // 60 plies of the first legal move each time: far past the few moves a fresh clone has room for.
    for (let ply = 0; ply < 60; ply += 1) {
      const moves = legalMoves(clone);
      if (moves.length === 0) break;
      clone.playUnchecked(moves[ply % moves.length]);
      fens.push(makeFen(clone));
    }
    expect(clone.undoDepth).toBe(fens.length - 1);
    expect(fens.length).toBeGreaterThan(20);
    while (clone.undoDepth > 0) {
      fens.pop();
      clone.undo();
      expect(makeFen(clone)).toBe(fens[fens.length - 1]);
    }
    expect(makeFen(clone)).toBe(makeFen(original));
    // The original kept its own history.
    expect(original.undoDepth).toBe(1);
  });
});
