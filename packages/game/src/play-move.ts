/**
 * Plays a resolved move and describes it for notation, reusing the legal moves
 * already generated (replay is the hot path of validation: one generation a ply).
 */
import {
  castleSide, hasLegalMove, isCastle, movePromotion, moveTarget, moveTo, moveFrom, type GameHistory, type Move,
  type MoveDescription, type Role,
} from '@zapis/core';
import { KIND_EN_PASSANT, disambiguationOf, englishSan, moveKind } from '@zapis/core/internal';
import type { LegalMoves } from './resolve.js';

const ROLE_BY_CODE: readonly Role[] = ['pawn', 'pawn', 'knight', 'bishop', 'rook', 'queen', 'king'];

export interface PlayedMove {
  readonly description: MoveDescription;
  /** Standard English SAN. */
  readonly san: string;
}

/**
 * Plays `move` on `legal.position` (left played) and describes it. With a
 * history (the mainline), the move is played through it so repetitions count.
 */
export function playAndDescribe(legal: LegalMoves, move: Move, history?: GameHistory): PlayedMove {
  const position = legal.position;
  const board = position.board;
  const from = moveFrom(move);
  const castle = isCastle(move) ? castleSide(move) : undefined;
  const enPassant = moveKind(move) === KIND_EN_PASSANT;
  const capturedCode = castle ? 0 : enPassant ? 1 : board[moveTo(move)] & 7;
  const disambiguation = disambiguationOf(position, move, legal.moves, legal.count);
  const piece = ROLE_BY_CODE[board[from] & 7];
  const promotion = movePromotion(move);
  if (history) history.playUnchecked(move);
  else position.playUnchecked(move);
  const check = position.isCheck();
  const mate = check && !hasLegalMove(position);
  // Absent parts stay undefined (JSON leaves them out); no spreads on this hot path.
  const description: MoveDescription = {
    move,
    piece,
    from,
    to: moveTarget(move),
    capture: capturedCode !== 0,
    captured: capturedCode !== 0 ? ROLE_BY_CODE[capturedCode] : undefined,
    enPassant,
    promotion,
    castle,
    disambiguation,
    check,
    mate,
  };
  return { description, san: englishSan(description) };
}
