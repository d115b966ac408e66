/**
 * Is the side to move in check right after `move`? Only the moved piece or a
 * slider behind the square it left can give it (as @zapis/core's
 * check-after.ts reasons); castling and en passant get the full scan.
 */
import { DIRECTION_TO, RAYS, RAY_LENGTHS } from './geometry';
import { BISHOP, BOARD, KIND_CASTLE, KIND_EN_PASSANT, KINGS, KNIGHT, PAWN, QUEEN, ROOK, WHITE, isCheck, openBetween, turn } from './position';

export function isCheckAfterMove(move: i32): bool {
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
  const slider = (direction < 4 ? ROOK : BISHOP) | (mover << 3);
  const queen = QUEEN | (mover << 3);
  const base = (direction * 64 + king) * 8;
  for (let i = 0, n = <i32>unchecked(RAY_LENGTHS[direction * 64 + king]); i < n; i++) {
    const code = <i32>unchecked(BOARD[<i32>unchecked(RAYS[base + i])]);
    if (code !== 0) return code === slider || code === queen;
  }
  return false;
}
