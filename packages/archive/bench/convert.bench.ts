/**
 * Conversion speed against pgn-extract, in the same run: the 100,000-game
 * gnu-book corpus written in Polish letters by `zapis convert --to pl` with
 * one job and with every core, and by `pgn-extract -WsanPSGWHK` (its SAN with
 * the letters P S G W H K). Then the move text is checked: every game's moves
 * as zapis wrote them must be pgn-extract's, once what legitimately differs
 * is set aside (tags, comments, NAGs, line wrapping, move numbers, results).
 * Timed on the first 20,000 games too, where starting up and the workers' start weigh most.
 * Targets: at 20,000 games one job >= 1.5x pgn-extract, two jobs >= 2.5x (issue 57); at
 * 100,000 one job >= 1.0x, two jobs >= 2x (issue 19). Also peak RSS.
 * Run: pnpm bench (root) or pnpm --filter @zapis/archive bench. The commands
 * take turns for ZAPIS_BENCH_REPEAT rounds (default 3); each one's fastest run counts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { benchCorpus } from './bench-corpus.js';

const { cli, measureRss, folder, corpus, text } = await benchCorpus('zapis-convert-bench-');
const GAMES = 100_000;
/** The smaller size timed: the first games of the corpus, in a file of their own. */
const FEW_GAMES = 20_000;
const fewCorpus = join(folder, 'games-20k.pgn');
writeFileSync(fewCorpus, firstGames(text, FEW_GAMES));
const REPEAT = Math.max(1, Number(process.env.ZAPIS_BENCH_REPEAT ?? 3));
/** pgn-extract's SAN with its six letters for pawn, knight, bishop, rook, queen and king: Polish. */
const PGN_EXTRACT_POLISH = '-WsanPSGWHK';

interface Command {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
}

interface Timing {
  readonly name: string;
  readonly seconds: number;
  readonly games: number;
}

/** The first `count` games of `text` (a game starts at each `[Event` after a blank line). */
function firstGames(all: string, count: number): string {
  const starts = /\n\n\[Event /g;
  for (let found = 0; starts.exec(all); found++) if (found + 1 === count) return all.slice(0, starts.lastIndex - 7);
  return all;
}

const rate = (timing: Timing): number => timing.games / timing.seconds;
const line = (timing: Timing, note = ''): void =>
  console.log(`${timing.name.padEnd(40)} ${timing.seconds.toFixed(2).padStart(7)} s ${Math.round(rate(timing)).toString().padStart(7)} games/s${note}`);
const mark = (met: boolean): string => (met ? 'met' : 'NOT met');

/** Each command once per round, output discarded; the best wall time counts (another process only ever adds time). Exit 1 is the corpus: a few games have errors. */
function timeCommands(commands: readonly Command[], games: number): Timing[] {
  const best = commands.map(() => Infinity);
  for (let round = 0; round < REPEAT; round++) {
    commands.forEach(({ name, command, args }, index) => {
      const started = performance.now();
      const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 26 });
      best[index] = Math.min(best[index], (performance.now() - started) / 1000);
      if (result.status !== 0 && result.status !== 1) throw new Error(`${name} failed (${result.status}): ${result.stderr?.toString().slice(0, 400)}`);
    });
  }
  return commands.map(({ name }, index) => ({ name, seconds: best[index], games }));
}

function findPgnExtract(): string | undefined {
  for (const candidate of ['/usr/games/pgn-extract', '/usr/bin/pgn-extract', '/usr/local/bin/pgn-extract']) if (existsSync(candidate)) return candidate;
  const which = spawnSync('sh', ['-c', 'command -v pgn-extract'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : undefined;
}

/**
 * Each game's moves, in order: tags, comments, NAGs, move numbers and results
 * set aside, whatever the line wrapping. Games are told apart by their tag sections.
 */
function movesPerGame(text: string): string[][] {
  const games: string[][] = [];
  let current: string[] | undefined;
  let inTags = false;
  for (const row of text.replace(/\{[^}]*\}/g, ' ').split('\n')) {
    if (row.startsWith('[')) {
      if (!inTags) games.push((current = []));
      inTags = true;
      continue;
    }
    inTags = false;
    for (const word of row.split(/\s+/)) {
      if (word === '' || /^\d+\.+$/.test(word) || /^\$\d+$/.test(word) || /^(1-0|0-1|1\/2-1\/2|\*)$/.test(word)) continue;
      current?.push(word.replace(/^\d+\.+/, ''));
    }
  }
  return games;
}

const cores = availableParallelism();
const [load1] = loadavg();
console.log(`zapis convert --to pl against pgn-extract ${PGN_EXTRACT_POLISH}: ${GAMES} games, ${cores} cores, load average ${load1.toFixed(2)} at the start`);
try {
  const extract = findPgnExtract();
  if (!extract) {
    console.log('pgn-extract: not installed (apt-get install pgn-extract); the comparison needs it, so the benchmark stops here');
  } else {
    const sizes = [
      { games: FEW_GAMES, file: fewCorpus, targets: [1.5, 2.5] },
      { games: GAMES, file: corpus, targets: [1.0, 2.0] },
    ] as const;
    for (const { games, file, targets } of sizes) {
      const size = `${games / 1000}k`;
      const zapis = (jobs: number): Command => ({ name: `zapis convert --to pl -j ${jobs}, ${size}`, command: process.execPath, args: [cli, 'convert', '--to', 'pl', '-j', String(jobs), file] });
      const reference: Command = { name: `pgn-extract -s ${PGN_EXTRACT_POLISH}, ${size}`, command: extract, args: ['-s', PGN_EXTRACT_POLISH, file] };
      const [one, two, peer] = timeCommands([zapis(1), zapis(2), reference], games);
      line(one);
      line(two);
      line(peer);
      const [oneRatio, twoRatio] = [rate(one) / rate(peer), rate(two) / rate(peer)];
      console.log(`  convert ${size}, zapis 1 job  / pgn-extract: ${oneRatio.toFixed(2)}x (target >= ${targets[0]}x: ${mark(oneRatio >= targets[0])})`);
      console.log(`  convert ${size}, zapis 2 jobs / pgn-extract: ${twoRatio.toFixed(2)}x (target >= ${targets[1]}x: ${mark(twoRatio >= targets[1])})`);
    }

    // The moves, game by game.
    const zapisOut = join(folder, 'zapis.pgn');
    const extractOut = join(folder, 'extract.pgn');
    spawnSync(process.execPath, [cli, 'convert', '--to', 'pl', '-j', String(cores), corpus, '-o', zapisOut], { stdio: 'ignore' });
    spawnSync(extract, ['-s', PGN_EXTRACT_POLISH, '-o', extractOut, corpus], { stdio: 'ignore' });
    const ours = movesPerGame(readFileSync(zapisOut, 'utf8'));
    const theirs = movesPerGame(readFileSync(extractOut, 'utf8'));
    const differing: string[] = [];
    for (let index = 0; index < Math.max(ours.length, theirs.length); index++) {
      const a = ours[index] ?? [];
      const b = theirs[index] ?? [];
      const at = a.findIndex((move, ply) => move !== b[ply]);
      if (at < 0 && a.length === b.length) continue;
      const ply = at < 0 ? Math.min(a.length, b.length) : at;
      differing.push(`game ${index + 1}, ply ${ply + 1}: zapis '${a[ply] ?? '(end)'}', pgn-extract '${b[ply] ?? '(end)'}' (${a.length} and ${b.length} moves)`);
    }
    console.log(`moves: ${ours.length} games from zapis, ${theirs.length} from pgn-extract; ${differing.length} with different moves`);
    for (const difference of differing.slice(0, 5)) console.log(`  ${difference}`);
  }

  // Peak memory (worker threads share the process): it stays flat, the input is streamed.
  for (const jobs of [1, cores]) {
    const measured = spawnSync(process.execPath, [measureRss, cli, 'convert', '--to', 'pl', '-j', String(jobs), corpus], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
    const rss = /maxRSS=(\d+)/.exec(measured.stderr ?? '');
    console.log(rss ? `peak RSS, zapis convert --to pl -j ${jobs}: ${(Number(rss[1]) / 1024).toFixed(0)} MB` : `peak RSS: could not be measured (${measured.stderr?.slice(0, 200)})`);
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
