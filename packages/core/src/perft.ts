/** Perft: the number of leaf nodes of the legal move tree, the standard move-generator check. */
import { parseFen } from './fen.js';
import type { Move } from './move.js';
import { MAX_MOVES, generateLegalMoves } from './movegen.js';
import type { Position } from './position.js';

/** One move buffer per remaining depth, owned by one perft call (so two perfts never share one). */
const buffersFor = (depth: number): Int32Array[] => Array.from({ length: depth + 1 }, () => new Int32Array(MAX_MOVES));

/** Perft by make/unmake on one position. */
export function perftPosition(position: Position, depth: number): number {
  return depth <= 0 ? 1 : perftByUndo(position, depth, buffersFor(depth));
}

function perftByUndo(position: Position, depth: number, buffers: Int32Array[]): number {
  const moves = buffers[depth];
  const count = generateLegalMoves(position, moves);
  if (depth === 1) return count;
  let nodes = 0;
  for (let i = 0; i < count; i++) {
    position.playUnchecked(moves[i] as Move);
    nodes += perftByUndo(position, depth - 1, buffers);
    position.undo();
  }
  return nodes;
}

/** Perft by copying the position before every move; kept to measure against make/unmake. */
export function perftByCopy(position: Position, depth: number): number {
  return depth <= 0 ? 1 : perftByCopying(position, depth, buffersFor(depth));
}

function perftByCopying(position: Position, depth: number, buffers: Int32Array[]): number {
  const moves = buffers[depth];
  const count = generateLegalMoves(position, moves);
  if (depth === 1) return count;
  let nodes = 0;
  for (let i = 0; i < count; i++) {
    const child = position.clone();
    child.playUnchecked(moves[i] as Move);
    nodes += perftByCopying(child, depth - 1, buffers);
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
