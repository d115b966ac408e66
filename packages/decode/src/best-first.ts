/**
 * Slots in order of their score, best first, ties to the smaller slot, made a block at a time as they are read.
 * The beam reads about a hundred of the thousand or more children a ply makes; sorting them all was a tenth of a
 * decode. The order read is exactly the full sort's: the order is total, and each block holds the best of what is
 * left, sorted.
 */
export class BestFirst {
  private slots = new Int32Array(1024);
  private scores = new Float64Array(1024);
  private length = 0;
  /** How many of the first slots are in their final order. */
  private ordered = 0;
  private nextBlock = 0;

  /** Starts a new order over slots below `count` (scores set, slots added); `firstBlock` is how many are likely read. */
  reset(count: number, firstBlock: number): void {
    if (this.scores.length < count) this.scores = new Float64Array(Math.max(count, 2 * this.scores.length));
    if (this.slots.length < count) this.slots = new Int32Array(Math.max(count, 2 * this.slots.length));
    this.length = 0;
    this.ordered = 0;
    this.nextBlock = Math.max(1, firstBlock);
  }

  setScore(slot: number, score: number): void {
    this.scores[slot] = score;
  }

  add(slot: number): void {
    this.slots[this.length++] = slot;
  }

  get count(): number {
    return this.length;
  }

  /** The `index`-th best slot (0 is the best). */
  at(index: number): number {
    while (index >= this.ordered) {
      const end = Math.min(this.length, this.ordered + this.nextBlock);
      this.nextBlock *= 2;
      if (end < this.length) this.selectBest(this.ordered, this.length, end);
      this.sortRange(this.ordered, end);
      this.ordered = end;
    }
    return this.slots[index];
  }

  private better(a: number, b: number): boolean {
    const scoreA = this.scores[a];
    const scoreB = this.scores[b];
    return scoreA > scoreB || (scoreA === scoreB && a < b);
  }

  /** Rearranges slots[from, to) so that the best `end - from` come first, in any order (quickselect). */
  private selectBest(from: number, to: number, end: number): void {
    const slots = this.slots;
    let lo = from;
    let hi = to - 1;
    while (lo < hi) {
      // The median of three as the pivot, moved to hi.
      const mid = (lo + hi) >>> 1;
      if (this.better(slots[mid], slots[lo])) this.swap(lo, mid);
      if (this.better(slots[hi], slots[lo])) this.swap(lo, hi);
      if (this.better(slots[mid], slots[hi])) this.swap(mid, hi);
      const pivot = slots[hi];
      let store = lo;
      for (let k = lo; k < hi; k++) {
        if (this.better(slots[k], pivot)) this.swap(k, store++);
      }
      this.swap(store, hi);
      // slots[lo, store) are better than the pivot, slots(store, hi] worse.
      if (store === end || store === end - 1) return;
      if (store > end) hi = store - 1;
      else lo = store + 1;
    }
  }

  /** Sorts slots[from, to) best first (quicksort, insertion sort for short runs; typed arrays sort slowly with a comparator). */
  private sortRange(from: number, to: number): void {
    const slots = this.slots;
    while (to - from > 16) {
      const mid = (from + to - 1) >>> 1;
      if (this.better(slots[mid], slots[from])) this.swap(from, mid);
      if (this.better(slots[to - 1], slots[from])) this.swap(from, to - 1);
      if (this.better(slots[mid], slots[to - 1])) this.swap(mid, to - 1);
      const pivot = slots[to - 1];
      let store = from;
      for (let k = from; k < to - 1; k++) {
        if (this.better(slots[k], pivot)) this.swap(k, store++);
      }
      this.swap(store, to - 1);
      // The shorter side first, the longer one in this loop: the stack stays shallow.
      if (store - from < to - store - 1) {
        this.sortRange(from, store);
        from = store + 1;
      } else {
        this.sortRange(store + 1, to);
        to = store;
      }
    }
    for (let k = from + 1; k < to; k++) {
      const slot = slots[k];
      let at = k;
      while (at > from && this.better(slot, slots[at - 1])) {
        slots[at] = slots[at - 1];
        at--;
      }
      slots[at] = slot;
    }
  }

  private swap(a: number, b: number): void {
    const slots = this.slots;
    const held = slots[a];
    slots[a] = slots[b];
    slots[b] = held;
  }
}
