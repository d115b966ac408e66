/**
 * A cheap prior over the legal moves of a position, no engine: a weighted sum of the move's features
 * (move-features.ts: captures and recaptures, checks, castling, development, retreats, pieces left
 * where a pawn takes them, …) as log-odds against a quiet pawn move, normalised over the legal moves.
 * The weights are fitted on real games (`tsx bench/fit-prior.ts`, fit-move-prior.ts).
 */
import type { MoveDescription, Position } from '@zapis/core';
import { MOVE_FEATURES, weightedMoveFeatures, type MoveFeature, type PositionFacts } from './move-features.js';

/** Log-odds per feature; a feature left out weighs 0. */
export type MovePriorWeights = Readonly<Partial<Record<MoveFeature, number>>>;

/**
 * 32 features (move-features.ts) fitted on gnu-book games outside the tuning and evaluation slices:
 * `tsx bench/fit-prior.ts` prints these.
 */
export const DEFAULT_MOVE_PRIOR: Readonly<Record<MoveFeature, number>> = {
  capture: 1.079, recapture: 3.31, check: 1.02, castle: 3.663, queenPromotion: 0.487, underPromotion: -1.071,
  knight: -0.116, bishop: -0.29, rook: -0.218, queen: -0.323, king: -0.601, kingWalk: -0.879, endgameKing: 0.461,
  development: 1.649, openingQueen: 0.047, openingCentralPawn: 1.552, openingWingPawn: 0.109, pawnDoublePush: 0.213,
  advance: -0.034, backRank: -0.658, centrality: 0.846, intoPawnAttack: -3.019, fromAttacked: 0.762, toAttacked: -0.727,
  capturedValue: 2.298, captureGain: -0.094, mate: 0.65, latePawn: 0.171, pawnToSixthOrSeventh: 0.746,
  safeCapture: 0.7, losingCapture: -5.152, fromPawnAttack: 1.928,
};

const weightCache = new WeakMap<MovePriorWeights, Float64Array>();

/** The weights in the features' order (made once per weights object). */
export function priorWeightVector(weights: MovePriorWeights = DEFAULT_MOVE_PRIOR): Float64Array {
  let vector = weightCache.get(weights);
  if (!vector) {
    vector = Float64Array.from(MOVE_FEATURES, (name) => weights[name] ?? 0);
    weightCache.set(weights, vector);
  }
  return vector;
}

/** Unnormalised log weight of a legal move of `position`; `lastCaptureSquare` is where the opponent just captured, or -1. */
export function moveLogWeight(position: Position, facts: PositionFacts, description: MoveDescription, lastCaptureSquare: number,
  weights: MovePriorWeights | Float64Array = DEFAULT_MOVE_PRIOR): number {
  return weightedMoveFeatures(position, facts, description, lastCaptureSquare, weights instanceof Float64Array ? weights : priorWeightVector(weights));
}

/** Log probabilities from log weights (log-sum-exp normalisation). */
export function normaliseLogWeights(weights: readonly number[]): number[] {
  const top = Math.max(...weights);
  let total = 0;
  for (const weight of weights) total += Math.exp(weight - top);
  const norm = top + Math.log(total);
  return weights.map((weight) => weight - norm);
}
