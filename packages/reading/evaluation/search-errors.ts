/**
 * Whose error is a wrong move: the search's or the model's? For every generated sheet the ensemble's game (the one
 * `zapis read` cross-checks) is decoded from its readings; where it is wrong, the decoded game and the true game are
 * each scored on the same readings (decoded again with every move confirmed: log P(readings, game), summed over
 * the ways the game's moves can sit in the cells). If the true game explains the readings better, the search lost
 * it: a search error, which a better search would fix with the same readers. Otherwise the model (readers, channel,
 * move prior) prefers a wrong game: a model error.
 *
 *   pnpm --filter @zapis/ocr generate-evaluation --set report --seed 5 --games 36 --kinds jpeg150,phone --out DIR
 *   pnpm --filter @zapis/reading exec tsx evaluation/search-errors.ts --set DIR [--kinds jpeg150,phone] [--deep]
 *
 * DIR is a set of either generator (its truth files, output-truth.ts): @zapis/ocr's or the independent one's
 * (evaluation/independent). Every kind of image in it is scored unless `--kinds` names some.
 *
 * `--deep` decodes with the deep search (`DecodeOptions.deepSearch`), as `zapis read` does by default; without it, as `--no-deep`.
 *
 * Prints one line per sheet with a wrong move, then per kind: the wrong moves on sheets the search lost and on
 * sheets the model got wrong.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { decodeGroup } from '../src/index.js';
import { loadReader } from '@zapis/ocr/node';
import { loadTruths } from './output-truth.js';
import { readTruthSheet } from './truth-sheet.js';

const { values } = parseArgs({ options: { set: { type: 'string' }, kinds: { type: 'string' }, deep: { type: 'boolean', default: false } } });
if (values.set === undefined) {
  console.error('usage: search-errors.ts --set DIR [--kinds jpeg150,phone] [--deep]');
  process.exit(2);
}
const folder = resolve(values.set);
// Every truth file of the folder, in either generator's format (output-truth.ts); all kinds unless some are named.
const truths = loadTruths(folder);
if (truths.length === 0) {
  console.error(`no truth files in ${values.set}`);
  process.exit(2);
}
const kinds = values.kinds?.split(',') ?? [...new Set(truths.map((truth) => truth.kind))];
const reader = await loadReader('auto');

interface KindTally { sheets: number; plies: number; wrong: number; searchSheets: number; searchWrong: number; modelSheets: number; modelWrong: number; unplayable: number }
const tallies = new Map<string, KindTally>();

for (const truth of truths) {
  if (!kinds.includes(truth.kind)) continue;
  const id = truth.file.replace(/\.\w+$/u, '');
  const tally = tallies.get(truth.kind) ?? { sheets: 0, plies: 0, wrong: 0, searchSheets: 0, searchWrong: 0, modelSheets: 0, modelWrong: 0, unplayable: 0 };
  tallies.set(truth.kind, tally);
  tally.sheets += 1;
  tally.plies += truth.san.length;
  const group = await readTruthSheet(folder, truth, reader);
  const asRead = group ? decodeGroup(group, { deepSearch: values.deep }).decoded : undefined;
  if (!group || !asRead?.ok) {
    console.log(`${id}: not decoded (${asRead && !asRead.ok ? asRead.error.message : 'no sheet found'})`);
    tally.wrong += truth.san.length;
    continue;
  }
  const game = asRead.value;
  const wrong = truth.san.filter((san, index) => game.moves[index]?.san !== san).length + Math.max(0, game.moves.length - truth.san.length);
  tally.wrong += wrong;
  if (wrong === 0) continue;
  const scoreOf = (moves: readonly string[]) => decodeGroup(group, { confirmed: new Map(moves.map((san, index) => [index + 1, san])), language: game.language }).decoded;
  const forced = scoreOf(truth.san);
  const decodedAgain = scoreOf(game.moves.map((move) => move.san));
  if (!forced.ok || !decodedAgain.ok) {
    tally.unplayable += 1;
    console.log(`${id}: ${wrong} wrong; a game cannot be scored on these readings (${!forced.ok ? forced.error.message : !decodedAgain.ok ? decodedAgain.error.message : ''})`);
    continue;
  }
  const found = decodedAgain.value.languageScores[0].logEvidence;
  const best = forced.value.languageScores[0].logEvidence;
  const searchLost = best > found;
  if (searchLost) {
    tally.searchSheets += 1;
    tally.searchWrong += wrong;
  } else {
    tally.modelSheets += 1;
    tally.modelWrong += wrong;
  }
  const firstWrong = truth.san.findIndex((san, index) => game.moves[index]?.san !== san) + 1;
  console.log(`${id}: ${wrong} wrong from ply ${firstWrong}; log-evidence as decoded ${found.toFixed(1)}, true game ${best.toFixed(1)}: ${searchLost ? 'search error' : 'model error'}`);
}

console.log('kind        sheets  plies  wrong  search errors (sheets / wrong moves)  model errors (sheets / wrong moves)  truth not decodable');
for (const [kind, tally] of [...tallies].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`${kind.padEnd(10)}  ${String(tally.sheets).padStart(6)}  ${String(tally.plies).padStart(5)}  ${String(tally.wrong).padStart(5)}  ${`${tally.searchSheets} / ${tally.searchWrong}`.padStart(36)}  ${`${tally.modelSheets} / ${tally.modelWrong}`.padStart(35)}  ${String(tally.unplayable).padStart(19)}`);
}
await reader.dispose();
