/**
 * Legal moves that land on one square, found backwards from that square: the
 * knights, kings, sliders and pawns that can reach it, each checked by lifting
 * it onto the square and asking whether the own king is then attacked. Reading
 * notation needs only these — a SAN token names its target — and finding a
 * handful of candidates is several times cheaper than generating every move.
 * Castling is not included (it is asked for by side, not by square).
 *
 * When the caller knows the side to move is not in check, a piece that does
 * not share a line with its own king cannot expose the king by moving, so its
 * safety test is skipped: replaying a game usually knows this from the check
 * test of the move before.
 */
import { DIRECTION_TO, KING_COUNTS, KING_TARGETS, KNIGHT_COUNTS, KNIGHT_TARGETS, RAY_LENGTHS, RAYS } from './attacks.js';
import { BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK, WHITE } from './pieces.js';
import { isSquareAttacked, type Position } from './position.js';
import { KIND_DOUBLE_PUSH, KIND_EN_PASSANT, KIND_NORMAL, encodeMove } from './move.js';
import { pushPawnMoves } from './movegen.js';
import type { Square } from './squares.js';

/** Set per call: the mover is known not to be in check, so only pieces aligned with the king need a test. */
let outOfCheck = false;

/** Would moving `from` → `to` (capturing on `capturedSquare`) leave the mover's king safe? */
function isSafe(position: Position, from: number, to: number, capturedSquare: number): boolean {
  const board = position.board;
  if (outOfCheck && capturedSquare === to && (board[from] & 7) !== KING && DIRECTION_TO[from * 64 + position.kings[position.turnIndex]] < 0) {
    return true;
  }
  const us = position.turnIndex;
  const piece = board[from];
  const captured = board[capturedSquare];
  const onTarget = board[to];
  board[capturedSquare] = 0;
  board[from] = 0;
  board[to] = piece;
  const king = (piece & 7) === KING ? to : position.kings[us];
  const safe = !isSquareAttacked(board, king, us ^ 1);
  board[to] = onTarget;
  board[from] = piece;
  board[capturedSquare] = captured;
  return safe;
}

/**
 * Writes the legal non-castling moves landing on `to` into `out`; returns how
 * many. `role` (a piece code's role, 1 pawn … 6 king; 0 for all) limits the
 * moving pieces; `inCheck` is false when the caller knows the mover is not in check.
 */
export function generateMovesTo(position: Position, to: Square, out: Int32Array, role = 0, inCheck?: boolean): number {
  outOfCheck = inCheck === false;
  const board = position.board;
  const us = position.turnIndex;
  const target = board[to];
  if (target !== 0 && target >> 3 === us) return 0;
  const own = us << 3;
  let count = 0;

  const knight = role === 0 || role === KNIGHT ? KNIGHT | own : -1;
  for (let i = 0, n = knight < 0 ? 0 : KNIGHT_COUNTS[to]; i < n; i++) {
    const from = KNIGHT_TARGETS[to * 8 + i];
    if (board[from] === knight && isSafe(position, from, to, to)) out[count++] = encodeMove(from, to, 0, KIND_NORMAL);
  }
  const king = role === 0 || role === KING ? KING | own : -1;
  for (let i = 0, n = king < 0 ? 0 : KING_COUNTS[to]; i < n; i++) {
    const from = KING_TARGETS[to * 8 + i];
    if (board[from] === king && isSafe(position, from, to, to)) out[count++] = encodeMove(from, to, 0, KIND_NORMAL);
  }
  const queen = role === 0 || role === QUEEN ? QUEEN | own : -1;
  const straight = role === 0 || role === ROOK ? ROOK | own : -1;
  const diagonal = role === 0 || role === BISHOP ? BISHOP | own : -1;
  for (let direction = queen < 0 && straight < 0 ? 4 : 0, last = queen < 0 && diagonal < 0 ? 4 : 8; direction < last; direction++) {
    const slider = direction < 4 ? straight : diagonal;
    const base = (direction * 64 + to) * 8;
    for (let i = 0, n = RAY_LENGTHS[direction * 64 + to]; i < n; i++) {
      const from = RAYS[base + i];
      const code = board[from];
      if (code === 0) continue;
      if ((code === queen || code === slider) && isSafe(position, from, to, to)) out[count++] = encodeMove(from, to, 0, KIND_NORMAL);
      break;
    }
  }

  if (role !== 0 && role !== PAWN) return count;
  const pawn = PAWN | own;
  const ahead = us === WHITE ? 8 : -8;
  const behind = to - ahead;
  const file = to & 7;
  if (target === 0) {
    if (behind >= 0 && behind < 64) {
      if (board[behind] === pawn) {
        if (isSafe(position, behind, to, to)) count = pushPawnMoves(out, count, behind, to, KIND_NORMAL);
      } else if (board[behind] === 0 && to >> 3 === (us === WHITE ? 3 : 4) && board[behind - ahead] === pawn) {
        if (isSafe(position, behind - ahead, to, to)) out[count++] = encodeMove(behind - ahead, to, 0, KIND_DOUBLE_PUSH);
      }
    }
    if (to === position.epSquare && board[behind] === (PAWN | ((us ^ 1) << 3))) {
      for (const side of [-1, 1]) {
        if ((side < 0 && file === 0) || (side > 0 && file === 7)) continue;
        const from = behind + side;
        if (board[from] === pawn && isSafe(position, from, to, behind)) out[count++] = encodeMove(from, to, 0, KIND_EN_PASSANT);
      }
    }
  } else if (behind >= 0 && behind < 64) {
    if (file > 0 && board[behind - 1] === pawn && isSafe(position, behind - 1, to, to)) count = pushPawnMoves(out, count, behind - 1, to, KIND_NORMAL);
    if (file < 7 && board[behind + 1] === pawn && isSafe(position, behind + 1, to, to)) count = pushPawnMoves(out, count, behind + 1, to, KIND_NORMAL);
  }
  return count;
}
