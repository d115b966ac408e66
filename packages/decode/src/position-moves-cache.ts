/**
 * The moves of positions met, keyed by what they depend on: the position's Zobrist hash, its en-passant square
 * (the hash leaves it out), where the last move captured (recaptures are likelier) and the game's phase (the
 * priors change with it). Numbers, not a string built per lookup: a search asks once per hypothesis and ply, too
 * often to build and hash a string each time.
 */
import type { Position } from '@zapis/core';
import { priorPhase } from './move-features.js';
import type { PositionMoves } from './move-table.js';

interface Entry {
  readonly hi: number;
  readonly rest: number;
  readonly moves: PositionMoves;
}

export class PositionMovesCache {
  /** By the hash's low half; positions sharing it are told apart by the rest. */
  private readonly byLow = new Map<number, Entry | Entry[]>();
  private count = 0;

  /** Positions kept. */
  get size(): number {
    return this.count;
  }

  private static rest(epSquare: number, lastCaptureSquare: number, phase: number): number {
    return ((epSquare + 1) * 65 + (lastCaptureSquare + 1)) * 3 + phase;
  }

  get(lo: number, hi: number, epSquare: number, lastCaptureSquare: number, phase: number): PositionMoves | undefined {
    const found = this.byLow.get(lo);
    if (found === undefined) return undefined;
    const rest = PositionMovesCache.rest(epSquare, lastCaptureSquare, phase);
    if (!Array.isArray(found)) return found.hi === hi && found.rest === rest ? found.moves : undefined;
    for (const entry of found) if (entry.hi === hi && entry.rest === rest) return entry.moves;
    return undefined;
  }

  set(lo: number, hi: number, epSquare: number, lastCaptureSquare: number, phase: number, moves: PositionMoves): void {
    const entry: Entry = { hi, rest: PositionMovesCache.rest(epSquare, lastCaptureSquare, phase), moves };
    const found = this.byLow.get(lo);
    this.count += 1;
    if (found === undefined) this.byLow.set(lo, entry);
    else if (Array.isArray(found)) found.push(entry);
    else this.byLow.set(lo, [found, entry]);
  }

  /** The moves of `position` after a capture on `lastCaptureSquare` (-1: none), generated once. */
  movesOf(position: Position, lastCaptureSquare: number, generate: () => PositionMoves): PositionMoves {
    const { hashLo, hashHi, epSquare } = position;
    const phase = priorPhase(position);
    let moves = this.get(hashLo, hashHi, epSquare, lastCaptureSquare, phase);
    if (!moves) {
      moves = generate();
      this.set(hashLo, hashHi, epSquare, lastCaptureSquare, phase, moves);
    }
    return moves;
  }

  clear(): void {
    this.byLow.clear();
    this.count = 0;
  }
}
