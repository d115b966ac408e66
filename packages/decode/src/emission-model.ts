/**
 * log P(cell | move) for the search, computed once per (cell, move) pair: a
 * move is known by its number in the search's MoveTable, cells by their
 * index in one table over all sheets (merged cell pairs after the cells), so
 * the cache is a flat array per move instead of a string-keyed map per cell.
 */
import type { LanguageCode } from '@zapis/notation';
import type { SpellingPriors } from './channel-parameters.js';
import type { EncodedSlots, NoisyChannel, SpellingSlots } from './channel.js';
import type { MoveTable } from './move-table.js';
import type { PreparedCell, PreparedSheet } from './prepared-sheet.js';
import { moveSpellings, sharedCharacters, weightedSpellings } from './spellings.js';

/** log P of a reading no move explains at all (exp underflows below this). */
const IMPOSSIBLE = -745;
/**
 * Moves' cache rows are cut from shared slabs of this many rows: a buffer of its own per move made a decode
 * allocate thousands of them, which a browser allocates far more slowly than Node does.
 */
const ROWS_PER_SLAB = 256;

export class EmissionModel {
  /** Per move: its spellings' slots, from which its encoded slots, weighted spellings and shared characters come. */
  private readonly spellingSlots: (SpellingSlots | undefined)[] = [];
  private readonly slots: (EncodedSlots | undefined)[] = [];
  private readonly spellings: ({ text: string; logPrior: number }[] | undefined)[] = [];
  private readonly cache: (Float64Array | undefined)[] = [];
  /** Per move, per cell: the bound of a pair not scored yet (emissionBound), NaN until asked for. */
  private readonly bounds: (Float64Array | undefined)[] = [];
  /** Per move: the characters every spelling of it holds (spellings.ts `sharedCharacters`). */
  private readonly shared: (string | undefined)[] = [];
  private readonly cells: PreparedCell[] = [];
  private rowSlab = new Float64Array(0);
  private rowSlabUsed = 0;
  private terms = new Float64Array(16);
  /** Index of sheet s's cell c is cellBase[s] + c; of its merged pair c, c + 1: mergedBase[s] + c. */
  readonly cellBase: Int32Array;
  readonly mergedBase: Int32Array;

  constructor(private readonly channel: NoisyChannel, private readonly language: LanguageCode, private readonly spelling: SpellingPriors,
    private readonly table: MoveTable, sheets: readonly PreparedSheet[]) {
    this.cellBase = new Int32Array(sheets.length);
    this.mergedBase = new Int32Array(sheets.length);
    sheets.forEach((sheet, s) => {
      this.cellBase[s] = this.cells.length;
      this.cells.push(...sheet.cells);
      this.mergedBase[s] = this.cells.length;
      // Cells with no merged pair keep an empty slot so the indices stay aligned.
      for (const merged of sheet.merged) this.cells.push(merged ?? { readings: [], logNoise: 0, expectedPly: 0 });
    });
    // Sheets of texts have no bound to keep: every move shares one row that stays NaN (emissionBound then scores).
    this.noBounds = this.cells.some((cell) => cell.scoreBound !== undefined) ? undefined : new Float64Array(this.cells.length).fill(NaN);
  }

  /** The row every move shares when no cell has a bound (see the constructor). */
  private readonly noBounds: Float64Array | undefined;

  /** How many cells (and merged pairs) the model indexes. */
  get cellCount(): number {
    return this.cells.length;
  }

  /**
   * Move `id`'s emissions by cell, NaN where not computed yet. The search reads a cell's value here and calls
   * `emission` only for NaN: a number returned from a call V8 does not inline is boxed, and a correction made
   * millions of these calls.
   */
  rowOf(id: number): Float64Array {
    let row = this.cache[id];
    if (!row) {
      row = this.newRow();
      this.cache[id] = row;
    }
    return row;
  }

  /** Move `id`'s bounds by cell (`emissionBound`'s when it computed one), NaN where not computed. */
  boundRowOf(id: number): Float64Array {
    if (this.noBounds) return this.noBounds;
    let bounds = this.bounds[id];
    if (!bounds) {
      bounds = this.newRow();
      this.bounds[id] = bounds;
    }
    return bounds;
  }

  /** log P(cell | move) summed over the move's spellings and the cell's alternative readings. */
  emission(cell: number, id: number): number {
    const row = this.rowOf(id);
    const cached = row[cell];
    if (cached === cached) return cached; // not NaN
    const scored = this.cells[cell].score;
    if (scored) {
      const value = this.scoredEmission(scored, id);
      row[cell] = value;
      return value;
    }
    let slots = this.slots[id];
    if (!slots) {
      slots = this.channel.encodeSlots(this.slotsOf(id));
      this.slots[id] = slots;
    }
    let total = 0;
    for (const reading of this.cells[cell].readings) total += reading.weight * this.channel.spellingLikelihood(slots, reading.codes);
    const value = total > 0 ? Math.log(total) : IMPOSSIBLE;
    row[cell] = value;
    return value;
  }

  /**
   * A number never below `emission(cell, id)`: the emission once computed; for a scored cell whose scorer has a bound
   * (`Cell.scoreBound`), its bound of the characters every spelling of the move holds, one call a cell and move;
   * otherwise the emission itself. The search scores a move only when this says it could count.
   */
  emissionBound(cell: number, id: number): number {
    const row = this.cache[id];
    if (row) {
      const cached = row[cell];
      if (cached === cached) return cached; // not NaN
    }
    const bound = this.cells[cell].scoreBound;
    if (!bound) return this.emission(cell, id);
    const bounds = this.boundRowOf(id);
    const known = bounds[cell];
    if (known === known) return known;
    // Every spelling holds these characters, so the reader's bound of them bounds every spelling's score; the
    // spellings' priors sum to at most 1, so it bounds their weighted sum too (and the floor is the emission's).
    let shared = this.shared[id];
    if (shared === undefined) {
      shared = sharedCharacters(this.slotsOf(id));
      this.shared[id] = shared;
    }
    const value = Math.max(IMPOSSIBLE, bound(shared));
    bounds[cell] = value;
    return value;
  }

  /** Move `id`'s spellings' slots, made once. */
  private slotsOf(id: number): SpellingSlots {
    let slots = this.spellingSlots[id];
    if (!slots) {
      slots = moveSpellings(this.table.moves[id].description, this.language, this.spelling);
      this.spellingSlots[id] = slots;
    }
    return slots;
  }

  /** A row of NaN (not computed yet) for every cell. */
  private newRow(): Float64Array {
    const length = this.cells.length;
    if (this.rowSlabUsed + length > this.rowSlab.length) {
      this.rowSlab = new Float64Array(Math.max(1, length) * ROWS_PER_SLAB).fill(NaN);
      this.rowSlabUsed = 0;
    }
    const row = this.rowSlab.subarray(this.rowSlabUsed, this.rowSlabUsed + length);
    this.rowSlabUsed += length;
    return row;
  }

  /** log Σ over the move's spellings of P(spelling | move) · score(spelling), in log space. */
  private scoredEmission(score: (text: string) => number, id: number): number {
    let spellings = this.spellings[id];
    if (!spellings) {
      spellings = [...weightedSpellings(this.slotsOf(id))]
        .filter((spelling) => spelling.probability > 0)
        .map((spelling) => ({ text: spelling.text, logPrior: Math.log(spelling.probability) }));
      this.spellings[id] = spellings;
    }
    // The spellings' terms in a scratch array kept across calls, not one allocated per new cell and move (a hot path).
    if (this.terms.length < spellings.length) this.terms = new Float64Array(2 * spellings.length);
    const terms = this.terms;
    let best = -Infinity;
    for (let k = 0; k < spellings.length; k++) {
      const term = spellings[k].logPrior + score(spellings[k].text);
      if (term > best) best = term;
      terms[k] = term;
    }
    if (best === -Infinity) return IMPOSSIBLE;
    let sum = 0;
    for (let k = 0; k < spellings.length; k++) sum += Math.exp(terms[k] - best);
    return Math.max(IMPOSSIBLE, best + Math.log(sum));
  }
}
