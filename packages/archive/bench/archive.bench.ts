/**
 * Archive validation speed and memory, peers side by side in the same run:
 * `zapis validate` (the CLI as users run it) with one job and with every core,
 * pgn-extract's check mode (C; skipped when not installed), chessops (parse +
 * replay) and chess.js, on the 100,000-game gnu-book corpus unpacked to a
 * temporary file; then zapis's peak memory on a 400,000-game input.
 * Targets (issue 57): one job >= 3x pgn-extract, two jobs >= 4x; parse + replay of 20,000 games
 * in one thread >= 3.5x chessops; peak RSS of two jobs on 400,000 games < 250 MB.
 * Run: pnpm bench (root) or pnpm --filter @zapis/archive bench.
 * ZAPIS_BENCH_CHESSJS_GAMES limits chess.js (default 5,000: it is slow). The command-line
 * peers take turns for ZAPIS_BENCH_REPEAT rounds (default 3) and each one's fastest run
 * counts. Rows show zapis with the fast lane's replay in TypeScript instead of the
 * WebAssembly kernel, and the same games in Polish letters (which no peer reads).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Chess } from 'chess.js';
import { parsePgn as chessopsParsePgn, startingPosition } from 'chessops/pgn';
import { parseSan } from 'chessops/san';
import { readText, sharedPath } from '@zapis/testkit';
import { validateBatch } from '../src/validate-batch.js';
import { benchCorpus } from './bench-corpus.js';

const { cli, measureRss, folder, corpus, text } = await benchCorpus('zapis-bench-');
const GAMES = 100_000;
/** The same games in Polish letters: no peer reads them, so zapis is timed alone. */
const polishCorpus = join(folder, 'games-100k.pl.pgn');
writeFileSync(polishCorpus, await readText(sharedPath('corpora', 'gnu-book', 'games-000001-100000.pl.pgn.gz')));

interface Timing {
  readonly name: string;
  readonly games: number;
  readonly seconds: number;
}
const rate = (timing: Timing): number => timing.games / timing.seconds;
const line = (timing: Timing, note = ''): void =>
  console.log(`${timing.name.padEnd(26)} ${String(timing.games).padStart(7)} games ${timing.seconds.toFixed(2).padStart(7)} s ${Math.round(rate(timing)).toString().padStart(7)} games/s${note}`);

/** How many times each command runs; the fastest counts (another process on the machine only ever adds time). */
const REPEAT = Math.max(1, Number(process.env.ZAPIS_BENCH_REPEAT ?? 3));

interface Command {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
}

/**
 * Runs the commands REPEAT rounds, each once per round, and keeps each one's
 * best wall time: taking turns, a slow spell of the machine hits them all
 * alike. stdout is discarded; a failure stops the benchmark.
 */
function timeCommands(commands: readonly Command[], games: number): Timing[] {
  const best = commands.map(() => Infinity);
  for (let round = 0; round < REPEAT; round++) {
    commands.forEach(({ name, command, args, env }, index) => {
      const started = performance.now();
      const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 26, env: { ...process.env, ...env } });
      best[index] = Math.min(best[index], (performance.now() - started) / 1000);
      if (result.status !== 0 && result.status !== 1) throw new Error(`${name} failed (${result.status}): ${result.stderr?.toString().slice(0, 400)}`);
    });
  }
  return commands.map(({ name }, index) => ({ name, games, seconds: best[index] }));
}

function zapis(jobs: number, env?: NodeJS.ProcessEnv, note = '', file = corpus): Command {
  return { name: `zapis validate -j ${jobs}${note}`, command: process.execPath, args: [cli, 'validate', '--quiet', '-j', String(jobs), file], ...(env ? { env } : {}) };
}

/**
 * Two copies of a command at once, each on the whole corpus: how much a second
 * core adds for that kind of program on this machine (2.0x would be perfect).
 */
async function timeTwoAtOnce(name: string, command: string, args: readonly string[], games: number): Promise<Timing> {
  const started = performance.now();
  await Promise.all([0, 1].map(() => new Promise<void>((done, fail) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'ignore'] });
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 || code === 1 ? done() : fail(new Error(`${name} failed (${code})`))));
  })));
  return { name, games: 2 * games, seconds: (performance.now() - started) / 1000 };
}

function findPgnExtract(): string | undefined {
  for (const candidate of ['/usr/games/pgn-extract', '/usr/bin/pgn-extract', '/usr/local/bin/pgn-extract']) if (existsSync(candidate)) return candidate;
  const which = spawnSync('sh', ['-c', 'command -v pgn-extract'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : undefined;
}

function chessops(input = text): Timing {
  const started = performance.now();
  let games = 0;
  for (const game of chessopsParsePgn(input)) {
    games++;
    const start = startingPosition(game.headers);
    if (start.isErr) continue;
    const position = start.value;
    for (const node of game.moves.mainline()) {
      const move = parseSan(position, node.san);
      if (!move) break;
      position.play(move);
    }
  }
  return { name: 'chessops (parse + replay)', games, seconds: (performance.now() - started) / 1000 };
}

function chessJs(limit: number): Timing {
  const games = text.split(/\n(?=\[Event )/).slice(0, limit);
  const started = performance.now();
  const chess = new Chess();
  for (const game of games) {
    try {
      chess.loadPgn(game);
    } catch {
      // An illegal game: counted like the others, the work was done.
    }
  }
  return { name: 'chess.js (loadPgn)', games: games.length, seconds: (performance.now() - started) / 1000 };
}

/** The first `count` games of the corpus. */
function firstGames(count: number): string {
  const starts = /\n\n\[Event /g;
  for (let found = 0; starts.exec(text); found++) if (found + 1 === count) return text.slice(0, starts.lastIndex - 7);
  return text;
}

/**
 * Parse + replay in this thread, as `zapis validate` reads a batch (the fast lane,
 * and the full grammar for every game it does not vouch for), against chessops on
 * the same text; the two take turns for REPEAT rounds after a warm-up, the best of each counts.
 */
function parseAndReplay(games: number): { readonly ours: Timing; readonly theirs: Timing } {
  const input = firstGames(games);
  const ours = (): Timing => {
    const started = performance.now();
    const records = validateBatch(input, { file: 'corpus.pgn', firstLine: 1, language: 'auto', keepMoves: false });
    return { name: 'zapis (parse + replay)', games: records.length, seconds: (performance.now() - started) / 1000 };
  };
  validateBatch(input.slice(0, 400_000), { file: 'warm-up.pgn', firstLine: 1, language: 'auto', keepMoves: false });
  chessops(input.slice(0, 400_000));
  let best: { ours: Timing; theirs: Timing } | undefined;
  for (let round = 0; round < REPEAT; round++) {
    const [a, b] = [ours(), chessops(input)];
    best = { ours: best && best.ours.seconds < a.seconds ? best.ours : a, theirs: best && best.theirs.seconds < b.seconds ? best.theirs : b };
  }
  return best!;
}

const mark = (met: boolean): string => (met ? 'met' : 'NOT met');
const cores = availableParallelism();
console.log(`archive validation, ${(text.length / 1e6).toFixed(1)} MB, ${GAMES} games, ${cores} cores`);
try {
  const extract = findPgnExtract();
  if (!extract) console.log('pgn-extract: not installed (apt-get install pgn-extract); its comparison is skipped');
  const [one, all, scripted, reference] = timeCommands([
    zapis(1),
    zapis(2),
    zapis(2, { ZAPIS_REPLAY: 'script' }, ', TypeScript replay'),
    ...(extract ? [{ name: 'pgn-extract -r (check)', command: extract, args: ['-r', '-s', corpus] }] : []),
  ], GAMES) as [Timing, Timing, Timing, Timing | undefined];
  line(one);
  line(all);
  // The fast lane's replay in TypeScript instead of the WebAssembly kernel (@zapis/replay-kernel).
  line(scripted, `  (the kernel's run is ${(rate(all) / rate(scripted)).toFixed(2)}x this)`);
  if (extract && reference) line(reference);
  const [polish] = timeCommands([zapis(2, undefined, ', Polish', polishCorpus)], GAMES);
  line(polish, '  (the same games in Polish letters; every game gets a non-export-san warning)');
  const peer = chessops();
  line(peer);
  const replayGames = 20_000;
  const replayed = parseAndReplay(replayGames);
  line({ ...replayed.ours, name: `${replayed.ours.name}, ${replayGames / 1000}k` });
  line({ ...replayed.theirs, name: `${replayed.theirs.name}, ${replayGames / 1000}k` });
  const chessJsTiming = chessJs(Number(process.env.ZAPIS_BENCH_CHESSJS_GAMES ?? 5_000));
  line(chessJsTiming);
  // How a second core helps each kind of program here: JIT-compiled, allocating code may gain far less than C.
  const zapisTwice = await timeTwoAtOnce('zapis -j 1, two at once', process.execPath, [cli, 'validate', '--quiet', '-j', '1', corpus], GAMES);
  line(zapisTwice, `  (${(rate(zapisTwice) / rate(one)).toFixed(2)}x one run: what a second core adds to zapis here)`);
  if (extract && reference) {
    const extractTwice = await timeTwoAtOnce('pgn-extract, two at once', extract, ['-r', '-s', corpus], GAMES);
    line(extractTwice, `  (${(rate(extractTwice) / rate(reference)).toFixed(2)}x one run)`);
  }
  console.log('ratios (games/s, higher is better for zapis):');
  if (extract && reference) {
    const [oneRatio, twoRatio] = [rate(one) / rate(reference), rate(all) / rate(reference)];
    console.log(`  validate 100k, zapis 1 job  / pgn-extract: ${oneRatio.toFixed(2)}x (target >= 3x: ${mark(oneRatio >= 3)})`);
    console.log(`  validate 100k, zapis 2 jobs / pgn-extract: ${twoRatio.toFixed(2)}x (target >= 4x: ${mark(twoRatio >= 4)})`);
  }
  const replayRatio = rate(replayed.ours) / rate(replayed.theirs);
  console.log(`  parse + replay ${replayGames / 1000}k, zapis / chessops: ${replayRatio.toFixed(2)}x (target >= 3.5x: ${mark(replayRatio >= 3.5)})`);
  console.log(`  zapis 1 job  / chessops:    ${(rate(one) / rate(peer)).toFixed(2)}x`);
  console.log(`  zapis 1 job  / chess.js:    ${(rate(one) / rate(chessJsTiming)).toFixed(2)}x`);

  // Memory: 400,000 games (the corpus four times), two jobs.
  const big = join(folder, 'games-400k.pgn');
  writeFileSync(big, `${text}\n${text}\n${text}\n${text}`);
  const measured = spawnSync(process.execPath, [measureRss, cli, 'validate', '--quiet', '-j', '2', big], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
  const rss = /maxRSS=(\d+)/.exec(measured.stderr ?? '');
  if (rss) {
    const megabytes = Number(rss[1]) / 1024;
    console.log(`peak RSS, zapis validate -j 2 on 400,000 games: ${megabytes.toFixed(0)} MB (target < 250 MB: ${mark(megabytes < 250)})`);
  } else {
    console.log(`peak RSS: could not be measured (${measured.stderr?.slice(0, 200)})`);
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
