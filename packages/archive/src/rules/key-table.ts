/**
 * Whole-number keys below 2^53 (duplicate-game hashes), each with a number of
 * its own, in two typed arrays probed in turn from the key's low bits. A Map
 * of number keys hashes a boxed number per lookup and keeps an entry object a
 * key; a run looks up every game, so this costs less time and memory.
 */

/** No key is negative: this marks an empty place. */
const EMPTY = -1;
const INITIAL_CAPACITY = 1024;

export class KeyTable {
  private keys = new Float64Array(INITIAL_CAPACITY).fill(EMPTY);
  private values = new Int32Array(INITIAL_CAPACITY);
  private count = 0;

  /** Keys held. */
  get size(): number {
    return this.count;
  }

  /** The number of `key`, or -1 when it is not held. */
  get(key: number): number {
    const keys = this.keys;
    const mask = keys.length - 1;
    // The low 32 bits of the key: the hashes are well mixed there.
    for (let place = (key >>> 0) & mask; ; place = (place + 1) & mask) {
      const held = keys[place];
      if (held === key) return this.values[place];
      if (held === EMPTY) return -1;
    }
  }

  /** Holds `key` (not yet held) with `value` (0 or more). */
  add(key: number, value: number): void {
    // At most half full, so probes stay short.
    if (2 * (this.count + 1) > this.keys.length) this.grow();
    this.place(key, value);
    this.count++;
  }

  private place(key: number, value: number): void {
    const keys = this.keys;
    const mask = keys.length - 1;
    let place = (key >>> 0) & mask;
    while (keys[place] !== EMPTY) place = (place + 1) & mask;
    keys[place] = key;
    this.values[place] = value;
  }

  private grow(): void {
    const { keys, values } = this;
    this.keys = new Float64Array(keys.length * 2).fill(EMPTY);
    this.values = new Int32Array(keys.length * 2);
    for (let place = 0; place < keys.length; place++) if (keys[place] !== EMPTY) this.place(keys[place], values[place]);
  }
}
