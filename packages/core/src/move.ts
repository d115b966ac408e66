/**
 * A move is one integer, so move lists are typed arrays and generating moves
 * allocates nothing:
 *   bits 0-5 from, 6-11 to, 12-14 promotion role (0 none), 15-16 kind.
 * Castling is encoded as the king "taking" its own rook (to = the rook's square),
 * which is unambiguous in Chess960; `moveTarget` gives where the king lands.
 */
import { squareFile, squareName, squareRank, type Square } from './squares.js';
import { roleName, type PromotionRole, KNIGHT, BISHOP, ROOK, QUEEN } from './pieces.js';

/** A move of the move generator; a plain number is not one (see `encodeMove` in @zapis/core/internal). */
export type Move = number & { readonly __brand: 'Move' };

export const KIND_NORMAL = 0;
export const KIND_DOUBLE_PUSH = 1;
export const KIND_EN_PASSANT = 2;
export const KIND_CASTLE = 3;

export const encodeMove = (from: Square, to: Square, promotion: number, kind: number): Move =>
  (from | (to << 6) | (promotion << 12) | (kind << 15)) as Move;

export const moveFrom = (move: Move): Square => move & 63;
/** For castling this is the rook's square; see `moveTarget`. */
export const moveTo = (move: Move): Square => (move >> 6) & 63;
export const movePromotionIndex = (move: Move): number => (move >> 12) & 7;
export const moveKind = (move: Move): number => (move >> 15) & 3;
export const isCastle = (move: Move): boolean => ((move >> 15) & 3) === KIND_CASTLE;
export const isEnPassant = (move: Move): boolean => ((move >> 15) & 3) === KIND_EN_PASSANT;

export function movePromotion(move: Move): PromotionRole | undefined {
  const index = movePromotionIndex(move);
  return index === 0 ? undefined : (roleName(index) as PromotionRole);
}

export const promotionIndex = (role: PromotionRole): number =>
  role === 'knight' ? KNIGHT : role === 'bishop' ? BISHOP : role === 'rook' ? ROOK : QUEEN;

/** Castling side of a castling move: king side when the rook stands on a higher file. */
export function castleSide(move: Move): 'king' | 'queen' {
  return squareFile(moveTo(move)) > squareFile(moveFrom(move)) ? 'king' : 'queen';
}

/** Where the moving piece ends up (the king's square for castling). */
export function moveTarget(move: Move): Square {
  if (!isCastle(move)) return moveTo(move);
  const rank = squareRank(moveFrom(move));
  return rank * 8 + (castleSide(move) === 'king' ? 6 : 2);
}

/** Where a castling rook ends up. */
export function castleRookTarget(move: Move): Square {
  const rank = squareRank(moveFrom(move));
  return rank * 8 + (castleSide(move) === 'king' ? 5 : 3);
}

const PROMOTION_LETTERS = ' pnbrqk';

/**
 * UCI text. Standard chess writes castling as the king's two-square step (e1g1);
 * Chess960 writes it as king takes rook (e1h1), as engines expect.
 */
export function moveToUci(move: Move, chess960 = false): string {
  const from = moveFrom(move);
  const to = isCastle(move) && !chess960 ? moveTarget(move) : moveTo(move);
  const promotion = movePromotionIndex(move);
  return squareName(from) + squareName(to) + (promotion ? PROMOTION_LETTERS[promotion] : '');
}
