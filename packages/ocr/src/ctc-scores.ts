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

/** Forward variables of a prefix: P(prefix by frame t, ending in a blank | in its last symbol). */
interface PrefixState {
  readonly blankEnd: Float64Array;
  readonly symbolEnd: Float64Array;
  readonly last: number;
}

const UNSCORABLE = -1e4;
/** Prefixes memoised per cell; beyond this the memo is cleared (a cell is scored for a few thousand texts). */
const MEMO_LIMIT = 50_000;

export class CtcScores {
  private readonly symbolIndex = new Map<string, number>();
  private readonly memo = new Map<string, PrefixState>();
  private readonly empty: PrefixState;

  constructor(readonly frames: CtcFrames) {
    frames.alphabet.forEach((symbol, index) => {
      if (index > 0) this.symbolIndex.set(symbol, index);
    });
    const { probabilities, frames: count, alphabet } = frames;
    const blankEnd = new Float64Array(count);
    let running = 1;
    for (let t = 0; t < count; t += 1) {
      running *= probabilities[t * alphabet.length];
      blankEnd[t] = running;
    }
    this.empty = { blankEnd, symbolEnd: new Float64Array(count), last: -1 };
  }

  /** log P(text | image); texts with a symbol outside the alphabet get a very low score. */
  score(text: string): number {
    const state = this.state(text);
    if (!state) return UNSCORABLE;
    const end = this.frames.frames - 1;
    const total = end < 0 ? (text === '' ? 1 : 0) : state.blankEnd[end] + state.symbolEnd[end];
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
    const blankEnd = new Float64Array(frames);
    const symbolEnd = new Float64Array(frames);
    const repeat = parent.last === symbol;
    for (let t = 0; t < frames; t += 1) {
      // Entering the new symbol at frame t: from the parent ending in a blank, or in a different symbol.
      const enter = t === 0
        ? (text.length === 1 ? 1 : 0)
        : parent.blankEnd[t - 1] + (repeat ? 0 : parent.symbolEnd[t - 1]);
      const stay = t === 0 ? 0 : symbolEnd[t - 1];
      symbolEnd[t] = (enter + stay) * probabilities[t * width + symbol];
      blankEnd[t] = t === 0 ? 0 : (blankEnd[t - 1] + symbolEnd[t - 1]) * probabilities[t * width];
    }
    const state = { blankEnd, symbolEnd, last: symbol };
    if (this.memo.size >= MEMO_LIMIT) this.memo.clear();
    this.memo.set(text, state);
    return state;
  }
}
