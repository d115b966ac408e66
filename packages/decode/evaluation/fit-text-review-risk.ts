/**
 * Fits the text review model (src/text-review-risk.ts) on tuning-slice transcriptions (games 1–2000 of gnu-book,
 * written and corrupted at 2, 5 and 10% as the bench does, decoded before review by risk): a logistic regression of
 * "this move is wrong" on the features of each move the risk decides (src/text-review-features.ts), and the highest
 * threshold that keeps the moves left off the review list at most `--target` wrong at each noise level (out-of-fold:
 * five folds by game, so no game is scored by weights fitted on it).
 *
 *   pnpm --filter @zapis/decode exec tsx evaluation/fit-text-review-risk.ts [--games 250] [--cache FILE]
 *     [--target 0.00055,0.00055,0.0025] [--floor 0.5]
 *
 * `--target` is per noise level (2, 5, 10%), below the bounds (0.1, 0.1, 0.5% wrong among the moves left
 * off) by a margin for the held-out slice. `--cache` keeps the decoded games between runs (they take minutes).
 * The held-out slice (games 90001 on) is never read here: evaluation/measure-text-review.ts measures on it.
 */
import { parseArgs } from 'node:util';
import { fitLogistic, highestPassingThreshold, logisticScore, reviewModelSource, standardise, type LogisticModel } from '../src/fit-logistic.js';
import { textReviewFeatures } from '../src/text-review-features.js';
import { decidedByRisk } from '../src/text-review-risk.js';
import { NOISE_RATES, sliceDecodes } from './noisy-transcriptions.js';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '250' }, cache: { type: 'string' }, target: { type: 'string', default: '0.00055,0.00055,0.0025' },
    floor: { type: 'string', default: '0.5' },
  },
});
const targets = (values.target ?? '').split(',').map(Number);
const floor = Number(values.floor);
if (targets.length !== NOISE_RATES.length || targets.some((target) => !(target >= 0)) || !(floor >= 0 && floor <= 1)) {
  throw new Error('usage: fit-text-review-risk.ts [--games N] [--cache FILE] [--target T2,T5,T10] [--floor F]');
}

interface Row { readonly rate: number; readonly game: number; readonly features: number[]; readonly wrong: boolean }
/** Per noise level, the moves the risk never decides: listed whatever it says, or never doubted. */
interface Fixed { moves: number; listed: number; leftOff: number; leftOffWrong: number; doubtedBefore: number }

const decodes = await sliceDecodes('tuning', Number(values.games), values.cache);
const rows: Row[] = [];
const fixed = new Map<number, Fixed>(NOISE_RATES.map((rate) => [rate, { moves: 0, listed: 0, leftOff: 0, leftOffWrong: 0, doubtedBefore: 0 }]));
const gameNumbers = new Map<string, number>();
for (const decode of decodes) {
  const key = `${decode.noise.language} ${decode.noise.rate}`;
  const game = gameNumbers.get(key) ?? 0;
  gameNumbers.set(key, game + 1);
  const tally = fixed.get(decode.noise.rate);
  if (!tally) continue;
  tally.moves += decode.truth.length;
  if (!decode.game) continue;
  const decided = decidedByRisk(decode.game, floor);
  const features = textReviewFeatures(decode.game, (_move, moveIndex) => decided[moveIndex]);
  decode.game.moves.forEach((move, index) => {
    const wrong = move.san !== decode.truth[index];
    if (move.review) tally.doubtedBefore++;
    const own = features[index];
    if (own) rows.push({ rate: decode.noise.rate, game, features: own, wrong });
    else if (move.review) tally.listed++;
    else {
      tally.leftOff++;
      if (wrong) tally.leftOffWrong++;
    }
  });
}

const standardised = standardise(rows.map((row) => row.features));
const standard = standardised.rows;
const labels = rows.map((row) => row.wrong);
const fit = (indices: readonly number[]): LogisticModel => fitLogistic(standard, labels, indices, 3000);

const FOLDS = 5;
const outOfFold = new Array<number>(rows.length);
for (let fold = 0; fold < FOLDS; fold += 1) {
  const model = fit(rows.flatMap((row, i) => (row.game % FOLDS !== fold ? [i] : [])));
  rows.forEach((row, i) => {
    if (row.game % FOLDS === fold) outOfFold[i] = logisticScore(model, standard[i]);
  });
}

/** At a noise level, with `threshold`: moves listed, moves left off and how many of those are wrong. */
function outcome(rate: number, threshold: number): { moves: number; listed: number; leftOff: number; leftOffWrong: number; doubtedBefore: number } {
  const base = fixed.get(rate) ?? { moves: 0, listed: 0, leftOff: 0, leftOffWrong: 0, doubtedBefore: 0 };
  let listed = base.listed, leftOff = base.leftOff, leftOffWrong = base.leftOffWrong;
  rows.forEach((row, i) => {
    if (row.rate !== rate) return;
    if (outOfFold[i] >= threshold) listed++;
    else {
      leftOff++;
      if (row.wrong) leftOffWrong++;
    }
  });
  return { moves: base.moves, listed, leftOff, leftOffWrong, doubtedBefore: base.doubtedBefore };
}

// The highest threshold (fewest moves to review) whose moves left off are at most the target wrong at every level:
// the bounds are per level, and a pooled share would let the light noise pay for the heavy.
const meetsTargets = (threshold: number): boolean => NOISE_RATES.every((rate, level) => {
  const { leftOff, leftOffWrong } = outcome(rate, threshold);
  return leftOffWrong <= targets[level] * leftOff;
});
const threshold = highestPassingThreshold(outOfFold, meetsTargets);
const final = fit(rows.map((_, i) => i));
const round = (value: number): number => Number(value.toFixed(4));
console.log(reviewModelSource('DEFAULT_TEXT_REVIEW_RISK', standardised, final, threshold, floor));
const pct = (count: number, of: number): string => `${((100 * count) / Math.max(1, of)).toFixed(2)}%`;
console.log(`\n${rows.length} moves the risk decides, ${rows.filter((row) => row.wrong).length} wrong; out-of-fold, threshold ${round(threshold)}:`);
NOISE_RATES.forEach((rate, level) => {
  const result = outcome(rate, threshold);
  console.log(`${(rate * 100).toFixed(0)}% noise: ${result.moves} moves; sent to review ${pct(result.doubtedBefore, result.moves)} -> ` +
    `${pct(result.listed, result.moves)}; left off right ${pct(result.leftOff - result.leftOffWrong, result.leftOff)} ` +
    `(${result.leftOffWrong} wrong, ${fixed.get(rate)?.leftOffWrong ?? 0} of them never doubted; target at most ${(100 * targets[level]).toFixed(3)}% wrong)`);
});
