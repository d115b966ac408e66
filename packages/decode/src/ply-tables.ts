/**
 * One ply of the search in flat typed arrays: the children (hypotheses the
 * ply may reach, merged by position and cells) and the proposals (every way a
 * kept hypothesis reaches a child). Lattice nodes and edges are built only for
 * the children the beam keeps; everything else stays numbers and is reused.
 */

/** Per sheet, at most two sheets. */
const SHEETS = 2;

function grown<T extends Int32Array | Float64Array | Uint8Array>(array: T, size: number): T {
  const bigger = new (array.constructor as { new (length: number): T })(size);
  bigger.set(array);
  return bigger;
}

/** Children of one ply, merged by (position, cursors). */
export class ChildTable {
  count = 0;
  private capacity = 1024;
  lo = new Int32Array(this.capacity);
  hi = new Int32Array(this.capacity);
  cursors = new Int32Array(this.capacity * 2 * SHEETS);
  /** log Σ over proposals of α(parent) · weight. */
  alpha = new Float64Array(this.capacity);
  /** The Viterbi score and the proposal that gives it. */
  best = new Float64Array(this.capacity);
  bestProposal = new Int32Array(this.capacity);
  /** The future-cost estimate of the child's cells. */
  future = new Float64Array(this.capacity);
  lastCapture = new Int32Array(this.capacity);
  /** Open addressing: slot + 1 per bucket, 0 for empty; at most half full. */
  private buckets = new Int32Array(this.capacity * 2);

  constructor(private readonly width: number) {}

  reset(): void {
    this.count = 0;
    this.buckets.fill(0);
  }

  /**
   * The child for this position and cursors, created (α = -∞) if new: then `count` grows, and the caller sets its
   * `future` (a number passed to a call V8 does not inline is boxed, and this runs for every option the beam keeps).
   */
  find(lo: number, hi: number, cursors: Int32Array, lastCapture: number): number {
    let mix = lo ^ Math.imul(hi, 0x9e3779b1);
    for (let k = 0; k < this.width; k++) mix = Math.imul(mix ^ (cursors[k] + 0x7f4a7c15), 0x85ebca6b) ^ (mix >>> 15);
    const mask = this.buckets.length - 1;
    let bucket = (mix ^ (mix >>> 16)) & mask;
    for (let entry = this.buckets[bucket]; entry !== 0; bucket = (bucket + 1) & mask, entry = this.buckets[bucket]) {
      const slot = entry - 1;
      if (this.lo[slot] !== lo || this.hi[slot] !== hi) continue;
      let same = true;
      for (let k = 0; k < this.width && same; k++) same = this.cursors[slot * 2 * SHEETS + k] === cursors[k];
      if (same) return slot;
    }
    if (this.count === this.capacity) {
      this.grow();
      return this.find(lo, hi, cursors, lastCapture);
    }
    const slot = this.count++;
    this.lo[slot] = lo;
    this.hi[slot] = hi;
    for (let k = 0; k < this.width; k++) this.cursors[slot * 2 * SHEETS + k] = cursors[k];
    this.alpha[slot] = -Infinity;
    this.best[slot] = -Infinity;
    this.bestProposal[slot] = -1;
    this.lastCapture[slot] = lastCapture;
    this.buckets[bucket] = slot + 1;
    return slot;
  }

  /**
   * The child's cursors, copied out for the node it becomes: a plain array of two or four small integers, a fraction
   * of an Int32Array of its own (an array buffer apiece), as a search keeps one alive per node.
   */
  cursorsOf(slot: number): number[] {
    const at = slot * 2 * SHEETS;
    const cursors = this.cursors;
    return this.width === 2 ? [cursors[at], cursors[at + 1]] : [cursors[at], cursors[at + 1], cursors[at + 2], cursors[at + 3]];
  }

  /** A number naming the child's cursors (which cell comes next on each sheet). */
  layoutOf(slot: number): number {
    let key = 0;
    for (let k = 0; k < this.width; k++) key = key * 4096 + (this.cursors[slot * 2 * SHEETS + k] + 1);
    return key;
  }

  private grow(): void {
    this.capacity *= 2;
    this.lo = grown(this.lo, this.capacity);
    this.hi = grown(this.hi, this.capacity);
    this.cursors = grown(this.cursors, this.capacity * 2 * SHEETS);
    this.alpha = grown(this.alpha, this.capacity);
    this.best = grown(this.best, this.capacity);
    this.bestProposal = grown(this.bestProposal, this.capacity);
    this.future = grown(this.future, this.capacity);
    this.lastCapture = grown(this.lastCapture, this.capacity);
    // Rehash every child into a table twice the size.
    this.buckets = new Int32Array(this.capacity * 2);
    const count = this.count;
    const cursors = new Int32Array(this.width);
    this.count = 0;
    for (let slot = 0; slot < count; slot++) {
      for (let k = 0; k < this.width; k++) cursors[k] = this.cursors[slot * 2 * SHEETS + k];
      const alpha = this.alpha[slot], best = this.best[slot], proposal = this.bestProposal[slot], future = this.future[slot];
      const again = this.find(this.lo[slot], this.hi[slot], cursors, this.lastCapture[slot]);
      this.future[again] = future;
      this.alpha[again] = alpha;
      this.best[again] = best;
      this.bestProposal[again] = proposal;
    }
  }
}

/** Every (parent, move, per-sheet option) that reached a child this ply. */
export class ProposalTable {
  count = 0;
  private capacity = 4096;
  parent = new Int32Array(this.capacity);
  move = new Int32Array(this.capacity);
  child = new Int32Array(this.capacity);
  weight = new Float64Array(this.capacity);
  /** Per sheet (index p * 2 + s): the option's use code, cell, noise cell and log weight. */
  use = new Uint8Array(this.capacity * SHEETS);
  cell = new Int32Array(this.capacity * SHEETS);
  noise = new Int32Array(this.capacity * SHEETS);
  stepWeight = new Float64Array(this.capacity * SHEETS);

  reset(): void {
    this.count = 0;
  }

  add(parent: number, move: number, child: number, weight: number): number {
    if (this.count === this.capacity) this.grow();
    const p = this.count++;
    this.parent[p] = parent;
    this.move[p] = move;
    this.child[p] = child;
    this.weight[p] = weight;
    return p;
  }

  setStep(p: number, s: number, use: number, cell: number, noise: number, weight: number): void {
    const k = p * SHEETS + s;
    this.use[k] = use;
    this.cell[k] = cell;
    this.noise[k] = noise;
    this.stepWeight[k] = weight;
  }

  private grow(): void {
    this.capacity *= 2;
    this.parent = grown(this.parent, this.capacity);
    this.move = grown(this.move, this.capacity);
    this.child = grown(this.child, this.capacity);
    this.weight = grown(this.weight, this.capacity);
    this.use = grown(this.use, this.capacity * SHEETS);
    this.cell = grown(this.cell, this.capacity * SHEETS);
    this.noise = grown(this.noise, this.capacity * SHEETS);
    this.stepWeight = grown(this.stepWeight, this.capacity * SHEETS);
  }
}
