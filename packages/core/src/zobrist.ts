/**
 * Zobrist keys, 64 bits kept as two 32-bit halves because JavaScript numbers
 * XOR only 32 bits at a time. Keys come from a fixed-seed generator so hashes are
 * stable across runs and machines.
 */

function* splitMix32(seed: number): Generator<number> {
  let state = seed >>> 0;
  while (true) {
    state = (state + 0x9e3779b9) | 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    yield (z ^ (z >>> 16)) | 0;
  }
}

const random = splitMix32(0x7a617069); // "zapi"
const next = (): number => random.next().value as number;

function table(size: number): Int32Array {
  const keys = new Int32Array(size);
  for (let i = 0; i < size; i++) keys[i] = next();
  return keys;
}

/** Indexed by pieceCode * 64 + square. */
export const PIECE_KEYS_LO = table(16 * 64);
export const PIECE_KEYS_HI = table(16 * 64);
export const SIDE_KEY_LO = next();
export const SIDE_KEY_HI = next();
/** Indexed by castling slot (0..3) * 8 + the rook's file, so Chess960 rights hash apart. */
export const CASTLE_KEYS_LO = table(4 * 8);
export const CASTLE_KEYS_HI = table(4 * 8);
/** Indexed by the en-passant file; used only when an en-passant capture is legal. */
export const EP_KEYS_LO = table(8);
export const EP_KEYS_HI = table(8);

/** A 64-bit key as a 16-digit hexadecimal string. */
export function hashToHex(lo: number, hi: number): string {
  return (hi >>> 0).toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0');
}
