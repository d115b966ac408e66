/** Attack detection on a board of piece codes: the hot path of legality. */
import {
  KING_COUNTS, KING_TARGETS, KNIGHT_COUNTS, KNIGHT_TARGETS, RAY_LENGTHS, RAYS,
} from './attacks.js';
import { BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK, WHITE } from './pieces.js';
import type { Square } from './squares.js';

/** Is `square` attacked by a piece of `by` on `board`? The hot path of legality. */
export function isSquareAttacked(board: Int8Array, square: Square, by: number): boolean {
  const file = square & 7;
  const pawn = PAWN | (by << 3);
  if (by === WHITE) {
    if (file > 0 && square >= 9 && board[square - 9] === pawn) return true;
    if (file < 7 && square >= 7 && board[square - 7] === pawn) return true;
  } else {
    if (file > 0 && square <= 56 && board[square + 7] === pawn) return true;
    if (file < 7 && square <= 54 && board[square + 9] === pawn) return true;
  }
  const knight = KNIGHT | (by << 3);
  const knightBase = square * 8;
  for (let i = 0, n = KNIGHT_COUNTS[square]; i < n; i++) {
    if (board[KNIGHT_TARGETS[knightBase + i]] === knight) return true;
  }
  const king = KING | (by << 3);
  for (let i = 0, n = KING_COUNTS[square]; i < n; i++) {
    if (board[KING_TARGETS[knightBase + i]] === king) return true;
  }
  const queen = QUEEN | (by << 3);
  const rook = ROOK | (by << 3);
  const bishop = BISHOP | (by << 3);
  for (let direction = 0; direction < 8; direction++) {
    const slider = direction < 4 ? rook : bishop;
    const base = (direction * 64 + square) * 8;
    for (let i = 0, n = RAY_LENGTHS[direction * 64 + square]; i < n; i++) {
      const code = board[RAYS[base + i]];
      if (code !== 0) {
        if (code === queen || code === slider) return true;
        break;
      }
    }
  }
  return false;
}
