/** Perft: the number of leaf nodes of the legal move tree, the standard move-generator check. */
import { parseFen } from './fen.js';
import type { Move } from './move.js';
import { MAX_MOVES, generateLegalMoves } from './movegen.js';
import type { Position } from './position.js';

const buffers: Int32Array[] = [];
const bufferFor = (depth: number): Int32Array => (buffers[depth] ??= new Int32Array(MAX_MOVES));

/** Perft by make/unmake on one position. */
export function perftPosition(position: Position, depth: number): number {
  if (depth <= 0) return 1;
  const moves = bufferFor(depth);
  const count = generateLegalMoves(position, moves);
  if (depth === 1) return count;
  let nodes = 0;
  for (let i = 0; i < count; i++) {
    position.playUnchecked(moves[i] as Move);
    nodes += perftPosition(position, depth - 1);
    position.undo();
  }
  return nodes;
}

/** Perft by copying the position before every move; kept to measure against make/unmake. */
export function perftByCopy(position: Position, depth: number): number {
  if (depth <= 0) return 1;
  const moves = bufferFor(depth);
  const count = generateLegalMoves(position, moves);
  if (depth === 1) return count;
  let nodes = 0;
  for (let i = 0; i < count; i++) {
    const child = position.clone();
    child.playUnchecked(moves[i] as Move);
    nodes += perftByCopy(child, depth - 1);
  }
  return nodes;
}

/**
 * Perft of a FEN (X-FEN or Shredder-FEN). Throws a RangeError naming the FEN field
 * when the FEN is invalid, since a perft of nothing has no meaningful count.
 */
export function perft(fen: string, depth: number): number {
  const parsed = parseFen(fen, { allowExcessMaterial: true });
  if (!parsed.ok) throw new RangeError(`perft: invalid FEN (${parsed.error.field}): ${parsed.error.message}`);
  return perftPosition(parsed.value, depth);
}
