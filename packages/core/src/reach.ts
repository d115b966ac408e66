/**
 * Could the piece on `from` go to `to` if its own king's safety did not matter?
 * Diagnostics use it to tell "no piece can reach" from "the move would leave the
 * king in check".
 */
import { DIRECTION_TO, KING_COUNTS, KING_TARGETS, KNIGHT_COUNTS, KNIGHT_TARGETS, RAYS } from './attacks.js';
import { BISHOP, KING, KNIGHT, PAWN, ROOK, WHITE } from './pieces.js';
import type { Position } from './position.js';
import type { Square } from './squares.js';

function inTable(targets: Int8Array, counts: Uint8Array, from: number, to: number): boolean {
  for (let i = 0; i < counts[from]; i++) if (targets[from * 8 + i] === to) return true;
  return false;
}

export function canReachIgnoringChecks(position: Position, from: Square, to: Square): boolean {
  const board = position._board;
  const code = board[from];
  if (code === 0 || code >> 3 !== position._turnIndex || from === to) return false;
  const target = board[to];
  if (target !== 0 && target >> 3 === position._turnIndex) return false;
  const role = code & 7;
  if (role === KNIGHT) return inTable(KNIGHT_TARGETS, KNIGHT_COUNTS, from, to);
  if (role === KING) return inTable(KING_TARGETS, KING_COUNTS, from, to);
  if (role === PAWN) {
    const ahead = position._turnIndex === WHITE ? 8 : -8;
    const fileStep = Math.abs((to & 7) - (from & 7));
    if (fileStep === 0) {
      if (target !== 0) return false;
      if (to === from + ahead) return true;
      const startRank = position._turnIndex === WHITE ? 1 : 6;
      return from >> 3 === startRank && to === from + 2 * ahead && board[from + ahead] === 0;
    }
    return fileStep === 1 && to - (to & 7) === from - (from & 7) + ahead && (target !== 0 || to === position._epSquare);
  }
  const direction = DIRECTION_TO[from * 64 + to];
  if (direction < 0) return false;
  if (role === ROOK && direction >= 4) return false;
  if (role === BISHOP && direction < 4) return false;
  const base = (direction * 64 + from) * 8;
  for (let i = 0; RAYS[base + i] !== to; i++) if (board[RAYS[base + i]] !== 0) return false;
  return true;
}
