import { describe, expect, it } from 'vitest';
import { CtcScores, type CtcFrames } from '../src/ctc-scores.js';

/** Random per-frame distributions over blank + symbols, rescaled the way the recogniser stores them. */
function randomFrames(alphabet: string[], frames: number, seed: number): { frames: CtcFrames; raw: number[][] } {
  let state = seed;
  const random = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const raw: number[][] = [];
  const probabilities = new Float64Array(frames * alphabet.length);
  let logScale = 0;
  for (let t = 0; t < frames; t += 1) {
    const row = alphabet.map(() => random() + 0.05);
    const total = row.reduce((a, b) => a + b, 0);
    const normal = row.map((p) => p / total);
    raw.push(normal);
    const max = Math.max(...normal);
    normal.forEach((p, s) => { probabilities[t * alphabet.length + s] = p / max; });
    logScale += Math.log(1 / max);
  }
  return { frames: { alphabet, frames, probabilities, logScale }, raw };
}

/** P(text) by walking every frame-by-frame path and collapsing it (repeats merged, blanks dropped). */
function bruteForce(raw: number[][], alphabet: string[], text: string): number {
  let total = 0;
  const walk = (t: number, path: number[], p: number) => {
    if (t === raw.length) {
      let out = '';
      let previous = -1;
      for (const s of path) {
        if (s !== previous && s !== 0) out += alphabet[s];
        previous = s;
      }
      if (out === text) total += p;
      return;
    }
    for (let s = 0; s < alphabet.length; s += 1) walk(t + 1, [...path, s], p * raw[t][s]);
  };
  walk(0, [], 1);
  return total;
}

/**
 * Every `every`-th text's first score is what a fresh scorer gives it, and scored again after all the others it is the
 * same: nothing written later overwrote it.
 */
function expectScoredAsFresh(shared: CtcScores, frames: CtcFrames, texts: readonly string[], first: readonly number[], every: number): void {
  texts.forEach((text, index) => {
    if (index % every !== 0) return;
    expect(first[index], text).toBeCloseTo(new CtcScores(frames).score(text), 12);
    expect(shared.score(text), text).toBe(first[index]);
  });
}

describe('CtcScores', () => {
  const alphabet = ['', 'N', 'f', '3', 'x'];
  const { frames, raw } = randomFrames(alphabet, 6, 42);
  const scores = new CtcScores(frames);

  it('gives every text the probability of all alignments that spell it', () => {
    for (const text of ['', 'N', 'Nf', 'Nf3', 'ff', 'Nxf3', 'f3', '33']) {
      expect(scores.score(text)).toBeCloseTo(Math.log(bruteForce(raw, alphabet, text)), 9);
    }
  });

  it('gives the same score whether a prefix was scored before or not', () => {
    const fresh = new CtcScores(frames);
    const direct = fresh.score('Nxf3');
    expect(scores.score('Nxf3')).toBeCloseTo(direct, 12);
  });

  it('scores thousands of prefixes in one cell as a fresh scorer scores each (prefixes share slabs of memory)', () => {
    const long = randomFrames(alphabet, 9, 7).frames;
    const shared = new CtcScores(long);
    const texts: string[] = [''];
    for (let length = 1; length <= 5; length += 1) {
      for (const text of texts.filter((candidate) => candidate.length === length - 1)) for (const symbol of alphabet.slice(1)) texts.push(text + symbol);
    }
    expect(texts.length).toBeGreaterThan(1000);
    expectScoredAsFresh(shared, long, texts, texts.map((text) => shared.score(text)), 7);
  });

  it('scores as a fresh scorer does past the 50,000 prefixes it keeps (its memo starts again)', () => {
    const long = randomFrames(alphabet, 9, 11).frames;
    const shared = new CtcScores(long);
    let texts = [''];
    const all: string[] = [];
    for (let length = 1; length <= 8; length += 1) {
      texts = texts.flatMap((text) => alphabet.slice(1).map((symbol) => text + symbol));
      all.push(...texts);
    }
    expect(all.length).toBeGreaterThan(80_000);
    expectScoredAsFresh(shared, long, all, all.map((text) => shared.score(text)), 997);
  });

  it('keeps a whole text only when a longer one went through it, and scores it the same either way', () => {
    const fresh = new CtcScores(frames);
    const symbols = alphabet.slice(1);
    const upTo3 = [...symbols, ...symbols.flatMap((a) => symbols.map((b) => a + b)), ...symbols.flatMap((a) => symbols.flatMap((b) => symbols.map((c) => a + b + c)))];
    const first = upTo3.map((text) => fresh.score(text));
    // 84 texts scored; kept: the empty text and the 4 + 16 texts of one and two symbols the longer ones went through.
    expect(upTo3).toHaveLength(84);
    expect(fresh.keptPrefixes).toBe(1 + 4 + 16);
    upTo3.forEach((text, index) => expect(fresh.score(text), text).toBe(first[index]));
    expect(fresh.keptPrefixes).toBe(21);
    // A whole text scored first and gone through later is the same number as the one kept.
    const later = new CtcScores(frames);
    const alone = later.score('Nf');
    later.score('Nf3');
    expect(later.score('Nf')).toBe(alone);
  });

  it('scores a text with a symbol outside the alphabet as nearly impossible', () => {
    expect(scores.score('Qd1')).toBeLessThan(-1000);
  });

  it('finds the likeliest texts by prefix beam search', () => {
    // A beam wide enough to keep every prefix is exact.
    const best = scores.bestTexts(3, 100_000);
    expect(best.length).toBe(3);
    for (const entry of best) expect(entry.logProbability).toBeCloseTo(scores.score(entry.text), 9);
    expect(best[0].logProbability).toBeGreaterThanOrEqual(best[1].logProbability);
    // No other short text beats the first.
    for (const text of ['N', 'f', '3', 'Nf', 'f3', 'Nf3', 'x', 'N3']) expect(scores.score(text)).toBeLessThanOrEqual(best[0].logProbability + 1e-9);
  });

  describe('bound', () => {
    /** Every text over the alphabet up to `length` symbols. */
    const textsUpTo = (symbols: readonly string[], length: number): string[] => {
      let texts = [''];
      const all = [''];
      for (let size = 1; size <= length; size += 1) {
        texts = texts.flatMap((text) => symbols.map((symbol) => text + symbol));
        all.push(...texts);
      }
      return all;
    };
    /** Every sub-multiset of the text's characters, in the text's order. */
    const subsets = (text: string): string[] => [...Array(2 ** text.length).keys()].map((mask) => [...text].filter((_, i) => (mask >> i) & 1).join(''));

    it('is never below the score of a text holding the characters it is given, whatever the frames sum to', () => {
      // Rows as the readers store them: single-precision probabilities, floored at 1e-9, that sum a little off 1.
      for (const [seed, offBy] of [[3, 0], [5, 1e-6], [8, -1e-6]] as const) {
        const { frames: base } = randomFrames(alphabet, 7, seed);
        const probabilities = base.probabilities.map((value, index) => Math.fround(value * (index % 3 === 0 ? 1 + offBy : 1)));
        const frames = { ...base, probabilities };
        const scorer = new CtcScores(frames);
        let checked = 0;
        for (const text of textsUpTo(alphabet.slice(1), 4)) {
          const score = scorer.score(text);
          for (const required of subsets(text)) {
            expect(scorer.bound(required), `${text} holding ${required}`).toBeGreaterThanOrEqual(score);
            checked += 1;
          }
        }
        expect(checked).toBeGreaterThan(1000);
      }
    });

    it('falls far below 0 for a character the frames do not show, and stays near 0 for what they spell', () => {
      // Peaky frames spelling "Nf3": blank, N, blank, f, f, blank, 3, blank.
      const spelled = [0, 1, 0, 2, 2, 0, 3, 0];
      const width = alphabet.length;
      const probabilities = new Float64Array(spelled.length * width);
      spelled.forEach((symbol, t) => {
        for (let s = 0; s < width; s += 1) probabilities[t * width + s] = s === symbol ? 1 : 1e-4;
      });
      const logScale = spelled.length * Math.log(1 + (width - 1) * 1e-4);
      const scorer = new CtcScores({ alphabet, frames: spelled.length, probabilities, logScale });
      expect(scorer.bound('Nf3')).toBeGreaterThan(-0.01);
      expect(scorer.bound('Nf3')).toBeGreaterThanOrEqual(scorer.score('Nf3'));
      // 'x' is nowhere: its summed probability is about 8e-4, so every text writing it is bounded near log(8e-4).
      expect(scorer.bound('x')).toBeLessThan(-6);
      expect(scorer.bound('x')).toBeGreaterThanOrEqual(scorer.score('Nxf3'));
      expect(scorer.bound('Qd')).toBe(scorer.score('Qd1'));
    });
  });
});
