/**
 * A small version of the benchmark on real games (the same slice the bench
 * evaluates, games 90001 on, never tuned on): accuracy at 2% and 5% noise and
 * calibration of the confidences. Skipped with a message without ../shared.
 */
import { describe, expect, it } from 'vitest';
import { skipWithoutShared } from '@zapis/testkit';
import { evaluate, type EvaluationResult } from '../src/evaluation/evaluate.js';
import type { ReferenceGame } from '../src/evaluation/reference-games.js';
import { heldOutGames } from './held-out-games.js';

const skip = skipWithoutShared();

const someGames = heldOutGames;

const accuracy = (result: EvaluationResult): number => result.correctMoves / result.moves;

describe.skipIf(skip)('evaluation on real games (small)', () => {
  let games: ReferenceGame[] = [];
  const results: EvaluationResult[] = [];

  it('decodes Polish sheets at 2% noise nearly perfectly, far better than per-move snapping', async () => {
    games = await someGames(24);
    const result = evaluate(games, { language: 'pl', rate: 0.02, seed: 7 });
    results.push(result);
    expect(accuracy(result)).toBeGreaterThan(0.995);
    expect(result.baselineCorrectMoves / result.moves).toBeLessThan(accuracy(result) - 0.1);
    expect(result.languageRight).toBe(result.games);
  });

  it('decodes English sheets at 5% noise, in doubt about few moves, every correction shown and few on the review list', () => {
    const result = evaluate(games, { language: 'en', rate: 0.05, seed: 8 }, {}, false);
    results.push(result);
    expect(accuracy(result)).toBeGreaterThan(0.98);
    // The bound on review work for doubt (the review threshold trades it for unflagged accuracy).
    expect(result.uncertainMoves / result.moves).toBeLessThan(0.05);
    // A move read otherwise than it is written is always shown as corrected: at 5% per character, about one in
    // eight. Only those a person could decide otherwise are listed (text-review-risk.ts): the bound, 5%.
    expect(result.correctedMoves / result.moves).toBeGreaterThan(0.05);
    expect(result.flaggedMoves / result.moves).toBeLessThan(0.05);
    // Moves it does not flag are right far more often than moves overall.
    expect(result.unflaggedCorrect / result.unflaggedMoves).toBeGreaterThan(0.998);
  });

  it('leaves clean sheets (no noise, every half-move written) off the review list: nothing corrected, almost nothing in doubt', () => {
    for (const [language, seed] of [['pl', 11], ['en', 12]] as const) {
      const result = evaluate(games, { language, rate: 0, unwritten: 0, seed }, {}, false);
      // Every way the writers spell a move (long form, `:`, `0-0`, `e.p.`, promotions, mate marks) is read as the move.
      expect(result.correctedMoves).toBe(0);
      expect(result.unflaggedCorrect).toBe(result.unflaggedMoves);
      // Before the sheet's own channel (sheet-noise.ts), 1.6% of clean moves were flagged; now one or two in a thousand.
      expect(result.flaggedMoves / result.moves).toBeLessThan(0.005);
    }
  });

  it('is calibrated: moves it is sure of are right about as often as it says', () => {
    const sure = results.flatMap((result) => result.confidences.filter(([confidence]) => confidence >= 0.9));
    const unsure = results.flatMap((result) => result.confidences.filter(([confidence]) => confidence < 0.9));
    const sureAccuracy = sure.filter(([, right]) => right).length / sure.length;
    expect(sure.length).toBeGreaterThan(3000);
    expect(sureAccuracy).toBeGreaterThan(0.995);
    if (unsure.length >= 10) {
      const unsureAccuracy = unsure.filter(([, right]) => right).length / unsure.length;
      expect(unsureAccuracy).toBeLessThan(sureAccuracy);
    }
  });
});
