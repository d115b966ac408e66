/**
 * Replays review by risk (src/review-risk.ts, `reviewListing`) on sheets read with `--review every-doubt`, to see
 * what a change to which moves are always listed would do before it is built. Per kind of image: moves right, sent
 * to review, and wrong among the moves left off, with the shipped rules, with the readers' names of each dispute
 * left out (as output before disputes named their readers: every dispute where the readers differ is then listed),
 * with a game listed whole however few of its moves are listed on their own (as before LISTED_ON_ITS_OWN), and with
 * a game listed whole from a lower share of its moves in doubt than MOSTLY_IN_DOUBT.
 *
 *   zapis read DIR/*.png DIR/*.jpg --review every-doubt --format json > read.ndjson
 *   pnpm --filter @zapis/reading exec tsx evaluation/review-replay.ts --set DIR --read read.ndjson
 *
 * One sheet a game only (pairs need each sheet's corrections, which the output does not give).
 */
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { alsoAlwaysWhenKept, reviewListing, type RiskEvidence } from '@zapis/decode/internal';
import type { SheetTruth } from './sheet-truth.js';

const { values } = parseArgs({ options: { set: { type: 'string' }, read: { type: 'string' } } });
if (!values.set || !values.read) throw new Error('usage: review-replay.ts --set DIR --read READ.ndjson');

interface JsonMove {
  readonly ply: number;
  readonly san: string;
  readonly confidence: number;
  readonly reviewReasons: string[];
  readonly disputingReaders?: (string[] | null)[];
}
interface Tally { moves: number; right: number; sent: number; leftWrong: number; sentRight: number }
/** The whole-sheet rule's share (MOSTLY_IN_DOUBT) replayed lower, by name. */
const MOSTLY_IN_DOUBT_TRIED: Readonly<Record<string, number>> = { 'whole from 2/3': 2 / 3, 'whole from 3/5': 3 / 5, 'whole from 1/2': 1 / 2 };
const rules = ['shipped', 'unnamed disputes', 'whole by disputes', ...Object.keys(MOSTLY_IN_DOUBT_TRIED)];
const tallies = new Map<string, Tally>();
const tally = (kind: string, rule: string): Tally => {
  const key = `${kind}\t${rule}`;
  let found = tallies.get(key);
  if (!found) tallies.set(key, (found = { moves: 0, right: 0, sent: 0, leftWrong: 0, sentRight: 0 }));
  return found;
};

for (const line of (await readFile(values.read, 'utf8')).split('\n')) {
  if (line.trim() === '') continue;
  const game = JSON.parse(line) as { file?: string; moves?: JsonMove[]; sheets?: unknown[]; reviewBy?: string; crossCheck?: { kept?: string } };
  if (!game.moves || !game.file || (game.sheets?.length ?? 1) !== 1) continue;
  if (game.reviewBy === 'risk') throw new Error('read the sheets with --review every-doubt: the replay starts from every reason to doubt');
  const truth = JSON.parse(await readFile(join(values.set, `${basename(game.file).replace(/\.\w+$/u, '')}.json`), 'utf8')) as SheetTruth;
  const alsoAlways = alsoAlwaysWhenKept(game.crossCheck?.kept === 'alone' ? 'alone' : undefined);
  for (const rule of rules) {
    const evidence: RiskEvidence[] = game.moves.map((move) => {
      const readers = rule !== 'unnamed disputes' ? move.disputingReaders?.[0] ?? undefined : undefined;
      return {
        confidence: move.confidence, reviewReasons: move.reviewReasons,
        cells: [{ cell: 0, disputed: move.reviewReasons.includes('disputed'), ...(readers ? { disputingReaders: readers } : {}) }],
      };
    });
    // 'whole by disputes': a game mostly in doubt listed whole however few of its moves are listed on their own.
    const listed = reviewListing(evidence, undefined, undefined, undefined, alsoAlways, rule === 'whole by disputes' ? 0 : undefined, MOSTLY_IN_DOUBT_TRIED[rule]);
    const counts = tally(truth.kind, rule);
    game.moves.forEach((move, index) => {
      const right = move.san === truth.san[move.ply - 1];
      counts.moves += 1;
      counts.right += right ? 1 : 0;
      if (listed[index]) {
        counts.sent += 1;
        counts.sentRight += right ? 1 : 0;
      } else if (!right) counts.leftWrong += 1;
    });
  }
}
const pct = (count: number, of: number): string => `${((100 * count) / Math.max(1, of)).toFixed(2)}%`;
console.log('kind       rule               moves  right    sent    right among sent  wrong left off');
for (const [key, counts] of [...tallies].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
  const [kind, rule] = key.split('\t');
  console.log(`${kind.padEnd(10)} ${rule.padEnd(18)} ${String(counts.moves).padStart(5)}  ${pct(counts.right, counts.moves).padStart(7)} ${pct(counts.sent, counts.moves).padStart(7)}  ${pct(counts.sentRight, counts.sent).padStart(8)}          ${counts.leftWrong} (${pct(counts.moves - counts.sent - counts.leftWrong, counts.moves - counts.sent)} right)`);
}
