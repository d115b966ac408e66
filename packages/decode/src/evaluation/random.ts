/** A small seeded random generator (mulberry32) so evaluations are reproducible. */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** An index drawn in proportion to the weights. */
  weighted(weights: readonly number[]): number;
  pick<T>(items: readonly T[]): T;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    chance: (p) => next() < p,
    weighted(weights) {
      const total = weights.reduce((sum, weight) => sum + weight, 0);
      let threshold = next() * total;
      for (let index = 0; index < weights.length; index++) {
        threshold -= weights[index];
        if (threshold < 0) return index;
      }
      return weights.length - 1;
    },
    pick: (items) => items[Math.floor(next() * items.length)],
  };
}
