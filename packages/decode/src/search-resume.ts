/**
 * Going on with a search where a person's confirmation changes it. A review
 * session decodes the same sheets again and again, each time with one more
 * move confirmed; everything the search did before that ply is what it would
 * do again. So a search kept in `DecodeReuse` records its state as each ply's
 * expansion starts, and the next search with the same setting starts at the
 * first ply whose confirmed move differs, from that state: the lattice is the
 * one a fresh search builds, node for node (decode-reuse.test.ts compares).
 */
import type { LatticeNode } from './search.js';

/** The search's state as one ply's expansion starts: all it needs to go on from there. */
export interface PlyStart {
  readonly previousTop: number;
  readonly finished: number;
  /** The backtracking window's surprises beyond the allowance (a copy of the ring). */
  readonly excess: Float64Array;
  readonly wideUntil: number;
  readonly settledPly: number;
  readonly backtracks: number;
  /** `FutureCost.written` as the ply starts: what the ply before's moves paid for each cell. */
  readonly written: Float64Array;
}

/** A finished search as the next one may take it up. */
export interface SavedSearch {
  /** Everything besides the confirmations the search depends on (`searchSetting`); a search with another setting starts afresh. */
  readonly setting: string;
  readonly channel: object;
  readonly layout: object | undefined;
  readonly movePrior: object | undefined;
  /** Per 0-based ply, the confirmed move's key (as `confirmedByIndex`). */
  readonly confirmed: readonly (string | undefined)[];
  readonly plies: readonly (readonly LatticeNode[])[];
  /** starts[p]: the state as ply p's expansion started, for every ply the search expanded. */
  readonly starts: readonly PlyStart[];
}

/** Where a search with these confirmations may take up a saved one: a ply (1 or more) and how each kept node ends, or undefined. */
export interface ResumePoint {
  readonly ply: number;
  readonly start: PlyStart;
}

/**
 * The latest ply the new search may start at: no later than the first ply whose confirmed move differs
 * (a confirmation restricts the moves of its ply's expansion), and no later than the first ply holding
 * a node whose game is over under one search and not the other (`isOver`: the last confirmed move
 * decides whether a game may end early, and an ended game's node leaves the beam), and before any stretch
 * the saved search searched again because of a surprise after that ply.
 */
export function resumePoint(saved: SavedSearch, confirmed: readonly (string | undefined)[],
  isOver: (node: LatticeNode) => boolean): ResumePoint | undefined {
  let ply = Math.min(saved.starts.length - 1, saved.plies.length - 1);
  const longest = Math.max(confirmed.length, saved.confirmed.length);
  for (let index = 0; index < longest; index++) {
    if (confirmed[index] !== saved.confirmed[index]) {
      ply = Math.min(ply, index);
      break;
    }
  }
  for (let at = 0; at <= ply; at++) {
    if (saved.plies[at].some((node) => (node.logFinal === 0) !== isOver(node))) {
      ply = at - 1;
      break;
    }
  }
  // A stretch the saved search went back over after a surprise at a later ply was searched again, wide, with
  // what it met there: a search that changes before that ply would not have. Start before the stretch (its
  // first ply's start was written again by the second pass too). Earlier stretches may then reach past the new start.
  for (let moved = true; moved && ply >= 1;) {
    moved = false;
    for (let at = 0; at <= ply; at++) {
      const start = saved.starts[at];
      if (start.wideUntil > at && start.settledPly > ply) {
        ply = at - 1;
        moved = true;
        break;
      }
    }
  }
  return ply >= 1 ? { ply, start: saved.starts[ply] } : undefined;
}
