/**
 * A cheap prior over the legal moves of a position, no engine: a weighted sum of the move's features
 * (move-features.ts: captures and recaptures, checks, castling, development, retreats, pieces left
 * where a pawn takes them, …) as log-odds against a quiet pawn move, normalised over the legal moves.
 * The weights are fitted on real games (`tsx bench/fit-prior.ts`, fit-move-prior.ts).
 */
import type { MoveDescription, Position } from '@zapis/core';
import { FEATURE_COUNT, MOVE_FEATURES, moveFeatures, type MoveFeature, type PositionFacts } from './move-features.js';

export type MovePriorWeights = Readonly<Record<MoveFeature, number>>;

/**
 * Fitted on games 2001–6000 of gnu-book (never the tuning slice, games 1–2000, nor the evaluation
 * slice, games from 90001): `tsx bench/fit-prior.ts` prints these.
 */
export const DEFAULT_MOVE_PRIOR: MovePriorWeights = {
  capture: 0.99, recapture: 3.483, check: 0.903, castle: 3.631, queenPromotion: 0.466, underPromotion: -1.101,
  knight: -0.066, bishop: -0.188, rook: -0.187, queen: -0.244, king: -0.618, kingWalk: -0.99, endgameKing: 0.486,
  development: 1.559, openingQueen: 0.026, openingCentralPawn: 1.546, openingWingPawn: 0.071, pawnDoublePush: 0.239,
  advance: -0.08, backRank: -0.71, centrality: 0.826, intoPawnAttack: -2.839, fromAttacked: 0.962, toAttacked: -0.946,
  capturedValue: 2.256, captureGain: 1.521, mate: 0.683, latePawn: 0.188, pawnToSixthOrSeventh: 0.766,
};

const scratch = new Float64Array(FEATURE_COUNT);
const weightCache = new WeakMap<MovePriorWeights, Float64Array>();

function weightVector(weights: MovePriorWeights): Float64Array {
  let vector = weightCache.get(weights);
  if (!vector) {
    vector = Float64Array.from(MOVE_FEATURES, (name) => weights[name] ?? 0);
    weightCache.set(weights, vector);
  }
  return vector;
}

/** Unnormalised log weight of a legal move of `position`; `lastCaptureSquare` is where the opponent just captured, or -1. */
export function moveLogWeight(position: Position, facts: PositionFacts, description: MoveDescription, lastCaptureSquare: number,
  weights: MovePriorWeights = DEFAULT_MOVE_PRIOR): number {
  moveFeatures(position, facts, description, lastCaptureSquare, scratch);
  const vector = weightVector(weights);
  let score = 0;
  for (let f = 0; f < FEATURE_COUNT; f++) score += vector[f] * scratch[f];
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
