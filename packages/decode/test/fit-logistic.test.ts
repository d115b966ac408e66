import { describe, expect, it } from 'vitest';
import { fitLogistic, logisticScore, standardise } from '../src/fit-logistic.js';

describe('fitting a review model', () => {
  // Wrong moves have low confidence; the second feature is noise unrelated to being wrong.
  const features = Array.from({ length: 200 }, (_, i) => [i < 40 ? 0.3 + (i % 7) * 0.05 : 0.8 + (i % 11) * 0.015, (i * 37) % 13]);
  const wrong = features.map((_, i) => i < 40);

  it('standardises every feature to mean 0 and scale 1', () => {
    const { rows, mean, scale } = standardise(features);
    for (let d = 0; d < 2; d += 1) {
      const column = rows.map((row) => row[d]);
      expect(column.reduce((a, b) => a + b, 0) / column.length).toBeCloseTo(0, 9);
      expect(Math.sqrt(column.reduce((a, b) => a + b * b, 0) / column.length)).toBeCloseTo(1, 9);
      expect(scale[d]).toBeGreaterThan(0);
    }
    expect(mean[0]).toBeGreaterThan(0.6);
  });

  it('weighs the feature that tells wrong moves apart and ranks every wrong move above every right one', () => {
    const { rows } = standardise(features);
    const model = fitLogistic(rows, wrong, rows.map((_, i) => i), 2000);
    expect(model.weights[0]).toBeLessThan(-1);
    expect(Math.abs(model.weights[1])).toBeLessThan(Math.abs(model.weights[0]) / 4);
    const scores = rows.map((row) => logisticScore(model, row));
    expect(Math.min(...scores.slice(0, 40))).toBeGreaterThan(Math.max(...scores.slice(40)));
  });

  it('fits only the rows it is given', () => {
    const { rows } = standardise(features);
    const rightOnly = fitLogistic(rows, wrong, rows.map((_, i) => i).filter((i) => i >= 40), 500);
    expect(rightOnly.intercept).toBeLessThan(-2);
  });
});
