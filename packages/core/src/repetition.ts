/**
 * "The same position" in the sense of FIDE Art. 9.2.3: same pieces on the same
 * squares, same side to move, same castling rights, and the same en-passant
 * possibility — an en-passant square that no legal capture can use does not count.
 */
import { KIND_EN_PASSANT, moveKind, type Move } from './move.js';
import { MAX_MOVES, generateLegalMoves } from './movegen.js';
import type { Position } from './position.js';
import { EP_KEYS_HI, EP_KEYS_LO, hashToHex } from './zobrist.js';

/** hasLegalEnPassant's legal moves: filled and read within one call that calls out to nothing. */
const scratch = new Int32Array(MAX_MOVES);

/** True when the side to move has a legal en-passant capture. */
export function hasLegalEnPassant(position: Position): boolean {
  if (position._epSquare < 0) return false;
  const count = generateLegalMoves(position, scratch);
  for (let i = 0; i < count; i++) if (moveKind(scratch[i] as Move) === KIND_EN_PASSANT) return true;
  return false;
}

/** The repetition key as two 32-bit halves [lo, hi]. */
export function repetitionKeyParts(position: Position): [number, number] {
  if (hasLegalEnPassant(position)) {
    const file = position._epSquare & 7;
    return [position._hashLo ^ EP_KEYS_LO[file], position._hashHi ^ EP_KEYS_HI[file]];
  }
  return [position._hashLo, position._hashHi];
}

/** The repetition key as 16 hexadecimal digits: equal exactly when Art. 9.2 calls positions the same. */
export function repetitionKey(position: Position): string {
  const [lo, hi] = repetitionKeyParts(position);
  return hashToHex(lo, hi);
}
