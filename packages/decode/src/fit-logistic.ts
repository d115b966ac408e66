/**
 * Fitting a review model: features standardised to mean 0 and scale 1, then a logistic regression of "this move is
 * wrong" by gradient descent, with L2 (1e-3) on the weights and none on the intercept. The scans' and the text's
 * review models are both fitted this way (their fitting scripts differ only in their rows and targets).
 */

/** Each feature's mean and scale over the rows, and the rows standardised by them. */
export interface StandardisedRows {
  readonly mean: number[];
  readonly scale: number[];
  readonly rows: number[][];
}

export interface LogisticModel {
  readonly intercept: number;
  readonly weights: number[];
}

export function standardise(features: readonly (readonly number[])[]): StandardisedRows {
  const dims = features[0]?.length ?? 0;
  const count = Math.max(1, features.length);
  const mean = Array.from({ length: dims }, (_, d) => features.reduce((sum, row) => sum + row[d], 0) / count);
  const scale = Array.from({ length: dims }, (_, d) => Math.sqrt(features.reduce((sum, row) => sum + (row[d] - mean[d]) ** 2, 0) / count) || 1);
  return { mean, scale, rows: features.map((row) => row.map((value, d) => (value - mean[d]) / scale[d])) };
}

/** The model's log-odds that the row is wrong. */
export function logisticScore(model: LogisticModel, row: readonly number[]): number {
  return row.reduce((sum, value, d) => sum + model.weights[d] * value, model.intercept);
}

/** A logistic regression fitted on the rows at `indices` (standardised), `wrong[i]` the label of row i. */
export function fitLogistic(rows: readonly (readonly number[])[], wrong: readonly boolean[], indices: readonly number[], steps: number): LogisticModel {
  const dims = rows[0]?.length ?? 0;
  let intercept = 0;
  const weights = new Array<number>(dims).fill(0);
  for (let step = 0; step < steps; step += 1) {
    let gradientIntercept = 0;
    const gradient = new Array<number>(dims).fill(0);
    for (const i of indices) {
      const z = logisticScore({ intercept, weights }, rows[i]);
      const error = 1 / (1 + Math.exp(-Math.max(-30, Math.min(30, z)))) - (wrong[i] ? 1 : 0);
      gradientIntercept += error;
      for (let d = 0; d < dims; d += 1) gradient[d] += error * rows[i][d];
    }
    intercept -= (0.5 * gradientIntercept) / Math.max(1, indices.length);
    for (let d = 0; d < dims; d += 1) weights[d] -= 0.5 * (gradient[d] / Math.max(1, indices.length) + 1e-3 * weights[d]);
  }
  return { intercept, weights };
}

/** The highest of the scores that, taken as the review threshold, `passes` (the fewest moves to review); else the lowest. */
export function highestPassingThreshold(scores: readonly number[], passes: (threshold: number) => boolean): number {
  const candidates = [...new Set(scores)].sort((a, b) => b - a);
  return candidates.find(passes) ?? candidates[candidates.length - 1];
}

/** A fitted model as the TypeScript constant to paste into its source file (a ReviewRiskModel). */
export function reviewModelSource(name: string, standardised: StandardisedRows, model: LogisticModel, threshold: number, floor: number): string {
  const round = (value: number): number => Number(value.toFixed(4));
  return `export const ${name}: ReviewRiskModel = {
  mean: [${standardised.mean.map(round).join(', ')}],
  scale: [${standardised.scale.map(round).join(', ')}],
  weights: [${model.weights.map(round).join(', ')}],
  intercept: ${round(model.intercept)},
  threshold: ${round(threshold)},
  floor: ${floor},
};`;
}
