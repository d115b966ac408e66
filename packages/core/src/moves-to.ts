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
import { LIGHT_BISHOPS, type Position } from './position.js';
import { isSquareAttacked } from './square-attacked.js';
import { KIND_DOUBLE_PUSH, KIND_EN_PASSANT, KIND_NORMAL, encodeMove } from './move.js';
import { pushPawnMoves } from './movegen.js';
import { isLightSquare, type Square } from './squares.js';

/**
 * Out of check, a piece that is not the king and captures (if at all) on its
 * target can only expose its king by leaving a line the king shares with an
 * enemy slider: one walk along that line from the king answers it.
 */
function isUnpinnedMove(board: Int8Array, from: number, to: number, king: number, us: number): boolean {
  const direction = DIRECTION_TO[king * 64 + from];
  if (direction < 0) return true;
  const base = (direction * 64 + king) * 8;
  const length = RAY_LENGTHS[direction * 64 + king];
  let i = 0;
  // Up to the moving piece: another piece, or the target itself, still shields the king.
  for (; RAYS[base + i] !== from; i++) {
    const square = RAYS[base + i];
    if (square === to || board[square] !== 0) return true;
  }
  const them = (us ^ 1) << 3;
  const slider = (direction < 4 ? ROOK : BISHOP) | them;
  for (i++; i < length; i++) {
    const square = RAYS[base + i];
    if (square === to) return true; // moving along the line keeps it shielded
    const code = board[square];
    if (code !== 0) return code !== slider && code !== (QUEEN | them);
  }
  return true;
}

/**
 * Would moving `from` → `to` (capturing on `capturedSquare`) leave the mover's king safe? `outOfCheck`: the
 * mover is known not to be in check, so only pieces aligned with the king need a test.
 */
function isSafe(position: Position, from: number, to: number, capturedSquare: number, outOfCheck: boolean): boolean {
  const board = position._board;
  if (outOfCheck && capturedSquare === to && (board[from] & 7) !== KING) {
    return isUnpinnedMove(board, from, to, position._kings[position._turnIndex], position._turnIndex);
  }
  const us = position._turnIndex;
  const piece = board[from];
  const captured = board[capturedSquare];
  const onTarget = board[to];
  board[capturedSquare] = 0;
  board[from] = 0;
  board[to] = piece;
  const king = (piece & 7) === KING ? to : position._kings[us];
  const safe = !isSquareAttacked(board, king, us ^ 1);
  board[to] = onTarget;
  board[from] = piece;
  board[capturedSquare] = captured;
  return safe;
}

/**
 * Pieces of code `piece` on the squares of `table` around `to` (knights or
 * kings); the search ends once it has met `remaining` of them.
 */
function leapersTo(
  position: Position, to: number, out: Int32Array, count: number, piece: number, targets: Int8Array, counts: Uint8Array, remaining: number,
  outOfCheck: boolean,
): number {
  const board = position._board;
  for (let i = 0, n = counts[to], base = to * 8; i < n && remaining > 0; i++) {
    const from = targets[base + i];
    if (board[from] !== piece) continue;
    remaining--;
    if (isSafe(position, from, to, to, outOfCheck)) out[count++] = encodeMove(from, to, 0, KIND_NORMAL);
  }
  return count;
}

/**
 * Sliders reaching `to` along directions [first, last): the first piece on
 * each ray, when it is `queen` or `slider` (-1 for none). The search ends once
 * it has met `remaining` such pieces (there are no more on the board).
 */
function slidersTo(
  position: Position, to: number, out: Int32Array, count: number, first: number, last: number, queen: number, straight: number, diagonal: number,
  remaining: number, outOfCheck: boolean,
): number {
  const board = position._board;
  for (let direction = first; direction < last && remaining > 0; direction++) {
    const slider = direction < 4 ? straight : diagonal;
    const base = (direction * 64 + to) * 8;
    const end = base + RAY_LENGTHS[direction * 64 + to];
    for (let at = base; at < end; at++) {
      const from = RAYS[at];
      const code = board[from];
      if (code === 0) continue;
      if (code === queen || code === slider) {
        remaining--;
        if (isSafe(position, from, to, to, outOfCheck)) out[count++] = encodeMove(from, to, 0, KIND_NORMAL);
      }
      break;
    }
  }
  return count;
}

function pawnsTo(position: Position, to: number, out: Int32Array, count: number, outOfCheck: boolean): number {
  const board = position._board;
  const us = position._turnIndex;
  const pawn = PAWN | (us << 3);
  const target = board[to];
  const ahead = us === WHITE ? 8 : -8;
  const behind = to - ahead;
  const file = to & 7;
  if (behind < 0 || behind >= 64) return count;
  if (target !== 0) {
    if (file > 0 && board[behind - 1] === pawn && isSafe(position, behind - 1, to, to, outOfCheck)) count = pushPawnMoves(out, count, behind - 1, to, KIND_NORMAL);
    if (file < 7 && board[behind + 1] === pawn && isSafe(position, behind + 1, to, to, outOfCheck)) count = pushPawnMoves(out, count, behind + 1, to, KIND_NORMAL);
    return count;
  }
  if (board[behind] === pawn) {
    if (isSafe(position, behind, to, to, outOfCheck)) count = pushPawnMoves(out, count, behind, to, KIND_NORMAL);
  } else if (board[behind] === 0 && to >> 3 === (us === WHITE ? 3 : 4) && board[behind - ahead] === pawn) {
    if (isSafe(position, behind - ahead, to, to, outOfCheck)) out[count++] = encodeMove(behind - ahead, to, 0, KIND_DOUBLE_PUSH);
  }
  if (to === position._epSquare && board[behind] === (PAWN | ((us ^ 1) << 3))) {
    if (file > 0 && board[behind - 1] === pawn && isSafe(position, behind - 1, to, behind, outOfCheck)) out[count++] = encodeMove(behind - 1, to, 0, KIND_EN_PASSANT);
    if (file < 7 && board[behind + 1] === pawn && isSafe(position, behind + 1, to, behind, outOfCheck)) out[count++] = encodeMove(behind + 1, to, 0, KIND_EN_PASSANT);
  }
  return count;
}

/**
 * Writes the legal non-castling moves landing on `to` into `out`; returns how
 * many. `role` (a piece code's role, 1 pawn … 6 king; 0 for all) limits the
 * moving pieces; `inCheck` is false when the caller knows the mover is not in check.
 */
export function generateMovesTo(position: Position, to: Square, out: Int32Array, role = 0, inCheck?: boolean): number {
  const outOfCheck = inCheck === false;
  const us = position._turnIndex;
  const target = position._board[to];
  if (target !== 0 && target >> 3 === us) return 0;
  const own = us << 3;
  const pieces = position._pieceCounts;
  // One role (what a SAN letter names) goes straight to its own search.
  switch (role) {
    case PAWN: return pawnsTo(position, to, out, 0, outOfCheck);
    case KNIGHT: return leapersTo(position, to, out, 0, KNIGHT | own, KNIGHT_TARGETS, KNIGHT_COUNTS, pieces[KNIGHT | own], outOfCheck);
    case BISHOP: {
      // Only the bishops on the target's colour of square can reach it.
      const light = pieces[LIGHT_BISHOPS + us];
      return slidersTo(position, to, out, 0, 4, 8, -1, -1, BISHOP | own, isLightSquare(to) ? light : pieces[BISHOP | own] - light, outOfCheck);
    }
    case ROOK: return slidersTo(position, to, out, 0, 0, 4, -1, ROOK | own, -1, pieces[ROOK | own], outOfCheck);
    case QUEEN: return slidersTo(position, to, out, 0, 0, 8, QUEEN | own, -1, -1, pieces[QUEEN | own], outOfCheck);
    case KING: return leapersTo(position, to, out, 0, KING | own, KING_TARGETS, KING_COUNTS, pieces[KING | own], outOfCheck);
  }
  let count = leapersTo(position, to, out, 0, KNIGHT | own, KNIGHT_TARGETS, KNIGHT_COUNTS, pieces[KNIGHT | own], outOfCheck);
  count = leapersTo(position, to, out, count, KING | own, KING_TARGETS, KING_COUNTS, pieces[KING | own], outOfCheck);
  count = slidersTo(position, to, out, count, 0, 8, QUEEN | own, ROOK | own, BISHOP | own, pieces[QUEEN | own] + pieces[ROOK | own] + pieces[BISHOP | own], outOfCheck);
  return pawnsTo(position, to, out, count, outOfCheck);
}
