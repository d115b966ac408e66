/**
 * Fitting the move prior's weights on real games: maximum likelihood of the moves that were played
 * among the legal moves of each position (a conditional logit), with a small L2 pull towards 0 so that
 * a feature seldom seen keeps a small weight. Full-batch gradient ascent with Adam steps.
 */
import { initialPosition, type MoveDescription, type Position } from '@zapis/core';
import { describeLegalMoves } from './candidate-moves.js';
import { FEATURE_COUNT, MOVE_FEATURES, moveFeatures, positionFacts, type MoveFeature } from './move-features.js';

/** The features of every legal move of many positions, and which move was played in each. */
export class PriorSamples {
  private features: Float32Array = new Float32Array(FEATURE_COUNT * 1024);
  private moveCount = 0;
  /** Per position, its first move's index; one more entry at the end. */
  private readonly starts: number[] = [0];
  /** Per position, the index of the move played. */
  private readonly played: number[] = [];
  private readonly scratch = new Float64Array(FEATURE_COUNT);

  get positions(): number {
    return this.played.length;
  }

  /** Adds `position` (before `played` is made) unless `played` is not among its legal moves. */
  add(position: Position, played: MoveDescription, lastCaptureSquare: number): boolean {
    const legal = describeLegalMoves(position);
    const index = legal.findIndex((description) => description.move === played.move);
    if (index < 0) return false;
    const facts = positionFacts(position);
    for (const description of legal) {
      if ((this.moveCount + 1) * FEATURE_COUNT > this.features.length) {
        const grown = new Float32Array(this.features.length * 2);
        grown.set(this.features);
        this.features = grown;
      }
      moveFeatures(position, facts, description, lastCaptureSquare, this.scratch);
      this.features.set(this.scratch, this.moveCount * FEATURE_COUNT);
      this.moveCount++;
    }
    this.played.push(this.starts[this.starts.length - 1] + index);
    this.starts.push(this.moveCount);
    return true;
  }

  /** Adds every position of a game played from the initial position (its moves in order). */
  addGame(moves: readonly MoveDescription[]): void {
    const position = initialPosition();
    let lastCapture = -1;
    for (const move of moves) {
      this.add(position, move, lastCapture);
      lastCapture = move.capture ? move.to : -1;
      position.playUnchecked(move.move);
    }
  }

  /** Mean log-likelihood of the played moves under `weights`, and its gradient (into `gradient`). */
  logLikelihood(weights: Float64Array, gradient: Float64Array): number {
    gradient.fill(0);
    let total = 0;
    const scores = new Float64Array(256);
    for (let p = 0; p < this.played.length; p++) {
      const start = this.starts[p];
      const count = this.starts[p + 1] - start;
      let top = -Infinity;
      for (let m = 0; m < count; m++) {
        let score = 0;
        const base = (start + m) * FEATURE_COUNT;
        for (let f = 0; f < FEATURE_COUNT; f++) score += weights[f] * this.features[base + f];
        scores[m] = score;
        if (score > top) top = score;
      }
      let norm = 0;
      for (let m = 0; m < count; m++) norm += Math.exp(scores[m] - top);
      const logNorm = top + Math.log(norm);
      const chosen = this.played[p] - start;
      total += scores[chosen] - logNorm;
      // d/dw: features of the played move less their expectation under the model.
      for (let m = 0; m < count; m++) {
        const share = Math.exp(scores[m] - logNorm) - (m === chosen ? 1 : 0);
        const base = (start + m) * FEATURE_COUNT;
        for (let f = 0; f < FEATURE_COUNT; f++) gradient[f] -= share * this.features[base + f];
      }
    }
    const n = Math.max(1, this.played.length);
    for (let f = 0; f < FEATURE_COUNT; f++) gradient[f] /= n;
    return total / n;
  }
}

export interface FitMovePriorOptions {
  readonly iterations?: number;
  /** Adam step size. */
  readonly step?: number;
  /** L2 penalty per weight (on the mean log-likelihood). */
  readonly l2?: number;
}

export interface FittedMovePrior {
  readonly weights: Readonly<Record<MoveFeature, number>>;
  /** Mean log-likelihood per position of the played moves, at the start (all weights 0: uniform) and at the end. */
  readonly uniformLogLikelihood: number;
  readonly logLikelihood: number;
}

export function fitMovePrior(samples: PriorSamples, options: FitMovePriorOptions = {}): FittedMovePrior {
  const iterations = options.iterations ?? 300;
  const step = options.step ?? 0.05;
  const l2 = options.l2 ?? 1e-4;
  const weights = new Float64Array(FEATURE_COUNT);
  const gradient = new Float64Array(FEATURE_COUNT);
  const first = new Float64Array(FEATURE_COUNT);
  const second = new Float64Array(FEATURE_COUNT);
  const uniformLogLikelihood = samples.logLikelihood(weights, gradient);
  for (let t = 1; t <= iterations; t++) {
    samples.logLikelihood(weights, gradient);
    for (let f = 0; f < FEATURE_COUNT; f++) {
      const g = gradient[f] - 2 * l2 * weights[f];
      first[f] = 0.9 * first[f] + 0.1 * g;
      second[f] = 0.999 * second[f] + 0.001 * g * g;
      const m = first[f] / (1 - 0.9 ** t);
      const v = second[f] / (1 - 0.999 ** t);
      weights[f] += (step * m) / (Math.sqrt(v) + 1e-8);
    }
  }
  const logLikelihood = samples.logLikelihood(weights, gradient);
  const fitted = Object.fromEntries(MOVE_FEATURES.map((name, f) => [name, Math.round(weights[f] * 1000) / 1000])) as Record<MoveFeature, number>;
  return { weights: fitted, uniformLogLikelihood, logLikelihood };
}
