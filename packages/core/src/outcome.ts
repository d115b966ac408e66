/** How a game ends by the position on the board (FIDE Art. 5 and 9.6). */
import { isDeadByMaterial } from './material.js';
import { hasLegalMove } from './movegen.js';
import type { Color } from './pieces.js';
import type { Position } from './position.js';

export type DrawReason = 'stalemate' | 'dead-position' | 'fivefold-repetition' | 'seventy-five-moves';

export type Outcome =
  | { readonly result: '1-0' | '0-1'; readonly reason: 'checkmate'; readonly winner: Color }
  | { readonly result: '1/2-1/2'; readonly reason: DrawReason };

export function isCheckmate(position: Position): boolean {
  return position.isCheck() && !hasLegalMove(position);
}

export function isStalemate(position: Position): boolean {
  return !position.isCheck() && !hasLegalMove(position);
}

/**
 * The outcome the position alone decides: checkmate, stalemate or a dead position
 * recognisable from material. Undefined while the game goes on.
 */
export function positionOutcome(position: Position): Outcome | undefined {
  if (!hasLegalMove(position)) {
    if (!position.isCheck()) return { result: '1/2-1/2', reason: 'stalemate' };
    const winner: Color = position.turn === 'white' ? 'black' : 'white';
    return { result: winner === 'white' ? '1-0' : '0-1', reason: 'checkmate', winner };
  }
  if (isDeadByMaterial(position)) return { result: '1/2-1/2', reason: 'dead-position' };
  return undefined;
}

/**
 * The outcome of a game that reached `position`, where that position has stood
 * on the board `repetitions` times: the position's own outcome, or the automatic
 * draws, fivefold repetition and 75 moves (a mate on the 75th move still
 * counts, Art. 9.6.2).
 */
export function gameOutcome(position: Position, repetitions: number): Outcome | undefined {
  const fromBoard = positionOutcome(position);
  if (fromBoard) return fromBoard;
  if (repetitions >= 5) return { result: '1/2-1/2', reason: 'fivefold-repetition' };
  if (position._halfmoves >= 150) return { result: '1/2-1/2', reason: 'seventy-five-moves' };
  return undefined;
}
