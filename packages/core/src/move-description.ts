/**
 * What any notation needs to write a move, without choosing a notation: the
 * piece, squares, capture, castling side, promotion, the minimal disambiguation
 * SAN requires, and check or mate. @zapis/notation turns this into text.
 */
import {
  KIND_CASTLE, KIND_EN_PASSANT, type Move, castleSide, moveFrom, moveKind, movePromotion, moveTarget, moveTo,
} from './move.js';
import { MAX_MOVES, generateLegalMoves, hasLegalMove } from './movegen.js';
import { PAWN, KING, roleName, type PromotionRole, type Role } from './pieces.js';
import type { Position } from './position.js';
import type { Square } from './squares.js';

/** Which part of the origin square SAN must add to tell this move from another. */
export type Disambiguation = 'none' | 'file' | 'rank' | 'both';

export interface MoveDescription {
  readonly move: Move;
  readonly piece: Role;
  readonly from: Square;
  /** Where the piece lands; for castling, the king's destination. */
  readonly to: Square;
  readonly capture: boolean;
  /** The role taken, when the move captures. */
  readonly captured?: Role;
  readonly enPassant: boolean;
  readonly promotion?: PromotionRole;
  readonly castle?: 'king' | 'queen';
  /** Pawn captures write their file by convention; this field covers pieces only. */
  readonly disambiguation: Disambiguation;
  readonly check: boolean;
  readonly mate: boolean;
}

/** describeMove's legal moves: filled and read within one call that calls out to nothing (hasLegalMove has its own). */
const scratch = new Int32Array(MAX_MOVES);

/** Minimal SAN disambiguation for a piece move among the given legal moves. */
export function disambiguationOf(position: Position, move: Move, legal: ArrayLike<number>, count: number): Disambiguation {
  const from = moveFrom(move);
  const role = position._board[from] & 7;
  if (role === PAWN || role === KING || moveKind(move) === KIND_CASTLE) return 'none';
  const to = moveTo(move);
  let rivals = 0;
  let sameFile = false;
  let sameRank = false;
  for (let i = 0; i < count; i++) {
    const other = legal[i] as Move;
    const otherFrom = moveFrom(other);
    if (otherFrom === from || moveTo(other) !== to || moveKind(other) === KIND_CASTLE) continue;
    if ((position._board[otherFrom] & 7) !== role) continue;
    rivals++;
    if ((otherFrom & 7) === (from & 7)) sameFile = true;
    if (otherFrom >> 3 === from >> 3) sameRank = true;
  }
  if (rivals === 0) return 'none';
  if (!sameFile) return 'file';
  if (!sameRank) return 'rank';
  return 'both';
}

/** Disambiguation codes of `disambiguationsOf`, by index. */
export const DISAMBIGUATIONS: readonly Disambiguation[] = ['none', 'file', 'rank', 'both'];

/** Per destination square and role: how many legal moves of that role land there (`disambiguationsOf`'s scratch, zero again when it returns). */
const landing = new Uint8Array(64 * 8);

/**
 * Every legal move's disambiguation at once, as an index of `DISAMBIGUATIONS` into `out`. One pass counts the
 * moves of each role per destination; only a move that shares both with another looks at the rest. Asking
 * `disambiguationOf` for each move looks at every move each time: a decoder describing a position's moves paid
 * that square of the move count for every position it met.
 */
export function disambiguationsOf(position: Position, legal: ArrayLike<number>, count: number, out: Uint8Array): void {
  const board = position._board;
  for (let i = 0; i < count; i++) {
    const move = legal[i] as Move;
    if (moveKind(move) === KIND_CASTLE) continue;
    landing[moveTo(move) * 8 + (board[moveFrom(move)] & 7)]++;
  }
  for (let i = 0; i < count; i++) {
    const move = legal[i] as Move;
    const role = board[moveFrom(move)] & 7;
    const shared = moveKind(move) !== KIND_CASTLE && role !== PAWN && role !== KING && landing[moveTo(move) * 8 + role] > 1;
    out[i] = shared ? DISAMBIGUATIONS.indexOf(disambiguationOf(position, move, legal, count)) : 0;
  }
  for (let i = 0; i < count; i++) {
    const move = legal[i] as Move;
    if (moveKind(move) !== KIND_CASTLE) landing[moveTo(move) * 8 + (board[moveFrom(move)] & 7)] = 0;
  }
}

/**
 * Describes a legal move of `position`. The position is left as it was (the
 * move is played and taken back to learn check and mate).
 */
export function describeMove(position: Position, move: Move): MoveDescription {
  const count = generateLegalMoves(position, scratch);
  const disambiguation = disambiguationOf(position, move, scratch, count);
  const from = moveFrom(move);
  const kind = moveKind(move);
  const piece = roleName(position._board[from] & 7);
  const castle = kind === KIND_CASTLE ? castleSide(move) : undefined;
  const capturedCode = kind === KIND_CASTLE ? 0 : kind === KIND_EN_PASSANT ? PAWN : position._board[moveTo(move)] & 7;
  position.playUnchecked(move);
  const check = position.isCheck();
  const mate = check && !hasLegalMove(position);
  position.undo();
  return {
    move,
    piece,
    from,
    to: moveTarget(move),
    capture: capturedCode !== 0,
    ...(capturedCode !== 0 ? { captured: roleName(capturedCode) } : {}),
    enPassant: kind === KIND_EN_PASSANT,
    ...(movePromotion(move) ? { promotion: movePromotion(move) } : {}),
    ...(castle ? { castle } : {}),
    disambiguation,
    check,
    mate,
  };
}
