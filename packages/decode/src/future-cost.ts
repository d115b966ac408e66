/**
 * What explaining the rest of the sheets will cost, so that hypotheses at
 * different cells compare like with like. A cell that some move of this ply
 * was written in costs what the best of them paid for it: then a hypothesis
 * that leaves a badly read cell for later (a half-move nobody wrote) does not
 * look better than those that already paid for it, and when every hypothesis
 * is in a wrong position nobody gains by putting the cell off for ever. That
 * holds only for a cell in the moving side's column (by its line number): a
 * cell in the other side's column is explained by the other side's move, so
 * it costs what the other side's moves paid for it the ply before. After a
 * half-move nobody wrote (a line without Black's move) the next cell is
 * White's: judged by Black's moves it would cost far too much and the true
 * game would be dropped. Cells no move tried, and cells further on, cost the best
 * any move could do (EmissionBound). Estimates are
 * settled once per ply, after every move of the ply has been tried in its
 * cell, so they never change while hypotheses are being compared.
 */
import type { LanguageCode } from '@zapis/notation';
import type { SpellingPriors } from './channel-parameters.js';
import type { NoisyChannel } from './channel.js';
import { EmissionBound } from './emission-bound.js';
import type { PreparedCell, PreparedSheet } from './prepared-sheet.js';

/** A move's typical log prior (about one legal move in thirty). */
export const TYPICAL_PRIOR = -3;

export class FutureCost {
  /** Per sheet, per cell: the best any move could do, or the cell as noise. */
  private readonly bound: Float64Array[];
  /** Per sheet, per cell (and per merged pair of cells): log P(cell | move) of the best any move could do. */
  private readonly ceiling: Float64Array[];
  private readonly mergedCeiling: Float64Array[];
  private readonly noise: Float64Array[];
  /** Per sheet, per cell: this ply's estimate, and its sums from each cell to the end. */
  private readonly current: Float64Array[];
  private readonly suffix: Float64Array[];
  /** Per cell of the emission model: the best emission of a move written in it this ply (-∞: none). */
  readonly written: Float64Array;
  /** The same for the ply before: the other side's moves. */
  private readonly previous: Float64Array;

  constructor(private readonly sheets: readonly PreparedSheet[], private readonly cellBase: Int32Array, modelCells: number,
    channel: NoisyChannel, language: LanguageCode, spelling: SpellingPriors, logNoiseCell: number) {
    const bound = new EmissionBound(channel, language, spelling);
    const ceilingOf = (cell: PreparedCell | undefined): number => {
      if (!cell) return -Infinity;
      if (cell.ceiling !== undefined) return cell.ceiling;
      let total = 0;
      for (const reading of cell.readings) total += reading.weight * bound.bound(reading.codes);
      return total > 0 ? Math.log(total) : -745;
    };
    this.noise = sheets.map((sheet) => Float64Array.from(sheet.cells, (cell) => logNoiseCell + cell.logNoise));
    this.ceiling = sheets.map((sheet) => Float64Array.from(sheet.cells, ceilingOf));
    this.mergedCeiling = sheets.map((sheet) => Float64Array.from(sheet.merged, ceilingOf));
    this.bound = this.ceiling.map((ceilings, s) => ceilings.map((ceiling, c) => Math.max(ceiling + TYPICAL_PRIOR, this.noise[s][c])));
    this.current = this.bound.map((estimates) => estimates.slice());
    this.suffix = this.current.map((estimates) => new Float64Array(estimates.length + 1));
    this.written = new Float64Array(modelCells).fill(-Infinity);
    this.previous = new Float64Array(modelCells).fill(-Infinity);
    this.sums();
  }

  /** The best any move could do with sheet s's cell c (or the cell as noise), with a typical prior. */
  best(s: number, c: number): number {
    return this.bound[s][c];
  }

  /** Per cell c of sheet s: no move explains it better than this (log P(cell | move)). */
  cellCeilings(s: number): Float64Array {
    return this.ceiling[s];
  }

  /** Per cell c of sheet s: no move explains cells c and c + 1 read as one better than this. */
  mergedCellCeilings(s: number): Float64Array {
    return this.mergedCeiling[s];
  }

  /** Per cell c of sheet s, and one past its last: this ply's estimate for its cells from c on (0 or less). */
  rests(s: number): Float64Array {
    return this.suffix[s];
  }

  /** When the search goes back: what the last plies' moves paid says nothing of the ply it goes back to. */
  forget(): void {
    this.written.fill(-Infinity);
    this.previous.fill(-Infinity);
  }

  /** Before a ply's moves are tried. */
  startPly(): void {
    this.previous.set(this.written);
    this.written.fill(-Infinity);
  }

  /** After the moves of `ply` (1-based) are tried in their cells: the estimates the ply's hypotheses are compared by. */
  settle(ply: number): void {
    for (let s = 0; s < this.sheets.length; s++) {
      const current = this.current[s];
      const base = this.cellBase[s];
      const cells = this.sheets[s].cells;
      for (let c = 0; c < current.length; c++) {
        const written = this.written[base + c];
        const expected = cells[c].expectedPly;
        const otherSide = expected !== 0 && (expected - ply) % 2 !== 0;
        const fit = otherSide ? this.previous[base + c] : written;
        current[c] = fit === -Infinity ? this.bound[s][c] : Math.max(fit + TYPICAL_PRIOR, this.noise[s][c]);
      }
    }
    this.sums();
  }

  private sums(): void {
    for (let s = 0; s < this.sheets.length; s++) {
      const current = this.current[s];
      const suffix = this.suffix[s];
      for (let c = current.length - 1; c >= 0; c--) suffix[c] = suffix[c + 1] + current[c];
    }
  }

  /** This ply's estimate for hypotheses whose next cell per sheet is cursors[2s] (and swapped cell cursors[2s + 1]). */
  of(cursors: Int32Array): number {
    let total = 0;
    for (let s = 0; s < this.sheets.length; s++) {
      const suffix = this.suffix[s];
      total += suffix[Math.min(cursors[2 * s], suffix.length - 1)];
      const pending = cursors[2 * s + 1];
      if (pending >= 0) total += this.current[s][pending];
    }
    return total;
  }
}
