/**
 * Scores `zapis read --format json` output against an evaluation set's truth, per kind of image, the way the bench
 * does (bench/metrics.ts): moves right, right among the moves not sent to review, sent to review, and the games
 * that broke. For sets the bench does not generate itself (a larger report sample, a tune-set trial, a set of
 * pairs: a game read from both players' sheets is scored once, as one game):
 *
 *   zapis read DIR/*.png DIR/*.jpg --format json -j 2 > read.ndjson
 *   pnpm --filter @zapis/ocr exec tsx evaluation/score-read.ts --set DIR --read read.ndjson
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parseNdjson, pickGame, scoreKind, scoreSheet, type SheetScore } from '../bench/metrics.js';
import type { SheetTruth } from './truth.js';

const { values } = parseArgs({ options: { set: { type: 'string' }, read: { type: 'string' } } });
if (!values.set || !values.read) {
  console.error('usage: score-read.ts --set DIR --read READ.ndjson');
  process.exit(2);
}
const output = parseNdjson(await readFile(values.read, 'utf8'));
const byKind = new Map<string, SheetScore[]>();
/** Game objects already scored: the two copies of a pair are one game. */
const scored = new Set<object>();
for (const name of (await readdir(values.set)).sort()) {
  if (!name.endsWith('.json') || name === 'manifest.json') continue;
  const truth = JSON.parse(await readFile(join(values.set, name), 'utf8')) as SheetTruth;
  if (truth.format !== 'zapis-eval-truth') continue;
  // A sheet the output does not have is scored too: every ply lost, unflagged, and the game counted as broken.
  const games = output.games.get(truth.file);
  const game = pickGame(games, 'first');
  if (game && scored.has(game)) continue;
  if (game) scored.add(game);
  const sheets = byKind.get(truth.kind) ?? [];
  sheets.push(scoreSheet(truth.file, truth.san, game));
  byKind.set(truth.kind, sheets);
}
const fixed = (value: number | undefined): string => (value === undefined ? 'n/a' : value.toFixed(2));
console.log('kind        sheets  plies  right %  not sent, right %  sent %  broken');
for (const [kind, sheets] of [...byKind].sort(([a], [b]) => a.localeCompare(b))) {
  const score = scoreKind(sheets);
  console.log(`${kind.padEnd(10)}  ${String(score.sheets).padStart(6)}  ${String(score.plies).padStart(5)}  ${fixed(score.rightPercent).padStart(7)}  ${fixed(score.notReviewedRightPercent).padStart(17)}  ${fixed(score.reviewPercent).padStart(6)}  ${score.broken.length}`);
}
if (output.strayLines.length > 0) console.log(`${output.strayLines.length} lines of the output were not game objects`);
