/**
 * Is the side to move in check right after `move`? Only the moved piece or a
 * slider behind the square it left can give it (as @zapis/core's
 * check-after.ts reasons); castling and en passant get the full scan.
 */
import { DIRECTION_TO, RAY_MASKS, nearestOnRay } from './geometry';
import { BISHOP, BOARD, KIND_CASTLE, KIND_EN_PASSANT, KINGS, KNIGHT, PAWN, QUEEN, ROOK, WHITE, isCheck, occupied, openBetween, turn } from './position';

@inline export function isCheckAfterMove(move: i32): bool {
  const kind = (move >> 15) & 3;
  if (kind === KIND_CASTLE || kind === KIND_EN_PASSANT) return isCheck();
  const mover = turn ^ 1;
  const king = unchecked(KINGS[turn]);
  const to = (move >> 6) & 63;
  const role = <i32>unchecked(BOARD[to]) & 7;
  const kingFile = king & 7;
  const toFile = to & 7;
  if (role === PAWN) {
    const forward = mover === WHITE ? 8 : -8;
    if (kingFile !== toFile && abs(kingFile - toFile) === 1 && king === to + forward + (kingFile - toFile)) return true;
  } else if (role === KNIGHT) {
    const files = abs(kingFile - toFile);
    const ranks = abs((king >> 3) - (to >> 3));
    if ((files === 1 && ranks === 2) || (files === 2 && ranks === 1)) return true;
  } else if (role === BISHOP || role === ROOK || role === QUEEN) {
    const direction = <i32>unchecked(DIRECTION_TO[to * 64 + king]);
    if (direction >= 0 && (role === QUEEN || (direction < 4) === (role === ROOK)) && openBetween(to, king, direction)) return true;
  }
  const from = move & 63;
  const direction = <i32>unchecked(DIRECTION_TO[king * 64 + from]);
  if (direction < 0 || direction === <i32>unchecked(DIRECTION_TO[king * 64 + to])) return false;
  // A discovered check: the piece nearest the king on the line the mover left.
  const onLine = unchecked(RAY_MASKS[direction * 64 + king]) & occupied;
  if (onLine === 0) return false;
  const code = <i32>unchecked(BOARD[nearestOnRay(onLine, direction)]);
  return code === ((direction < 4 ? ROOK : BISHOP) | (mover << 3)) || code === (QUEEN | (mover << 3));
}
