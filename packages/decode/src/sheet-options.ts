/**
 * The ways one sheet may account for one half-move, given which cell comes
 * next: the move is written in the next cell, or not written, or written
 * after a noise cell, or split over two cells, or swapped with the next
 * half-move's cell (then the cell left behind holds the next half-move).
 * Flat arrays: the search's hot loop allocates nothing here.
 */
import type { LayoutPriors } from './channel-parameters.js';
import type { EmissionModel } from './emission-model.js';
import type { PreparedSheet } from './prepared-sheet.js';

/** How a sheet accounts for one half-move. */
export type CellUse =
  | 'written'
  /** No cell for this move on this sheet (FIDE Art. 8.4 or a lost cell). */
  | 'unwritten'
  /** A cell that holds no move came first, then the move. */
  | 'after-noise'
  /** The move is spread over two cells. */
  | 'split'
  /** The move sits in the next cell; the cell before it holds the following half-move. */
  | 'swapped'
  /** The cell left behind by a swap. */
  | 'swap-completed'
  /** The sheet has ended; the other sheet goes on. */
  | 'sheet-ended';

/** CellUse by code (the codes the flat arrays hold). */
export const CELL_USES: readonly CellUse[] = ['written', 'unwritten', 'after-noise', 'split', 'swapped', 'swap-completed', 'sheet-ended'];
const WRITTEN = 0, UNWRITTEN = 1, AFTER_NOISE = 2, SPLIT = 3, SWAPPED = 4, SWAP_COMPLETED = 5, SHEET_ENDED = 6;

/** The layout priors the search uses, as natural logs, plus the log-probability that a sheet has ended. */
export type LayoutLogs = Readonly<Pick<LayoutPriors, 'unwritten' | 'noiseCell' | 'splitMove' | 'swappedCells' | 'misplacedCell' | 'abandon'>> & {
  readonly sheetEnded: number;
};

export function layoutLogs(priors: LayoutPriors): LayoutLogs {
  return {
    unwritten: Math.log(priors.unwritten),
    noiseCell: Math.log(priors.noiseCell),
    splitMove: Math.log(priors.splitMove),
    swappedCells: Math.log(priors.swappedCells),
    misplacedCell: Math.log(priors.misplacedCell),
    abandon: Math.log(priors.abandon),
    sheetEnded: Math.log(0.2),
  };
}

/**
 * What no option can beat, known before any emission is computed (FutureCost gives them), as arrays per sheet: a
 * number returned from a call V8 does not inline is boxed, and `fill` runs millions of times a correction.
 */
export interface OptionCeilings {
  /** Per cell: no move explains it better than this. */
  cellCeilings(s: number): Float64Array;
  /** Per cell c: no move explains cells c and c + 1 read as one better than this. */
  mergedCellCeilings(s: number): Float64Array;
  /** Per cell c, and one past the last: the estimate for the cells from c on (0 or less). */
  rests(s: number): Float64Array;
}

/** Rounding room: an emission is computed in another order than its ceiling. */
const CEILING_SLACK = 1e-6;

/** Up to this many ways a sheet may account for one move. */
const MAX_OPTIONS = 5;

export class SheetOptions {
  count = 0;
  /**
   * What an option's weight plus the estimate of the cells after it must reach (`fill`): set before each call, a
   * field rather than an argument, since a number passed to a call V8 does not inline is boxed.
   */
  floor = -Infinity;
  readonly next = new Int32Array(MAX_OPTIONS);
  readonly pending = new Int32Array(MAX_OPTIONS);
  readonly weight = new Float64Array(MAX_OPTIONS);
  readonly cell = new Int32Array(MAX_OPTIONS);
  readonly noise = new Int32Array(MAX_OPTIONS);
  readonly use = new Uint8Array(MAX_OPTIONS);

  /**
   * Adds an option and returns its index, for its weight to be written there: a number passed to a call V8 does not
   * inline is boxed, and `fill` grew past what V8 inlines into it (millions of options a correction).
   */
  private add(next: number, pending: number, use: number, cell: number, noise: number): number {
    const k = this.count++;
    this.next[k] = next;
    this.pending[k] = pending;
    this.use[k] = use;
    this.cell[k] = cell;
    this.noise[k] = noise;
    return k;
  }

  /**
   * Fills the options of sheet `s` for move `id` at `ply` (1-based), when `next` is the sheet's next
   * cell and `pending` a cell left behind by a swap (-1 if none). Options whose weight plus the
   * estimate of the cells after them cannot reach `floor` are left out before their emissions are
   * computed (the search would drop them anyway: every weight and estimate is a log-probability).
   */
  fill(sheet: PreparedSheet, s: number, next: number, pending: number, id: number, model: EmissionModel, layout: LayoutLogs, joint: boolean, ply: number,
    ceilings: OptionCeilings): void {
    this.count = 0;
    const floor = this.floor;
    const base = model.cellBase[s];
    const cells = sheet.cells;
    // Inlined here, not called (see OptionCeilings): a cell explaining a half-move other than its place suggests.
    const misplacedCell = layout.misplacedCell;
    if (pending >= 0) {
      const expected = cells[pending].expectedPly;
      this.weight[this.add(next, -1, SWAP_COMPLETED, pending, -1)] = model.emission(base + pending, id) + (expected === 0 || expected === ply ? 0 : misplacedCell);
      return;
    }
    const count = cells.length;
    if (next >= count) {
      if (joint) this.weight[this.add(next, -1, SHEET_ENDED, -1, -1)] = layout.sheetEnded;
      return;
    }
    // Every index below is at most `count`, the estimates' last.
    const rests = ceilings.rests(s);
    // Emissions and bounds read from the model's rows, the model called only for one not computed yet (see rowOf).
    const emissions = model.rowOf(id);
    // The move in its cell is scored only when the emission's bound (model.emissionBound) could reach the floor.
    const writtenExpected = cells[next].expectedPly;
    const writtenMisplaced = writtenExpected === 0 || writtenExpected === ply ? 0 : misplacedCell;
    const writtenReach = writtenMisplaced + rests[next + 1] + CEILING_SLACK;
    // The calls' numbers are made numbers (`+`) where they join the rows' reads: else V8 boxes every read to join them.
    let written = emissions[base + next];
    if (written !== written) {
      let bound = model.boundRowOf(id)[base + next];
      if (bound !== bound) bound = +model.emissionBound(base + next, id);
      if (bound + writtenReach >= floor) written = +model.emission(base + next, id);
    }
    // NaN (left unscored) fails the comparison.
    if (written + writtenReach >= floor) this.weight[this.add(next + 1, -1, WRITTEN, next, -1)] = written + writtenMisplaced;
    this.weight[this.add(next, -1, UNWRITTEN, -1, -1)] = layout.unwritten;
    if (next + 1 < count) {
      const rest = rests[next + 2] + CEILING_SLACK;
      const beforeFollowing = Math.max(layout.noiseCell + cells[next].logNoise, layout.swappedCells);
      const followingExpected = cells[next + 1].expectedPly;
      const followingMisplaced = followingExpected === 0 || followingExpected === ply ? 0 : misplacedCell;
      let following = NaN;
      if (beforeFollowing + ceilings.cellCeilings(s)[next + 1] + rest >= floor) {
        following = emissions[base + next + 1];
        if (following !== following) {
          let bound = model.boundRowOf(id)[base + next + 1];
          if (bound !== bound) bound = +model.emissionBound(base + next + 1, id);
          if (beforeFollowing + bound + followingMisplaced + rest >= floor) following = +model.emission(base + next + 1, id);
        }
      }
      if (beforeFollowing + following + followingMisplaced + rest >= floor) {
        this.weight[this.add(next + 2, -1, AFTER_NOISE, next + 1, next)] = layout.noiseCell + cells[next].logNoise + (following + followingMisplaced);
        this.weight[this.add(next + 2, next, SWAPPED, next + 1, -1)] = layout.swappedCells + (following + followingMisplaced);
      }
      if (sheet.merged[next] && layout.splitMove + ceilings.mergedCellCeilings(s)[next] + rest >= floor) {
        this.weight[this.add(next + 2, -1, SPLIT, next, -1)] = layout.splitMove + model.emission(model.mergedBase[s] + next, id) + writtenMisplaced;
      }
    }
  }
}
