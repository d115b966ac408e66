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

/** What no option can beat, known before any emission is computed (FutureCost gives them). */
export interface OptionCeilings {
  cellCeiling(s: number, c: number): number;
  mergedCellCeiling(s: number, c: number): number;
  /** The estimate for the cells from c on (0 or less). */
  rest(s: number, c: number): number;
}

/** Rounding room: an emission is computed in another order than its ceiling. */
const CEILING_SLACK = 1e-6;

/** Up to this many ways a sheet may account for one move. */
const MAX_OPTIONS = 5;

export class SheetOptions {
  count = 0;
  readonly next = new Int32Array(MAX_OPTIONS);
  readonly pending = new Int32Array(MAX_OPTIONS);
  readonly weight = new Float64Array(MAX_OPTIONS);
  readonly cell = new Int32Array(MAX_OPTIONS);
  readonly noise = new Int32Array(MAX_OPTIONS);
  readonly use = new Uint8Array(MAX_OPTIONS);

  private add(next: number, pending: number, weight: number, use: number, cell: number, noise: number): void {
    const k = this.count++;
    this.next[k] = next;
    this.pending[k] = pending;
    this.weight[k] = weight;
    this.use[k] = use;
    this.cell[k] = cell;
    this.noise[k] = noise;
  }

  /**
   * Fills the options of sheet `s` for move `id` at `ply` (1-based), when `next` is the sheet's next
   * cell and `pending` a cell left behind by a swap (-1 if none). Options whose weight plus the
   * estimate of the cells after them cannot reach `floor` are left out before their emissions are
   * computed (the search would drop them anyway: every weight and estimate is a log-probability).
   */
  fill(sheet: PreparedSheet, s: number, next: number, pending: number, id: number, model: EmissionModel, layout: LayoutLogs, joint: boolean, ply: number,
    ceilings: OptionCeilings, floor: number): void {
    this.count = 0;
    const base = model.cellBase[s];
    const cells = sheet.cells;
    if (pending >= 0) {
      this.add(next, -1, model.emission(base + pending, id) + misplaced(cells[pending].expectedPly, ply, layout), SWAP_COMPLETED, pending, -1);
      return;
    }
    const count = cells.length;
    if (next >= count) {
      if (joint) this.add(next, -1, layout.sheetEnded, SHEET_ENDED, -1, -1);
      return;
    }
    this.add(next + 1, -1, model.emission(base + next, id) + misplaced(cells[next].expectedPly, ply, layout), WRITTEN, next, -1);
    this.add(next, -1, layout.unwritten, UNWRITTEN, -1, -1);
    if (next + 1 < count) {
      const rest = ceilings.rest(s, next + 2) + CEILING_SLACK;
      const beforeFollowing = Math.max(layout.noiseCell + cells[next].logNoise, layout.swappedCells);
      if (beforeFollowing + ceilings.cellCeiling(s, next + 1) + rest >= floor) {
        const following = model.emission(base + next + 1, id) + misplaced(cells[next + 1].expectedPly, ply, layout);
        this.add(next + 2, -1, layout.noiseCell + cells[next].logNoise + following, AFTER_NOISE, next + 1, next);
        this.add(next + 2, next, layout.swappedCells + following, SWAPPED, next + 1, -1);
      }
      if (sheet.merged[next] && layout.splitMove + ceilings.mergedCellCeiling(s, next) + rest >= floor) {
        const weight = layout.splitMove + model.emission(model.mergedBase[s] + next, id) + misplaced(cells[next].expectedPly, ply, layout);
        this.add(next + 2, -1, weight, SPLIT, next, -1);
      }
    }
  }
}

/** The penalty for a cell explaining a half-move other than the one its place suggests. */
function misplaced(expected: number, ply: number, layout: LayoutLogs): number {
  return expected === 0 || expected === ply ? 0 : layout.misplacedCell;
}
