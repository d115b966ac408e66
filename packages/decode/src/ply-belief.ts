/**
 * One ply's probabilities as a person is told them: the chosen move's confidence, its alternatives and where the
 * rest is, all parts of one distribution that sums to 1. The lattice's posterior at the ply (posterior.ts) is
 * trusted by a factor (decode.ts: small near a surprise the kept games explain badly, where the search may have
 * dropped the true game); whatever the factor takes from the posterior goes to a move outside the search, and it
 * takes from every move alike, so that the chosen move and its alternatives keep their order.
 */
import type { MoveProbability } from './posterior.js';
import { LISTED_PROBABILITY } from './rival.js';

export interface Alternative {
  readonly san: string;
  readonly probability: number;
}

/** Where a ply's probability is, besides the chosen move and the alternatives listed (each 0..1). */
export interface Remainder {
  /** The games that end before this ply (the sheet's last cells explained otherwise). */
  readonly gameEnds: number;
  /** Other moves the search kept: each too unlikely to be listed, or beyond the alternatives listed. */
  readonly otherMoves: number;
  /** A move outside what the search kept: the doubt that it kept the true game here at all. */
  readonly outsideSearch: number;
}

/** What one ply's posterior says, by SAN (the PGN writes the SAN; paths that part earlier may play it from elsewhere). */
export interface PlyBelief {
  /** The chosen move's probability: its confidence. */
  readonly probability: number;
  /** Other moves, likeliest first. */
  readonly alternatives: readonly Alternative[];
  readonly remainder: Remainder;
}

/** Sums of a ply's posterior miss 1 by less than this when every game reaches the ply. */
const ROUNDING = 1e-9;

export const NO_REMAINDER: Remainder = { gameEnds: 0, otherMoves: 0, outsideSearch: 0 };

/**
 * The belief at a ply where `san` was chosen, from the posterior `here` trusted by `trust` (0..1): at most `count`
 * alternatives, each one the search kept at least LISTED_PROBABILITY likely. The parts sum to 1.
 */
export function plyBelief(here: readonly MoveProbability[], san: string, count: number, trust: number): PlyBelief {
  const bySan = new Map<string, number>();
  let total = 0;
  for (const entry of here) {
    total += entry.probability;
    bySan.set(entry.san, (bySan.get(entry.san) ?? 0) + entry.probability);
  }
  const trusted = Math.min(1, Math.max(0, trust));
  // Rounding can take the sum of a ply's posterior a hair over 1.
  const scale = trusted / Math.max(1, total);
  const chosen = (bySan.get(san) ?? 0) * scale;
  const listed = [...bySan].filter(([other, probability]) => other !== san && probability >= LISTED_PROBABILITY)
    .sort((a, b) => b[1] - a[1]).slice(0, count);
  const alternatives = listed.map(([other, probability]) => ({ san: other, probability: probability * scale }));
  // What rounding leaves of a ply every kept game reaches is no game ending there.
  const gameEnds = 1 - total > ROUNDING ? trusted * (1 - total) : 0;
  const shown = chosen + alternatives.reduce((sum, alternative) => sum + alternative.probability, 0);
  return { probability: chosen, alternatives, remainder: { gameEnds, otherMoves: Math.max(0, trusted - gameEnds - shown), outsideSearch: 1 - trusted } };
}
