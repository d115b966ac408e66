/**
 * Simulated review sessions on generated sheets: a person confirms the first flagged wrong move (with the truth)
 * until the game is right, as the desk decodes it. Prints per sheet what was wrong, flagged and confirmed, how long
 * each decode took in Node, how many moves a confirmation changed that the game as read was sure of ('changed'), and
 * how many decodes refused a confirmed move (all of them are true moves).
 *
 *   pnpm --filter @zapis/ocr generate-evaluation --set report --seed 5 --games 36 --out DIR   (packages/ocr/evaluation/README.md)
 *   pnpm --filter @zapis/desk exec tsx evaluation/review-sessions.ts --set <dir> [--kinds jpeg150,phone] [--sheets 36]
 *
 * A sheet where no wrong move is flagged is "unseen": the person would not know where to look; the session then
 * confirms the first wrong move anyway, to go on.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SearchCache } from '@zapis/decode';
import type { LanguageCode } from '@zapis/notation';
import { plainOutcome, readScanFile, type PlainOutcome } from '@zapis/ocr';
import { loadImageFast, loadReader } from '@zapis/ocr/node';
import { decodeDeskGame, gamesOf, type DeskGame } from '../src/index.js';

const MAX_DECODES = 120;
const { values } = parseArgs({ options: { set: { type: 'string' }, kinds: { type: 'string', default: 'jpeg150,phone' }, sheets: { type: 'string', default: '36' } } });
if (values.set === undefined) throw new Error('--set <folder of generated sheets> is needed');
const folder = resolve(values.set);
const kinds = values.kinds.split(',');
const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')) as { sheets: string[] };
const ids = manifest.sheets.filter((id) => kinds.some((kind) => id.endsWith(kind))).slice(0, Number(values.sheets));
const reader = await loadReader('ensemble');
const totals = { sheets: 0, right: 0, unseen: 0, confirmations: 0, refusals: 0, decodes: 0, milliseconds: 0, slowest: 0, changedMarks: 0, changedMarksWrong: 0 };
for (const id of ids) {
  const truth = JSON.parse(readFileSync(join(folder, `${id}.json`), 'utf8')) as { san: string[]; file: string };
  const pages: PlainOutcome[] = [];
  for await (const outcome of readScanFile(truth.file, new Uint8Array(readFileSync(join(folder, truth.file))), { reader, decodeImage: loadImageFast })) pages.push(plainOutcome(outcome));
  const [source] = gamesOf([{ kind: 'scan', id, name: truth.file, pages }]).games;
  if (!source) {
    console.log(id, 'no game');
    continue;
  }
  const reuse = new SearchCache();
  const asRead = decodeDeskGame(source, new Map(), { reuse });
  const language = asRead.language as LanguageCode;
  const wrongPlies = (game: DeskGame): number[] => [
    ...game.moves.filter((move, index) => move.san !== truth.san[index]).map((move) => move.ply),
    ...(game.moves.length < truth.san.length ? [game.moves.length + 1] : []),
  ];
  const confirmations = new Map<number, string>();
  let game = asRead;
  let unseen = false;
  const decodeTimes: number[] = [];
  for (let decode = 0; decode < MAX_DECODES; decode += 1) {
    const wrong = wrongPlies(game);
    if (wrong.length === 0) break;
    let ply = wrong.find((candidate) => game.flagged.includes(candidate));
    if (ply === undefined) {
      unseen = true;
      ply = wrong[0];
    }
    confirmations.set(ply, truth.san[ply - 1]);
    const started = performance.now();
    game = decodeDeskGame(source, new Map(confirmations), { reuse, language, asRead });
    const milliseconds = performance.now() - started;
    totals.decodes += 1;
    totals.milliseconds += milliseconds;
    totals.slowest = Math.max(totals.slowest, milliseconds);
    decodeTimes.push(Math.round(milliseconds));
    // A true move the desk refused (the confirmations are the truth's).
    if (game.rejected.length > 0) totals.refusals += 1;
    for (const move of game.moves.filter((one) => one.reviewReasons.includes('changed'))) {
      totals.changedMarks += 1;
      if (move.san !== truth.san[move.ply - 1]) totals.changedMarksWrong += 1;
    }
  }
  const right = wrongPlies(game).length === 0;
  console.log(`${id}: ${wrongPlies(asRead).length} wrong, ${asRead.flagged.length} flagged as read; ${confirmations.size} confirmed; ${right ? 'right' : 'NOT RIGHT'}${unseen ? ' (a wrong move was not flagged)' : ''}${
    game.rejected.length > 0 ? `; refused at the end: ${game.rejected.map((entry) => `${entry.ply} ${entry.san}`).join(', ')}` : ''}${
    decodeTimes.length > 0 ? `; decodes ${decodeTimes.slice(0, 12).join(' ')}${decodeTimes.length > 12 ? ' …' : ''} ms` : ''}`);
  totals.sheets += 1;
  totals.right += right ? 1 : 0;
  totals.unseen += unseen ? 1 : 0;
  totals.confirmations += confirmations.size;
}
await reader.dispose();
console.log(JSON.stringify({ ...totals, meanMilliseconds: Math.round(totals.milliseconds / Math.max(1, totals.decodes)), slowest: Math.round(totals.slowest), milliseconds: Math.round(totals.milliseconds) }));
