/**
 * Is the side to move in check, right after `move` was played? Only the moved
 * piece (a direct check) or a slider behind the square it left (a discovered
 * check) can give it, so two short looks replace a full attack scan of the
 * king's square. Castling and en passant move two pieces: they get the full scan.
 */
import { DIRECTION_TO, RAY_LENGTHS, RAYS } from './attacks.js';
import { KIND_CASTLE, KIND_EN_PASSANT, moveFrom, moveKind, moveTo, type Move } from './move.js';
import { BISHOP, KNIGHT, PAWN, QUEEN, ROOK, WHITE } from './pieces.js';
import type { Position } from './position.js';

/** Is the line from `from` in `direction` open up to (not including) `to`? */
function openLine(board: Int8Array, from: number, to: number, direction: number): boolean {
  const base = (direction * 64 + from) * 8;
  for (let i = 0; ; i++) {
    const square = RAYS[base + i];
    if (square === to) return true;
    if (board[square] !== 0) return false;
  }
}

export function isCheckAfterMove(position: Position, move: Move): boolean {
  const kind = moveKind(move);
  if (kind === KIND_CASTLE || kind === KIND_EN_PASSANT) return position.isCheck();
  const board = position._board;
  const mover = position._turnIndex ^ 1;
  const king = position._kings[position._turnIndex];
  const to = moveTo(move);
  const role = board[to] & 7;
  const kingFile = king & 7;
  const toFile = to & 7;
  // Direct check by the piece that moved (or the piece a pawn became).
  if (role === PAWN) {
    const forward = mover === WHITE ? 8 : -8;
    if (kingFile !== toFile && Math.abs(kingFile - toFile) === 1 && king === to + forward + (kingFile - toFile)) return true;
  } else if (role === KNIGHT) {
    const files = Math.abs(kingFile - toFile);
    const ranks = Math.abs((king >> 3) - (to >> 3));
    if ((files === 1 && ranks === 2) || (files === 2 && ranks === 1)) return true;
  } else if (role === BISHOP || role === ROOK || role === QUEEN) {
    const direction = DIRECTION_TO[to * 64 + king];
    if (direction >= 0 && (role === QUEEN || (direction < 4) === (role === ROOK)) && openLine(board, to, king, direction)) return true;
  }
  // Discovered check along the line from the king through the square left.
  const from = moveFrom(move);
  const direction = DIRECTION_TO[king * 64 + from];
  if (direction < 0 || direction === DIRECTION_TO[king * 64 + to]) return false;
  const slider = (direction < 4 ? ROOK : BISHOP) | (mover << 3);
  const queen = QUEEN | (mover << 3);
  const base = (direction * 64 + king) * 8;
  for (let i = 0, n = RAY_LENGTHS[direction * 64 + king]; i < n; i++) {
    const code = board[RAYS[base + i]];
    if (code !== 0) return code === slider || code === queen;
  }
  return false;
}
