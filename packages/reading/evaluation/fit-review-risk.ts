/**
 * Fits the review model (src/review-risk.ts) on sheets read with `--review every-doubt`: a logistic regression of
 * "this move is wrong" on the move's features, and the threshold that keeps the moves it leaves off the review list
 * at most `--target` wrong (out-of-fold: five folds by game, so no game is scored by weights fitted on it).
 *
 *   zapis read DIR/*.png DIR/*.jpg --review every-doubt --format json > read.ndjson
 *   pnpm --filter @zapis/reading exec tsx evaluation/fit-review-risk.ts --set DIR --read read.ndjson [--target 0.0015] [--floor 0.9]
 *
 * Moves that are corrections (by the ensemble or one of its readers), unwritten or below --floor confidence go to
 * review whatever the model says (alwaysReviewed).
 *
 * Only tune-set sheets (tuning fonts; evaluation/README.md): the report set measures the model, never fits it.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  alsoAlwaysWhenKept, alwaysReviewed, fitLogistic, highestPassingThreshold, logisticScore, reviewModelSource, reviewRiskFeatures, standardise,
  type LogisticModel,
} from '@zapis/decode/internal';
import type { SheetTruth } from './sheet-truth.js';

const { values } = parseArgs({
  options: { set: { type: 'string' }, read: { type: 'string' }, target: { type: 'string', default: '0.0015' }, floor: { type: 'string', default: '0.9' } },
});
if (!values.set || !values.read) throw new Error('usage: fit-review-risk.ts --set DIR --read READ.ndjson [--target 0.0015]');
const target = Number(values.target), floor = Number(values.floor);

interface Row { readonly kind: string; readonly game: number; readonly features: number[]; readonly wrong: boolean; readonly always: boolean; readonly flaggedBefore: boolean }
interface JsonMove { readonly ply: number; readonly san: string; readonly confidence: number; readonly review: boolean; readonly reviewReasons: string[] }

const rows: Row[] = [];
for (const line of (await readFile(values.read, 'utf8')).split('\n')) {
  if (line.trim() === '') continue;
  const game = JSON.parse(line) as { file?: string; moves?: JsonMove[]; sheets?: unknown[]; reviewBy?: string; crossCheck?: { kept?: string } };
  if (!game.moves || !game.file || (game.sheets?.length ?? 1) !== 1) continue;
  if (game.reviewBy === 'risk') throw new Error('read the sheets with --review every-doubt: the model is fitted on every reason to doubt');
  const truth = JSON.parse(await readFile(join(values.set, `${game.file.replace(/\.\w+$/u, '')}.json`), 'utf8')) as SheetTruth;
  const features = reviewRiskFeatures(game.moves);
  game.moves.forEach((move, index) => rows.push({
    kind: truth.kind, game: truth.game, features: features[index], wrong: move.san !== truth.san[move.ply - 1],
    always: alwaysReviewed(move, floor, alsoAlwaysWhenKept(game.crossCheck?.kept === 'alone' ? 'alone' : undefined)),
    flaggedBefore: move.review,
  }));
}
const standardised = standardise(rows.map((row) => row.features));
const standard = standardised.rows;
const labels = rows.map((row) => row.wrong);
const fit = (indices: readonly number[]): LogisticModel => fitLogistic(standard, labels, indices, 4000);
const score = (model: LogisticModel, i: number): number => logisticScore(model, standard[i]);

const outOfFold = new Array<number>(rows.length);
for (let fold = 0; fold < 5; fold += 1) {
  const test = rows.flatMap((row, i) => (row.game % 5 === fold ? [i] : []));
  const model = fit(rows.flatMap((row, i) => (row.game % 5 !== fold ? [i] : [])));
  for (const i of test) outOfFold[i] = score(model, i);
}
// The highest threshold (fewest moves to review) whose unflagged moves are at most `target` wrong in every kind of
// image: the issue's targets are per kind, and a pooled share would let the clean scans pay for the photos.
const kinds = [...new Set(rows.map((row) => row.kind))].sort();
const meetsTarget = (candidate: number): boolean => kinds.every((kind) => {
  const left = rows.filter((row, i) => row.kind === kind && !row.always && outOfFold[i] < candidate);
  return left.filter((row) => row.wrong).length <= target * left.length;
});
const threshold = highestPassingThreshold(outOfFold, meetsTarget);
const final = fit(rows.map((_, i) => i));
const round = (value: number): number => Number(value.toFixed(4));
console.log(reviewModelSource('DEFAULT_REVIEW_RISK', standardised, final, threshold, floor));
console.log(`\n${rows.length} moves, ${rows.filter((row) => row.wrong).length} wrong; out-of-fold, threshold ${round(threshold)} (target ${target}):`);
for (const kind of kinds) {
  const mine = rows.map((row, i) => ({ row, i })).filter(({ row }) => row.kind === kind);
  const flagged = mine.filter(({ row, i }) => row.always || outOfFold[i] >= threshold);
  const leftWrong = mine.filter(({ row, i }) => !(row.always || outOfFold[i] >= threshold) && row.wrong).length;
  const before = mine.filter(({ row }) => row.flaggedBefore).length;
  const pct = (count: number, of: number): string => `${((100 * count) / Math.max(1, of)).toFixed(2)}%`;
  console.log(`${kind.padEnd(9)} ${mine.length} moves, ${pct(mine.filter(({ row }) => !row.wrong).length, mine.length)} right; sent to review ${pct(before, mine.length)} -> ${pct(flagged.length, mine.length)}; wrong among the rest ${pct(leftWrong, mine.length - flagged.length)} (${leftWrong})`);
}
