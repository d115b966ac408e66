/**
 * The whole output of `zapis read` on an evaluation set, scored per kind of image (see output-scoring.ts).
 *
 *   zapis read DIR --format json -j 1 > READ.ndjson
 *   pnpm --filter @zapis/reading exec tsx evaluation/score-output.ts --set DIR --read READ.ndjson [--json]
 *
 * Works on the independent generator's sets (evaluation/independent) and on @zapis/ocr's (`zapis-eval-truth`,
 * where registration is not scored: its truth has no cells). Prints the table, then each sheet that is not exact.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatTallies, parseReadOutput, registeredOff, scoreSheetOutput, tallyByKind, type SheetOutcome } from './output-scoring.js';
import { loadTruths } from './output-truth.js';

const { values } = parseArgs({ options: { set: { type: 'string' }, read: { type: 'string' }, json: { type: 'boolean', default: false } } });
if (values.set === undefined || values.read === undefined) {
  console.error('usage: score-output.ts --set DIR --read READ.ndjson [--json]');
  process.exit(2);
}
const truths = loadTruths(resolve(values.set));
if (truths.length === 0) {
  console.error(`no truth files in ${values.set}`);
  process.exit(2);
}
const games = parseReadOutput(readFileSync(resolve(values.read), 'utf8'));
const sheets = truths.map((truth) => scoreSheetOutput(truth, games.get(truth.file)));
const rows = tallyByKind(sheets);
if (values.json) {
  console.log(JSON.stringify({ kinds: rows, sheets }, null, 1));
} else {
  console.log(formatTallies(rows));
  const notes = sheets.filter((sheet) => !sheet.exact).map(describe);
  if (notes.length > 0) console.log(`\n${notes.join('\n')}`);
}

function describe(sheet: SheetOutcome): string {
  if (!sheet.located) return `${sheet.file}: not located`;
  const parts = [`${sheet.right}/${sheet.truthPlies} right`, `status ${sheet.status ?? '?'}`, `${sheet.readPlies} plies read`];
  if (sheet.autoAcceptedWrong > 0) parts.push(`${sheet.autoAcceptedWrong} wrong not for review`);
  if (sheet.invented > 0) parts.push(`${sheet.invented} invented`);
  if (sheet.missing > 0) parts.push(`${sheet.missing} missing`);
  if (sheet.falseBreak) parts.push('false break');
  if (registeredOff(sheet)) parts.push(`registered off (${sheet.registrationOff}/${sheet.registrationCompared} cells)`);
  return `${sheet.file}: ${parts.join(', ')}`;
}
