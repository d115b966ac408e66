/**
 * Board geometry for the kernel, laid out exactly as @zapis/core's attacks.ts
 * lays it out (the kernel mirrors that code line for line, so the same tables
 * keep the two easy to compare).
 */

/** RAYS[(direction * 64 + square) * 8 + i]: the i-th square walking from `square`; directions 0-3 straight, 4-7 diagonal. */
export const RAYS = changetype<StaticArray<i8>>(memory.data(sizeof<i8>() * 8 * 64 * 8, 16));
/** RAY_LENGTHS[direction * 64 + square]: squares on that ray before the edge. */
export const RAY_LENGTHS = changetype<StaticArray<u8>>(memory.data(sizeof<u8>() * 8 * 64, 16));
/** DIRECTION_TO[from * 64 + to]: the direction from one square to another on a line, or -1. */
export const DIRECTION_TO = changetype<StaticArray<i8>>(memory.data(sizeof<i8>() * 64 * 64, 16));
/** RAY_MASKS[direction * 64 + square]: the squares of that ray as a bit set (bit n for square n). */
export const RAY_MASKS = changetype<StaticArray<u64>>(memory.data(sizeof<u64>() * 8 * 64, 16));
/** Directions that walk to higher squares (0, 2, 4, 5), a bit each: the nearest square of such a ray is its lowest. */
const RISING_DIRECTIONS = 0x35;
/** LINE_MASKS[square] the squares on its rank and file, LINE_MASKS[64 + square] those on its diagonals. */
export const LINE_MASKS = changetype<StaticArray<u64>>(memory.data(sizeof<u64>() * 2 * 64, 16));
/** KNIGHT_MASKS[square]: the squares a knight leap away. */
export const KNIGHT_MASKS = changetype<StaticArray<u64>>(memory.data(sizeof<u64>() * 64, 16));
export const KNIGHT_TARGETS = changetype<StaticArray<i8>>(memory.data(sizeof<i8>() * 64 * 8, 16));
export const KNIGHT_COUNTS = changetype<StaticArray<u8>>(memory.data(sizeof<u8>() * 64, 16));
export const KING_TARGETS = changetype<StaticArray<i8>>(memory.data(sizeof<i8>() * 64 * 8, 16));
export const KING_COUNTS = changetype<StaticArray<u8>>(memory.data(sizeof<u8>() * 64, 16));

const FILE_STEPS: StaticArray<i32> = [0, 0, 1, -1, 1, -1, 1, -1];
const RANK_STEPS: StaticArray<i32> = [1, -1, 0, 0, 1, 1, -1, -1];
const KNIGHT_FILE_STEPS: StaticArray<i32> = [1, 2, 2, 1, -1, -2, -2, -1];
const KNIGHT_RANK_STEPS: StaticArray<i32> = [2, 1, -1, -2, -2, -1, 1, 2];

export function fillGeometry(): void {
  for (let i = 0; i < 64 * 64; i++) unchecked((DIRECTION_TO[i] = -1));
  for (let square = 0; square < 64; square++) {
    const file = square & 7;
    const rank = square >> 3;
    for (let direction = 0; direction < 8; direction++) {
      const fileStep = unchecked(FILE_STEPS[direction]);
      const rankStep = unchecked(RANK_STEPS[direction]);
      let f = file + fileStep;
      let r = rank + rankStep;
      let length = 0;
      while (f >= 0 && f < 8 && r >= 0 && r < 8) {
        const target = r * 8 + f;
        unchecked((RAYS[(direction * 64 + square) * 8 + length] = <i8>target));
        unchecked((DIRECTION_TO[square * 64 + target] = <i8>direction));
        unchecked((RAY_MASKS[direction * 64 + square] |= <u64>1 << <u64>target));
        unchecked((LINE_MASKS[(direction < 4 ? 0 : 64) + square] |= <u64>1 << <u64>target));
        length++;
        f += fileStep;
        r += rankStep;
      }
      unchecked((RAY_LENGTHS[direction * 64 + square] = <u8>length));
      if (length > 0) {
        const count = <i32>unchecked(KING_COUNTS[square]);
        unchecked((KING_TARGETS[square * 8 + count] = RAYS[(direction * 64 + square) * 8]));
        unchecked((KING_COUNTS[square] = <u8>(count + 1)));
      }
    }
    for (let step = 0; step < 8; step++) {
      const f = file + unchecked(KNIGHT_FILE_STEPS[step]);
      const r = rank + unchecked(KNIGHT_RANK_STEPS[step]);
      if (f >= 0 && f < 8 && r >= 0 && r < 8) {
        const count = <i32>unchecked(KNIGHT_COUNTS[square]);
        unchecked((KNIGHT_TARGETS[square * 8 + count] = <i8>(r * 8 + f)));
        unchecked((KNIGHT_COUNTS[square] = <u8>(count + 1)));
        unchecked((KNIGHT_MASKS[square] |= <u64>1 << <u64>(r * 8 + f)));
      }
    }
  }
}

/** The squares strictly between `from` and `to`, which lie on one line in `direction` from `from`. */
@inline export function squaresBetween(from: i32, to: i32, direction: i32): u64 {
  return unchecked(RAY_MASKS[direction * 64 + from]) & ~unchecked(RAY_MASKS[direction * 64 + to]) & ~(<u64>1 << <u64>to);
}

/** The square nearest the ray's start among `squares` (a non-empty subset of the ray `direction`). */
@inline export function nearestOnRay(squares: u64, direction: i32): i32 {
  const lowest = <i32>ctz(squares);
  const highest = 63 - <i32>clz(squares);
  return ((RISING_DIRECTIONS >> direction) & 1) !== 0 ? lowest : highest;
}
