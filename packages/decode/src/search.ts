/**
 * Search over whole games. Hypotheses advance one half-move (ply) at a time;
 * each carries the position and, per sheet, which cell comes next. A move is
 * written in the next cell, or not written at all, or written after a noise
 * cell, or split over two cells, or swapped with the next half-move's cell.
 * Hypotheses reaching the same position at the same cells merge (their
 * probabilities add: the lattice keeps every incoming edge for the backward
 * pass). A hypothesis is ranked by its forward probability plus a fixed
 * estimate of its remaining cells (future-cost.ts), and the beam keeps those
 * within `beamWidth` nats of the best, at most `beamSize`. When the best
 * hypothesis suddenly fits the readings far worse than moves could, the search
 * goes back a stretch and searches it again wider (`Backtracking`). A
 * hypothesis ends when every cell is explained, or gives up with the rest of
 * the sheet as noise (very unlikely, but it says where it broke).
 */
import type { LanguageCode } from '@zapis/notation';
import type { Position } from '@zapis/core';
import type { LayoutPriors, SpellingPriors } from './channel-parameters.js';
import type { NoisyChannel } from './channel.js';
import type { MovePriorWeights } from './move-prior.js';
import type { KnownMove } from './move-table.js';
import type { SearchCache } from './search-cache.js';
import type { CellUse } from './sheet-options.js';
import type { PreparedSheet } from './prepared-sheet.js';
import { LatticeSearch, type SearchBeams } from './search-run.js';

export type { CellUse } from './sheet-options.js';

export interface SheetStep {
  readonly use: CellUse;
  /** The cell that holds the move (-1 if none). */
  readonly cell: number;
  /** Cells explained as noise on the way. */
  readonly noise: readonly number[];
  /** log P(this sheet's cells | the move), the layout penalty included. */
  readonly logWeight: number;
}

export interface LatticeEdge {
  readonly from: LatticeNode;
  readonly to: LatticeNode;
  readonly candidate: KnownMove;
  readonly steps: readonly SheetStep[];
  /** log P(move | position) + Σ sheets' log weights. */
  readonly logWeight: number;
}

export interface LatticeNode {
  readonly ply: number;
  /** next cell and pending (swapped) cell per sheet: [next0, pending0, next1, pending1, …]. */
  readonly cursors: readonly number[];
  readonly lastCaptureSquare: number;
  position: Position | undefined;
  logAlpha: number;
  best: number;
  bestEdge: LatticeEdge | undefined;
  readonly incoming: LatticeEdge[];
  /** log weight of the game ending here (0 when every cell is explained). */
  logFinal: number;
  /** Cells left as noise when the game ends here early. */
  abandoned: boolean;
  /** The search's estimate of explaining the cells still ahead (future-cost.ts). */
  readonly future: number;
  logBeta: number;
}

export interface SearchOptions {
  readonly language: LanguageCode;
  readonly channel: NoisyChannel;
  readonly layout?: LayoutPriors;
  /** How this writer spells moves (default: the language's habits). */
  readonly spelling?: SpellingPriors;
  readonly movePrior?: MovePriorWeights;
  /**
   * Hypotheses further than this (nats) below the best are dropped (default 9: the narrowest beam a wider one
   * decodes no better than with the fitted move prior; every nat wider only costs time).
   */
  readonly beamWidth?: number;
  /** At most this many hypotheses per ply (default 64). */
  readonly beamSize?: number;
  /**
   * At most this many hypotheses per layout of the cells before the best layout fills the beam (default
   * 64, as many as the beam): a tighter cap in the narrow search reserves slots for junk in other layouts
   * and drops a long-lived alternative of the best one (a pawn misread on another file, proved right many plies later).
   */
  readonly layoutSize?: number;
  /** Longest game considered, in plies beyond the number of cells (default 8). */
  readonly extraPlies?: number;
  /** Search only this game (UCI per ply): scores a known game under the model, for the tuning report. */
  readonly only?: readonly string[];
  /**
   * Moves a person confirmed: 1-based ply → English SAN (check marks optional). Only that move is searched
   * at its ply, and no game ends before the last of them. When no hypothesis can play one, the search stops
   * there: the lattice's last ply is the one before it (see `confirmedIllegalAt`).
   */
  readonly confirmed?: ReadonlyMap<number, string>;
  /** Moves of positions met by earlier decodes of the same sheets (a review session's re-decodes). */
  readonly reuse?: SearchCache;
  /** Going back for a lost game (see `Backtracking`); `false` never goes back. */
  readonly backtrack?: Partial<Backtracking> | false;
}

/**
 * When the best hypothesis suddenly explains its cells far worse than moves could (its score drops by
 * more than `surprise` nats in a ply, or by more than `allowance` nats a ply adding up to `accumulated`
 * within `window` plies), the beam has most likely dropped the true game a few plies before (a
 * misreading that made another legal move, a half-move nobody wrote: the evidence comes later). The
 * search then goes back `plies` plies and searches that stretch again with a much wider beam, at most
 * `times` times a game.
 */
export interface Backtracking {
  readonly surprise: number;
  readonly allowance: number;
  readonly accumulated: number;
  readonly window: number;
  readonly plies: number;
  readonly times: number;
  readonly beamWidth: number;
  readonly beamSize: number;
  readonly layoutSize: number;
}

export const DEFAULT_BACKTRACKING: Backtracking = {
  surprise: 14, allowance: 3, accumulated: 16, window: 8, plies: 20, times: 4, beamWidth: 14, beamSize: 256, layoutSize: 48,
};

export interface Lattice {
  readonly plies: readonly (readonly LatticeNode[])[];
  /** log P(readings) summed over every complete hypothesis kept. */
  readonly logEvidence: number;
  readonly bestFinal: LatticeNode | undefined;
  /** log P(readings, best hypothesis): the Viterbi score. */
  readonly bestScore: number;
  /**
   * How much worse an edge explains its cells than the best any move could (nats, 0 or more): large
   * when nothing the beam held fits the readings there, the sign of a true game dropped on the way.
   */
  readonly surprise: (edge: LatticeEdge) => number;
}

/** Runs the beam search from `start` over the sheets and returns the lattice. */
export function searchLattice(start: Position, sheets: readonly PreparedSheet[], options: SearchOptions): Lattice {
  return new LatticeSearch(start, sheets, options, beamsOf(options)).run();
}

/** The beams `options` ask for, the defaults filled in; the wide one never narrower than the usual one. */
function beamsOf(options: SearchOptions): SearchBeams {
  const narrow = { beamWidth: options.beamWidth ?? 9, beamSize: options.beamSize ?? 64, layoutSize: options.layoutSize ?? 64 };
  const backtrack: Backtracking | undefined = options.backtrack === false ? undefined : { ...DEFAULT_BACKTRACKING, ...(options.backtrack ?? {}) };
  const wide = backtrack ? {
    beamWidth: Math.max(narrow.beamWidth, backtrack.beamWidth), beamSize: Math.max(narrow.beamSize, backtrack.beamSize),
    layoutSize: Math.max(narrow.layoutSize, backtrack.layoutSize),
  } : narrow;
  return { narrow, wide, backtrack };
}
