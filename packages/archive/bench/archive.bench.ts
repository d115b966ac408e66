/**
 * Archive validation speed and memory, peers side by side in the same run:
 * `zapis validate` (the CLI as users run it) with one job and with every core,
 * pgn-extract's check mode (C; skipped when not installed), chessops (parse +
 * replay) and chess.js, on the 100,000-game gnu-book corpus unpacked to a
 * temporary file; then zapis's peak memory on a 400,000-game input.
 * Targets (issue 4): one job >= 1.0x pgn-extract, all jobs >= 1.8x, peak RSS < 300 MB.
 * Run: pnpm bench (root) or pnpm --filter @zapis/archive bench.
 * ZAPIS_BENCH_CHESSJS_GAMES limits chess.js (default 5,000: it is slow). The command-line
 * peers run ZAPIS_BENCH_REPEAT times each (default 3) and the fastest run counts, the same for all.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Chess } from 'chess.js';
import { parsePgn as chessopsParsePgn, startingPosition } from 'chessops/pgn';
import { parseSan } from 'chessops/san';
import { SHARED_MISSING_MESSAGE, hasShared, readText, sharedPath } from '@zapis/testkit';

if (!hasShared()) {
  console.log(SHARED_MISSING_MESSAGE);
  process.exit(0);
}

const root = fileURLToPath(new URL('../../../', import.meta.url));
const cli = join(root, 'apps/cli/dist/bin.js');
const measureRss = fileURLToPath(new URL('./run-with-rss.mjs', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'zapis-bench-'));
const corpus = join(folder, 'games-100k.pgn');
const text = await readText(sharedPath('corpora', 'gnu-book', 'games-000001-100000.pgn.gz'));
writeFileSync(corpus, text);
const GAMES = 100_000;

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

/** Runs a command REPEAT times, returns its best wall time; stdout is discarded, a failure stops the benchmark. */
function timeCommand(name: string, command: string, args: readonly string[], games: number): Timing {
  let best = Infinity;
  for (let run = 0; run < REPEAT; run++) {
    const started = performance.now();
    const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 26 });
    best = Math.min(best, (performance.now() - started) / 1000);
    if (result.status !== 0 && result.status !== 1) throw new Error(`${name} failed (${result.status}): ${result.stderr?.toString().slice(0, 400)}`);
  }
  return { name, games, seconds: best };
}

function zapis(jobs: number): Timing {
  return timeCommand(`zapis validate -j ${jobs}`, process.execPath, [cli, 'validate', '--quiet', '-j', String(jobs), corpus], GAMES);
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
  const one = zapis(1);
  line(one);
  const all = zapis(cores);
  line(all);
  const extract = findPgnExtract();
  let reference: Timing | undefined;
  if (extract) {
    reference = timeCommand('pgn-extract -r (check)', extract, ['-r', '-s', corpus], GAMES);
    line(reference);
  } else {
    console.log('pgn-extract: not installed (apt-get install pgn-extract); its comparison is skipped');
  }
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
  if (reference) {
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
