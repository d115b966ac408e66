/**
 * Precomputed geometry. Everything is flat typed arrays so the hot loops of move
 * generation read memory without allocating.
 */
import type { Square } from './squares.js';

/** Ray directions: 0-3 orthogonal (rook), 4-7 diagonal (bishop). */
export const NORTH = 0;
export const SOUTH = 1;
export const EAST = 2;
export const WEST = 3;
export const NORTH_EAST = 4;
export const NORTH_WEST = 5;
export const SOUTH_EAST = 6;
export const SOUTH_WEST = 7;

const DIRECTION_FILE_STEP = [0, 0, 1, -1, 1, -1, 1, -1];
const DIRECTION_RANK_STEP = [1, -1, 0, 0, 1, 1, -1, -1];
/** The direction pointing the other way. */
export const OPPOSITE_DIRECTION = new Int8Array([SOUTH, NORTH, WEST, EAST, SOUTH_WEST, SOUTH_EAST, NORTH_WEST, NORTH_EAST]);

/** RAYS[(direction * 64 + square) * 8 + i]: the i-th square walking from `square` in `direction`. */
export const RAYS = new Int8Array(8 * 64 * 8).fill(-1);
/** RAY_LENGTHS[direction * 64 + square]: how many squares that ray has before the edge. */
export const RAY_LENGTHS = new Uint8Array(8 * 64);
/** DIRECTION_TO[from * 64 + to]: the direction from one square to another on a line, or -1. */
export const DIRECTION_TO = new Int8Array(64 * 64).fill(-1);

/** KNIGHT_TARGETS[square * 8 + i] for i < KNIGHT_COUNTS[square]; likewise for the king. */
export const KNIGHT_TARGETS = new Int8Array(64 * 8).fill(-1);
export const KNIGHT_COUNTS = new Uint8Array(64);
export const KING_TARGETS = new Int8Array(64 * 8).fill(-1);
export const KING_COUNTS = new Uint8Array(64);

const KNIGHT_STEPS: readonly (readonly [number, number])[] = [
  [1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2],
];

function fillTables(): void {
  for (let square = 0; square < 64; square++) {
    const file = square & 7;
    const rank = square >> 3;
    for (let direction = 0; direction < 8; direction++) {
      let f = file + DIRECTION_FILE_STEP[direction];
      let r = rank + DIRECTION_RANK_STEP[direction];
      let length = 0;
      while (f >= 0 && f < 8 && r >= 0 && r < 8) {
        const target = r * 8 + f;
        RAYS[(direction * 64 + square) * 8 + length] = target;
        DIRECTION_TO[square * 64 + target] = direction;
        length++;
        f += DIRECTION_FILE_STEP[direction];
        r += DIRECTION_RANK_STEP[direction];
      }
      RAY_LENGTHS[direction * 64 + square] = length;
      if (length > 0) {
        const target = RAYS[(direction * 64 + square) * 8];
        KING_TARGETS[square * 8 + KING_COUNTS[square]++] = target;
      }
    }
    for (const [df, dr] of KNIGHT_STEPS) {
      const f = file + df;
      const r = rank + dr;
      if (f >= 0 && f < 8 && r >= 0 && r < 8) KNIGHT_TARGETS[square * 8 + KNIGHT_COUNTS[square]++] = r * 8 + f;
    }
  }
}
fillTables();

/** Squares strictly between two squares on one line (empty when they are not aligned). */
export function squaresBetween(from: Square, to: Square): Square[] {
  const direction = DIRECTION_TO[from * 64 + to];
  if (direction < 0) return [];
  const squares: Square[] = [];
  const base = (direction * 64 + from) * 8;
  for (let i = 0; RAYS[base + i] !== to; i++) squares.push(RAYS[base + i]);
  return squares;
}
