/**
 * A cheap prior over the legal moves of a position, no engine: captures and
 * above all recaptures are common, castling is popular, checks are frequent,
 * queens are what pawns become, and a king seldom walks while castling is
 * still possible. Weights are log-odds against a quiet move; the result is
 * normalised over the legal moves.
 */
import type { MoveDescription } from '@zapis/core';

export interface MovePriorWeights {
  readonly capture: number;
  readonly recapture: number;
  readonly check: number;
  readonly castle: number;
  readonly queenPromotion: number;
  readonly underPromotion: number;
  readonly kingWalk: number;
}

export const DEFAULT_MOVE_PRIOR: MovePriorWeights = {
  capture: 0.8,
  recapture: 1.6,
  check: 0.6,
  castle: 1.2,
  queenPromotion: 1.0,
  underPromotion: -1.5,
  kingWalk: -0.4,
};

/** Unnormalised log weight of a move; `lastCaptureSquare` is where the opponent just captured, or -1. */
export function moveLogWeight(description: MoveDescription, lastCaptureSquare: number, weights: MovePriorWeights = DEFAULT_MOVE_PRIOR): number {
  let score = 0;
  if (description.capture) score += description.to === lastCaptureSquare ? weights.recapture : weights.capture;
  if (description.check) score += weights.check;
  if (description.castle) score += weights.castle;
  else if (description.piece === 'king') score += weights.kingWalk;
  if (description.promotion) score += description.promotion === 'queen' ? weights.queenPromotion : weights.underPromotion;
  return score;
}

/** Log probabilities from log weights (log-sum-exp normalisation). */
export function normaliseLogWeights(weights: readonly number[]): number[] {
  const top = Math.max(...weights);
  let total = 0;
  for (const weight of weights) total += Math.exp(weight - top);
  const norm = top + Math.log(total);
  return weights.map((weight) => weight - norm);
}
