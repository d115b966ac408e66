/**
 * What a CTC recogniser saw in one cell, kept as per-frame probabilities over
 * a small alphabet (blank first), so any candidate text can be scored: the
 * probability that the network's frames spell it, summed over every
 * alignment. Texts sharing a prefix share its forward variables, so scoring
 * `Nf3`, `Nf3+` and `Nxf3` costs little more than scoring one of them.
 */

export interface CtcFrames {
  /** Symbols the frames are over; symbol 0 is the blank. */
  readonly alphabet: readonly string[];
  readonly frames: number;
  /** frames × alphabet.length probabilities, each frame rescaled so its largest entry is 1. */
  readonly probabilities: Float64Array;
  /** Σ log of each frame's rescaling: scores add it back so they are true log-probabilities. */
  readonly logScale: number;
}

/**
 * Prefixes are numbered as they are first scored (0: the empty text) and known by their parent's number and their last
 * symbol, in an open-addressing table of typed arrays: a map from each prefix's text to an object of its own would
 * hold a string, an object and an entry per prefix, four scorers a cell (the ensemble's three and PP-OCR alone), for
 * every full collection to mark again.
 * Prefix `p`'s forward variables, P(prefix by frame t, ending in a blank | in its last symbol), are `frames` values from
 * `offsets[p]` in `slabs[p]`, then `frames` more. Prefixes share slabs: a typed array of its own per prefix would make scoring
 * a cell allocate thousands of small buffers, which a browser allocates far more slowly than Node does.
 */

const UNSCORABLE = -1e4;
/** Prefixes memoised per cell; beyond this the memo is cleared (a cell is scored for a few thousand texts). */
const MEMO_LIMIT = 50_000;
/** Prefixes in a cell's first slab; each next slab holds twice as many, up to the largest. */
const FIRST_SLAB_PREFIXES = 16;
const LARGEST_SLAB_PREFIXES = 1024;
/** Buckets of the prefix table at first (a power of two; kept at most half full). */
const FIRST_BUCKETS = 64;

/** Where a prefix's key is looked for first (then in the buckets after it). */
const homeBucket = (key: number, mask: number): number => (Math.imul(key, 0x9e3779b1) >>> 0) & mask;

/** Characters below this code are looked up in an array (moves are written in them); the rest in a map. */
const DIRECT_CODES = 384;

export class CtcScores {
  private readonly symbolIndex = new Map<string, number>();
  /** Symbol by character code below DIRECT_CODES (-1: not in the alphabet): cheaper than a map lookup per character. */
  private readonly directIndex = new Int32Array(DIRECT_CODES).fill(-1);
  /** Per prefix: the slab and offset of its forward variables, its last symbol (-1: the empty text). */
  private slabs: Float64Array[] = [];
  private offsets: number[] = [];
  private lasts: number[] = [];
  /** Bucket → prefix number + 1 (0: empty); a prefix's key is parent × alphabet size + last symbol. */
  private buckets = new Int32Array(FIRST_BUCKETS);
  private bucketKeys = new Int32Array(FIRST_BUCKETS);
  private slab = new Float64Array(0);
  private slabUsed = 0;
  /** A whole text's forward variables when it is not kept (`score`). */
  private scratch = new Float64Array(0);
  /** Per symbol, log Σ over frames of its probability, each frame normalised to sum to 1 (`bound`); made on first call. */
  private symbolLogSums: Float64Array | undefined;
  /**
   * log of the factor from the normalised frames' probabilities to the true ones (every symbol of a frame scaled
   * alike, so every text's probability by the same factor), with room for rounding.
   */
  private boundMargin = 0;

  constructor(readonly frames: CtcFrames) {
    frames.alphabet.forEach((symbol, index) => {
      if (index === 0) return;
      this.symbolIndex.set(symbol, index);
      if (symbol.length === 1 && symbol.charCodeAt(0) < DIRECT_CODES) this.directIndex[symbol.charCodeAt(0)] = index;
    });
    this.reset();
  }

  /** How many prefixes the memo keeps now, the empty text's included. */
  get keptPrefixes(): number {
    return this.slabs.length;
  }

  /** Only the empty text's forward variables: the blank in every frame. */
  private reset(): void {
    const { probabilities, frames: count, alphabet } = this.frames;
    this.slabs = [];
    this.offsets = [];
    this.lasts = [];
    this.buckets = new Int32Array(FIRST_BUCKETS);
    this.bucketKeys = new Int32Array(FIRST_BUCKETS);
    const { slab, at } = this.allocate();
    let running = 1;
    for (let t = 0; t < count; t += 1) {
      running *= probabilities[t * alphabet.length];
      slab[at + t] = running;
    }
    this.slabs.push(slab);
    this.offsets.push(at);
    this.lasts.push(-1);
  }

  /** log P(text | image); texts with a symbol outside the alphabet get a very low score. */
  score(text: string): number {
    if (this.slabs.length >= MEMO_LIMIT) this.reset();
    let prefix = 0;
    const last = text.length - 1;
    for (let i = 0; i < last; i += 1) {
      const symbol = this.symbolAt(text, i);
      if (symbol < 0) return UNSCORABLE;
      prefix = this.child(prefix, symbol);
    }
    const frames = this.frames.frames;
    const end = frames - 1;
    let slab = this.slabs[prefix];
    let at = this.offsets[prefix];
    if (last >= 0) {
      const symbol = this.symbolAt(text, last);
      if (symbol < 0) return UNSCORABLE;
      // The whole text is kept only if some text scored before went through it: most whole texts are scored once
      // (the decoder keeps each move's emission), and keeping them would be most of the memo.
      const known = this.known(prefix, symbol);
      if (known >= 0) {
        slab = this.slabs[known];
        at = this.offsets[known];
      } else {
        if (this.scratch.length < 2 * frames) this.scratch = new Float64Array(2 * frames);
        this.extend(prefix, symbol, this.scratch, 0);
        slab = this.scratch;
        at = 0;
      }
    }
    const total = end < 0 ? (text === '' ? 1 : 0) : slab[at + end] + slab[at + frames + end];
    return total > 0 ? Math.log(total) - this.frames.logScale : UNSCORABLE;
  }

  /**
   * A number never below `score(text)` for every text that holds the characters of `required` (as many times), from
   * one addition per character: the decoder scores a move's spellings only when this says the move could make its
   * beam. An alignment emits each of those characters at a frame of its own, and whatever the other frames emit sums
   * to at most 1 per frame, so the text's probability is at most the product over the required characters of the sum
   * over frames of that character's probability.
   */
  bound(required: string): number {
    const sums = this.symbolLogSums ?? this.sumSymbols();
    let total = this.boundMargin;
    for (let i = 0; i < required.length; i += 1) {
      const symbol = this.symbolAt(required, i);
      // Every such text holds a character the frames cannot spell: each scores UNSCORABLE.
      if (symbol < 0) return UNSCORABLE;
      total += sums[symbol];
    }
    return Math.max(total, UNSCORABLE);
  }

  /**
   * Each frame's probabilities normalised to sum to 1, summed per symbol. The readers floor every probability at 1e-9
   * and a network's softmax sums a little off 1: the margin is the log of what scales the normalised frames back to
   * the true ones (the rescaling's log, given, against the rescaled frames' sums), plus 1e-9 a frame for rounding.
   */
  private sumSymbols(): Float64Array {
    const { probabilities, frames, alphabet, logScale } = this.frames;
    const width = alphabet.length;
    const sums = new Float64Array(width);
    let logFrameSums = 0;
    for (let t = 0; t < frames; t += 1) {
      let frameSum = 0;
      for (let s = 0; s < width; s += 1) frameSum += probabilities[t * width + s];
      logFrameSums += Math.log(frameSum);
      for (let s = 0; s < width; s += 1) sums[s] += probabilities[t * width + s] / frameSum;
    }
    for (let s = 0; s < width; s += 1) sums[s] = Math.log(sums[s]);
    this.boundMargin = logFrameSums - logScale + 1e-9 * (frames + 1);
    this.symbolLogSums = sums;
    return sums;
  }

  /** The likeliest texts by prefix beam search over the whole alphabet, best first, with their log-probabilities. */
  bestTexts(count: number, beamWidth = 12): { text: string; logProbability: number }[] {
    const { alphabet, frames, probabilities } = this.frames;
    const width = alphabet.length;
    interface Beam { text: string; last: number; blank: number; symbol: number }
    let beams: Beam[] = [{ text: '', last: -1, blank: 1, symbol: 0 }];
    for (let t = 0; t < frames; t += 1) {
      const next = new Map<string, Beam>();
      const at = (text: string, last: number): Beam => {
        let beam = next.get(text);
        if (!beam) {
          beam = { text, last, blank: 0, symbol: 0 };
          next.set(text, beam);
        }
        return beam;
      };
      const row = t * width;
      for (const beam of beams) {
        const total = beam.blank + beam.symbol;
        at(beam.text, beam.last).blank += total * probabilities[row];
        if (beam.last >= 0) at(beam.text, beam.last).symbol += beam.symbol * probabilities[row + beam.last];
        for (let s = 1; s < width; s += 1) {
          const p = probabilities[row + s];
          if (p < 1e-4) continue;
          const extended = at(beam.text + alphabet[s], s);
          extended.symbol += p * (s === beam.last ? beam.blank : total);
        }
      }
      beams = [...next.values()].sort((a, b) => b.blank + b.symbol - (a.blank + a.symbol)).slice(0, beamWidth);
    }
    return beams.slice(0, count).map((beam) => ({
      text: beam.text,
      logProbability: Math.log(Math.max(beam.blank + beam.symbol, 1e-300)) - this.frames.logScale,
    }));
  }

  /** The alphabet's index of the text's character at `i` (-1: not in the alphabet). */
  private symbolAt(text: string, i: number): number {
    const code = text.charCodeAt(i);
    return code < DIRECT_CODES ? this.directIndex[code] : (this.symbolIndex.get(text[i]) ?? -1);
  }

  /** The number of prefix `parent` extended by `symbol` if it is kept, else -1. */
  private known(parent: number, symbol: number): number {
    return this.buckets[this.bucketOf(parent * this.frames.alphabet.length + symbol)] - 1;
  }

  /** The bucket holding a prefix's key, or the empty one where it would go. */
  private bucketOf(key: number): number {
    const mask = this.buckets.length - 1;
    let bucket = homeBucket(key, mask);
    while (this.buckets[bucket] !== 0 && this.bucketKeys[bucket] !== key) bucket = (bucket + 1) & mask;
    return bucket;
  }

  /** The number of prefix `parent` extended by `symbol`, its forward variables computed and kept the first time. */
  private child(parent: number, symbol: number): number {
    const key = parent * this.frames.alphabet.length + symbol;
    const bucket = this.bucketOf(key);
    if (this.buckets[bucket] !== 0) return this.buckets[bucket] - 1;
    const { slab, at } = this.allocate();
    this.extend(parent, symbol, slab, at);
    const prefix = this.slabs.length;
    this.slabs.push(slab);
    this.offsets.push(at);
    this.lasts.push(symbol);
    this.buckets[bucket] = prefix + 1;
    this.bucketKeys[bucket] = key;
    if (2 * this.slabs.length > this.buckets.length) this.growBuckets();
    return prefix;
  }

  /** Prefix `parent` extended by `symbol`: its forward variables, written to `slab` from `at` (ending in a blank, then in the symbol). */
  private extend(parent: number, symbol: number, slab: Float64Array, at: number): void {
    const { probabilities, frames, alphabet } = this.frames;
    const width = alphabet.length;
    const from = this.slabs[parent];
    const parentBlank = this.offsets[parent];
    const parentSymbol = parentBlank + frames;
    const blank = at;
    const ending = at + frames;
    const repeat = this.lasts[parent] === symbol;
    for (let t = 0; t < frames; t += 1) {
      // Entering the new symbol at frame t: from the parent ending in a blank, or in a different symbol.
      const enter = t === 0
        ? (parent === 0 ? 1 : 0)
        : from[parentBlank + t - 1] + (repeat ? 0 : from[parentSymbol + t - 1]);
      const stay = t === 0 ? 0 : slab[ending + t - 1];
      slab[ending + t] = (enter + stay) * probabilities[t * width + symbol];
      slab[blank + t] = t === 0 ? 0 : (slab[blank + t - 1] + slab[ending + t - 1]) * probabilities[t * width];
    }
  }

  /** Twice the buckets, every prefix placed again. */
  private growBuckets(): void {
    const [oldBuckets, oldKeys] = [this.buckets, this.bucketKeys];
    this.buckets = new Int32Array(oldBuckets.length * 2);
    this.bucketKeys = new Int32Array(oldBuckets.length * 2);
    for (let old = 0; old < oldBuckets.length; old += 1) {
      if (oldBuckets[old] === 0) continue;
      const bucket = this.bucketOf(oldKeys[old]);
      this.buckets[bucket] = oldBuckets[old];
      this.bucketKeys[bucket] = oldKeys[old];
    }
  }

  /** Room for one prefix's forward variables. A full slab is left to the prefixes in it (and to the collector). */
  private allocate(): { slab: Float64Array; at: number } {
    const size = 2 * this.frames.frames;
    if (this.slabUsed + size > this.slab.length) {
      const prefixes = this.slab.length === 0 ? FIRST_SLAB_PREFIXES : Math.min(LARGEST_SLAB_PREFIXES, 2 * this.slab.length / Math.max(1, size));
      this.slab = new Float64Array(Math.max(1, prefixes) * size);
      this.slabUsed = 0;
    }
    const at = this.slabUsed;
    this.slabUsed += size;
    return { slab: this.slab, at };
  }
}
