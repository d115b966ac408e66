/**
 * Archive validation speed and memory, peers side by side in the same run:
 * `zapis validate` (the CLI as users run it) with one job and with every core,
 * pgn-extract's check mode (C; skipped when not installed), chessops (parse +
 * replay) and chess.js, on the 100,000-game gnu-book corpus unpacked to a
 * temporary file; then zapis's peak memory on a 400,000-game input.
 * Targets (issue 4): one job >= 1.0x pgn-extract, all jobs >= 1.8x, peak RSS < 300 MB.
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

function chessops(): Timing {
  const started = performance.now();
  let games = 0;
  for (const game of chessopsParsePgn(text)) {
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

const cores = availableParallelism();
console.log(`archive validation, ${(text.length / 1e6).toFixed(1)} MB, ${GAMES} games, ${cores} cores`);
try {
  const extract = findPgnExtract();
  if (!extract) console.log('pgn-extract: not installed (apt-get install pgn-extract); its comparison is skipped');
  const [one, all, scripted, reference] = timeCommands([
    zapis(1),
    zapis(cores),
    zapis(cores, { ZAPIS_REPLAY: 'script' }, ', TypeScript replay'),
    ...(extract ? [{ name: 'pgn-extract -r (check)', command: extract, args: ['-r', '-s', corpus] }] : []),
  ], GAMES) as [Timing, Timing, Timing, Timing | undefined];
  line(one);
  line(all);
  // The fast lane's replay in TypeScript instead of the WebAssembly kernel (@zapis/replay-kernel).
  line(scripted, `  (the kernel's run is ${(rate(all) / rate(scripted)).toFixed(2)}x this)`);
  if (extract && reference) line(reference);
  const [polish] = timeCommands([zapis(cores, undefined, ', Polish', polishCorpus)], GAMES);
  line(polish, '  (the same games in Polish letters; every game gets a non-export-san warning)');
  const peer = chessops();
  line(peer);
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
    console.log(`  zapis 1 job  / pgn-extract: ${(rate(one) / rate(reference)).toFixed(2)}x (target >= 1.0x)`);
    console.log(`  zapis ${cores} jobs / pgn-extract: ${(rate(all) / rate(reference)).toFixed(2)}x (target >= 1.8x)`);
  }
  console.log(`  zapis 1 job  / chessops:    ${(rate(one) / rate(peer)).toFixed(2)}x`);
  console.log(`  zapis 1 job  / chess.js:    ${(rate(one) / rate(chessJsTiming)).toFixed(2)}x`);

  // Memory: 400,000 games (the corpus four times), every core.
  const big = join(folder, 'games-400k.pgn');
  writeFileSync(big, `${text}\n${text}\n${text}\n${text}`);
  const measured = spawnSync(process.execPath, [measureRss, cli, 'validate', '--quiet', '-j', String(cores), big], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
  const rss = /maxRSS=(\d+)/.exec(measured.stderr ?? '');
  if (rss) {
    const megabytes = Number(rss[1]) / 1024;
    console.log(`peak RSS, zapis validate -j ${cores} on 400,000 games: ${megabytes.toFixed(0)} MB (target < 300 MB)`);
  } else {
    console.log(`peak RSS: could not be measured (${measured.stderr?.slice(0, 200)})`);
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
