/**
 * Going on with a search where a person's confirmation changes it. A review
 * session decodes the same sheets again and again, each time with one more
 * move confirmed; everything the search did before it first expanded that
 * ply is what it would do again. So a search kept in `SearchCache` records,
 * the first time it reaches each ply, its state and the lattice so far, and
 * the next search with the same setting starts at the first ply whose
 * confirmed move differs, from that record: the lattice is the one a fresh
 * search builds, node for node (decode-reuse.test.ts compares).
 *
 * The first time, not the last: a search that goes back over a stretch after a
 * surprise searches it again wide, and a search whose confirmation changes a
 * move inside that stretch would meet its own surprises, or none. Until the
 * saved search first reached the changed ply it did what the new one does.
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

/** A ply as the search first reached it: its state, and the lattice's plies up to it (their node arrays are never changed). */
export interface ReachedPly {
  readonly start: PlyStart;
  readonly plies: readonly (readonly LatticeNode[])[];
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
  /** reached[p]: ply p as the search first reached it, for every ply it expanded. */
  readonly reached: readonly ReachedPly[];
}

/** Where a search with these confirmations may take up a saved one: a ply (1 or more), its state and the lattice up to it. */
export interface ResumePoint extends ReachedPly {
  readonly ply: number;
}

/**
 * The latest ply the new search may start at: no later than the first ply whose confirmed move differs (a
 * confirmation restricts the moves of its ply's expansion) nor than the new search's last ply (`maxPly`), and no
 * later than the first ply holding a node whose game is over under one search and not the other (`overBefore`,
 * `overNow`: the last confirmed move decides whether a game may end early, and an ended game's node leaves the beam).
 */
export function resumePoint(saved: SavedSearch, confirmed: readonly (string | undefined)[], maxPly: number,
  overBefore: (node: LatticeNode) => boolean, overNow: (node: LatticeNode) => boolean): ResumePoint | undefined {
  let ply = Math.min(saved.reached.length - 1, maxPly);
  const longest = Math.max(confirmed.length, saved.confirmed.length);
  for (let index = 0; index < longest; index++) {
    if (confirmed[index] !== saved.confirmed[index]) {
      ply = Math.min(ply, index);
      break;
    }
  }
  // Each earlier ply's record holds its own lattice: check that one again after moving back.
  for (let moved = true; moved && ply >= 1;) {
    moved = false;
    const { plies } = saved.reached[ply];
    for (let at = 0; at <= ply; at++) {
      if (plies[at].some((node) => overBefore(node) !== overNow(node))) {
        ply = at - 1;
        moved = true;
        break;
      }
    }
  }
  return ply >= 1 ? { ply, ...saved.reached[ply] } : undefined;
}
