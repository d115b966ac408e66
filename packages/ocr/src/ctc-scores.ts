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
 * Forward variables of a prefix, P(prefix by frame t, ending in a blank | in its last symbol): `frames` values from
 * `at` in `slab`, then `frames` more. Prefixes share slabs: a typed array of its own per prefix made scoring a cell
 * allocate thousands of small buffers, which a browser allocates far more slowly than Node does.
 */
interface PrefixState {
  readonly slab: Float64Array;
  readonly at: number;
  readonly last: number;
}

const UNSCORABLE = -1e4;
/** Prefixes memoised per cell; beyond this the memo is cleared (a cell is scored for a few thousand texts). */
const MEMO_LIMIT = 50_000;
/** Prefixes in a cell's first slab; each next slab holds twice as many, up to the largest. */
const FIRST_SLAB_PREFIXES = 16;
const LARGEST_SLAB_PREFIXES = 1024;

export class CtcScores {
  private readonly symbolIndex = new Map<string, number>();
  private readonly memo = new Map<string, PrefixState>();
  private readonly empty: PrefixState;
  private slab = new Float64Array(0);
  private slabUsed = 0;

  constructor(readonly frames: CtcFrames) {
    frames.alphabet.forEach((symbol, index) => {
      if (index > 0) this.symbolIndex.set(symbol, index);
    });
    const { probabilities, frames: count, alphabet } = frames;
    const { slab, at } = this.allocate();
    let running = 1;
    for (let t = 0; t < count; t += 1) {
      running *= probabilities[t * alphabet.length];
      slab[at + t] = running;
    }
    this.empty = { slab, at, last: -1 };
  }

  /** log P(text | image); texts with a symbol outside the alphabet get a very low score. */
  score(text: string): number {
    const state = this.state(text);
    if (!state) return UNSCORABLE;
    const end = this.frames.frames - 1;
    const total = end < 0 ? (text === '' ? 1 : 0) : state.slab[state.at + end] + state.slab[state.at + this.frames.frames + end];
    return total > 0 ? Math.log(total) - this.frames.logScale : UNSCORABLE;
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

  private state(text: string): PrefixState | undefined {
    if (text === '') return this.empty;
    const cached = this.memo.get(text);
    if (cached) return cached;
    const symbol = this.symbolIndex.get(text[text.length - 1]);
    if (symbol === undefined) return undefined;
    const parent = this.state(text.slice(0, -1));
    if (!parent) return undefined;
    const { probabilities, frames, alphabet } = this.frames;
    const width = alphabet.length;
    const { slab, at } = this.allocate();
    const from = parent.slab;
    const parentBlank = parent.at;
    const parentSymbol = parent.at + frames;
    const blank = at;
    const ending = at + frames;
    const repeat = parent.last === symbol;
    for (let t = 0; t < frames; t += 1) {
      // Entering the new symbol at frame t: from the parent ending in a blank, or in a different symbol.
      const enter = t === 0
        ? (text.length === 1 ? 1 : 0)
        : from[parentBlank + t - 1] + (repeat ? 0 : from[parentSymbol + t - 1]);
      const stay = t === 0 ? 0 : slab[ending + t - 1];
      slab[ending + t] = (enter + stay) * probabilities[t * width + symbol];
      slab[blank + t] = t === 0 ? 0 : (slab[blank + t - 1] + slab[ending + t - 1]) * probabilities[t * width];
    }
    const state = { slab, at, last: symbol };
    if (this.memo.size >= MEMO_LIMIT) this.memo.clear();
    this.memo.set(text, state);
    return state;
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
