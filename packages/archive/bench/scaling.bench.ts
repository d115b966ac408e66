/**
 * Time as the input grows, with a peer side by side in the same run. Each hostile input of issue 4 (tests'
 * support/hostile-cases.ts) is validated by zapis (the pipeline, one job, good games around it) at its small and its
 * ten times larger size, and parsed by chessops at both sizes; the runs take turns and each one's best of
 * ZAPIS_BENCH_REPEAT (default 3) counts. Ten times the input taking 10x as long is linear, 100x quadratic;
 * the target is below 25x. Then the archive rules (no peer has them): their cost per game over the first 20,000 games
 * of gnu-book (target under 100 µs), and on one game with a 4 MB tag value (target under 250 ms).
 * These were timed unit tests once; on a machine busy with other suites they failed now and then.
 * Run: pnpm --filter @zapis/archive bench:scaling (also part of pnpm bench).
 */
import { performance } from 'node:perf_hooks';
import { parsePgn as chessopsParsePgn } from 'chessops/pgn';
import { SHARED_MISSING_MESSAGE, hasShared, readText, sharedPath } from '@zapis/testkit';
import { archiveFindings } from '../src/rules/game-rules.js';
import { DuplicateGames } from '../src/rules/duplicate-games.js';
import { DEFAULT_RULE_CONFIG } from '../src/rules/rule-config.js';
import { goodGames } from '../test/support/assembled-input.js';
import { CASES, layout } from '../test/support/hostile-cases.js';
import { validateText } from '../test/support/validation.js';
import { ruleInput, ruleInputs } from '../test/fixtures/rules/rule-input.js';

const REPEAT = Math.max(1, Number(process.env.ZAPIS_BENCH_REPEAT ?? 3));
const LINEAR_TARGET = 25;
/** Runs faster than this are timer noise: a ratio is taken against at least this. */
const FLOOR_SECONDS = 0.005;

const seconds = async (work: () => unknown): Promise<number> => {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
};

/** Best time of each job over REPEAT rounds, the jobs taking turns: a slow spell of the machine hits them all alike. */
async function bestOf(jobs: readonly (() => unknown)[]): Promise<number[]> {
  const best = jobs.map(() => Infinity);
  for (let round = 0; round < REPEAT; round++) {
    for (const [index, job] of jobs.entries()) best[index] = Math.min(best[index], await seconds(job));
  }
  return best;
}

const ratio = (small: number, large: number): number => large / Math.max(small, FLOOR_SECONDS);
const mark = (value: number, target: number): string => (value < target ? 'PASS' : 'FAIL');
let failed = 0;
if (!hasShared()) {
  // The good games around each hostile input and the rules' corpus are ../shared's.
  console.log(`scaling bench: ${SHARED_MISSING_MESSAGE}`);
  process.exit(0);
}

console.log(`hostile input at two sizes (ten times larger), best of ${REPEAT}; ratio = large / small, linear ~10x, target < ${LINEAR_TARGET}x`);
console.log(`${'input'.padEnd(64)} ${'zapis small'.padStart(11)} ${'large'.padStart(8)} ${'ratio'.padStart(6)}   ${'chessops small'.padStart(14)} ${'large'.padStart(8)} ${'ratio'.padStart(6)}`);
const good = await goodGames(6);
for (const hostileCase of CASES) {
  const [small, large] = [false, true].map((isLarge) => layout(good, hostileCase.make(isLarge)).input.toBuffer());
  const [smallText, largeText] = [small, large].map((bytes) => Buffer.from(bytes).toString('utf8'));
  // Warm-up: the hot paths compiled before anything is timed.
  await validateText(small, { jobs: 1 });
  chessopsParsePgn(smallText);
  const [zapisSmall, zapisLarge, peerSmall, peerLarge] = await bestOf([
    () => validateText(small, { jobs: 1 }), () => validateText(large, { jobs: 1 }),
    () => chessopsParsePgn(smallText), () => chessopsParsePgn(largeText),
  ]);
  const ours = ratio(zapisSmall, zapisLarge);
  if (ours >= LINEAR_TARGET) failed += 1;
  console.log(`${hostileCase.name.padEnd(64)} ${zapisSmall.toFixed(3).padStart(9)} s ${zapisLarge.toFixed(3).padStart(6)} s ${ours.toFixed(1).padStart(5)}x`
    + `   ${peerSmall.toFixed(3).padStart(12)} s ${peerLarge.toFixed(3).padStart(6)} s ${ratio(peerSmall, peerLarge).toFixed(1).padStart(5)}x  ${mark(ours, LINEAR_TARGET)}`);
}

// The archive rules, as the pipeline runs them per game: the findings and the duplicate check (building the records is not theirs).
const RULE_GAMES = 20_000;
const NOW = new Date(Date.UTC(2024, 5, 15));
const corpus = await readText(sharedPath('corpora', 'gnu-book', 'games-000001-100000.pgn.gz'));
const cut = corpus.split(/\n(?=\[Event )/).slice(0, RULE_GAMES).join('\n');
const inputs = [...ruleInputs(cut, { file: 'gnu-book.pgn' })];
const [ruleSeconds] = await bestOf([() => {
  const duplicates = new DuplicateGames(DEFAULT_RULE_CONFIG);
  for (const input of inputs) {
    archiveFindings(input, DEFAULT_RULE_CONFIG, { now: NOW });
    duplicates.check(input.record);
  }
}]);
const perGame = (ruleSeconds / inputs.length) * 1e6;
if (perGame >= 100) failed += 1;
console.log(`archive rules, ${inputs.length} games of gnu-book: ${perGame.toFixed(1)} µs a game (target < 100 µs) ${mark(perGame, 100)}`);

const hugeValue = ruleInput([
  '[Event "Club championship"]', '[Site "Warsaw"]', `[Date "1990.05.12${'x'.repeat(4_000_000)}"]`, `[Round "${'1.'.repeat(2_000_000)}"]`,
  '[White "Kowalski, Jan"]', '[Black "Nowak, Anna"]', '[Result "1-0"]', '', '1. e4 e5 1-0', '',
].join('\n'));
const [hugeSeconds] = await bestOf([() => archiveFindings(hugeValue, DEFAULT_RULE_CONFIG, { now: NOW })]);
if (hugeSeconds * 1000 >= 250) failed += 1;
console.log(`archive rules, one game with a 4 MB tag value: ${(hugeSeconds * 1000).toFixed(1)} ms (target < 250 ms) ${mark(hugeSeconds * 1000, 250)}`);
if (failed > 0) {
  console.log(`${failed} row(s) missed their target`);
  process.exitCode = 1;
}
