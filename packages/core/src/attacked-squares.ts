/**
 * Every square one side attacks, found in one pass over that side's pieces: for a caller that asks about many squares
 * of one board, cheaper than asking `isSquareAttacked` square by square. The same answer for every square, as the
 * board stands (a ray stops at the first piece, which it attacks).
 */
import {
  KING_COUNTS, KING_TARGETS, KNIGHT_COUNTS, KNIGHT_TARGETS, RAY_LENGTHS, RAYS,
} from './attacks.js';
import { BISHOP, KING, KNIGHT, PAWN, ROOK, WHITE } from './pieces.js';

/** The squares `by` attacks on `board`, as two 32-bit halves: `out[0]` squares 0–31, `out[1]` squares 32–63. */
export function attackedSquares(board: ArrayLike<number>, by: number, out: Int32Array): void {
  // Each half as a 32-bit mask; a shift count is taken modulo 32, so `1 << square` is the square's bit in its half.
  let low = 0, high = 0;
  for (let from = 0; from < 64; from++) {
    const code = board[from];
    if (code === 0 || code >> 3 !== by) continue;
    const role = code & 7;
    let count = 0;
    if (role === PAWN) {
      const file = from & 7, ahead = from + (by === WHITE ? 8 : -8);
      if (ahead < 0 || ahead > 63) continue;
      if (file > 0) targets[count++] = ahead - 1;
      if (file < 7) targets[count++] = ahead + 1;
    } else if (role === KNIGHT || role === KING) {
      const table = role === KNIGHT ? KNIGHT_TARGETS : KING_TARGETS;
      const n = role === KNIGHT ? KNIGHT_COUNTS[from] : KING_COUNTS[from];
      for (let i = 0; i < n; i++) targets[count++] = table[from * 8 + i];
    } else {
      const last = role === ROOK ? 4 : 8;
      for (let direction = role === BISHOP ? 4 : 0; direction < last; direction++) {
        const base = (direction * 64 + from) * 8;
        for (let i = 0, n = RAY_LENGTHS[direction * 64 + from]; i < n; i++) {
          const target = RAYS[base + i];
          targets[count++] = target;
          if (board[target] !== 0) break;
        }
      }
    }
    for (let i = 0; i < count; i++) {
      const square = targets[i];
      if (square < 32) low |= 1 << square;
      else high |= 1 << square;
    }
  }
  out[0] = low;
  out[1] = high;
}

/** One piece's targets (a queen reaches at most 27 squares). */
const targets = new Int8Array(32);
