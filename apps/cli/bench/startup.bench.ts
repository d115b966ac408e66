/**
 * Start-up: how long `zapis` takes to do almost nothing, beside bare Node and pgn-extract in the same run. A CI job
 * that validates one small file per commit, or a script calling `zapis` once per file, pays this on every call.
 * Runs are interleaved (one of each in turn) so a busy moment hits every command alike; the median is reported.
 *
 * Target (issue 57): `zapis validate` on a three-line PGN in ≤ 0.08 s where bare Node starts in 0.04 s, that is,
 * at most twice bare Node's start on whatever machine the bench runs.
 *
 * Env: ZAPIS_BENCH_STARTUP_RUNS (runs of each command, default 21).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const runs = Number(process.env.ZAPIS_BENCH_STARTUP_RUNS ?? 21);
const cli = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const pgnExtract = ['/usr/games/pgn-extract', '/usr/bin/pgn-extract', '/usr/local/bin/pgn-extract'].find((path) => existsSync(path));

interface Contender {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
}

const folder = mkdtempSync(join(tmpdir(), 'zapis-startup-'));
const smallGame = join(folder, 'three-lines.pgn');
writeFileSync(smallGame, '[Event "Club"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n');

const contenders: readonly Contender[] = [
  { name: 'bare node (node -e 0)', command: process.execPath, args: ['-e', '0'] },
  { name: 'zapis --version', command: process.execPath, args: [cli, '--version'] },
  { name: 'zapis validate (3-line PGN)', command: process.execPath, args: [cli, 'validate', '-q', smallGame] },
  { name: 'zapis convert --to pl (3-line PGN)', command: process.execPath, args: [cli, 'convert', '--to', 'pl', smallGame] },
  { name: 'zapis read --help', command: process.execPath, args: [cli, 'read', '--help'] },
  ...(pgnExtract ? [{ name: 'pgn-extract -r (3-line PGN)', command: pgnExtract, args: ['-r', '-s', smallGame] }] : []),
];

function secondsOf(contender: Contender): number {
  const start = process.hrtime.bigint();
  const result = spawnSync(contender.command, contender.args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (result.status === null || result.status > 1) throw new Error(`${contender.name} failed (${result.status ?? result.signal}): ${result.stderr.toString()}`);
  return seconds;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

if (!existsSync(cli)) {
  console.log('start-up: apps/cli/dist/bin.js is missing; run pnpm build first');
  process.exit(1);
}
if (!pgnExtract) console.log('pgn-extract: not installed (apt-get install pgn-extract); its row is skipped');
const times = new Map(contenders.map((contender) => [contender.name, [] as number[]]));
for (const contender of contenders) secondsOf(contender); // warm the file cache
for (let run = 0; run < runs; run++) for (const contender of contenders) times.get(contender.name)?.push(secondsOf(contender));
rmSync(folder, { recursive: true, force: true });

const bare = median(times.get(contenders[0]!.name) ?? []);
console.log(`\nStart-up, median of ${runs} interleaved runs (wall clock, seconds)`);
for (const contender of contenders) {
  const seconds = median(times.get(contender.name) ?? []);
  console.log(`  ${contender.name.padEnd(38)} ${seconds.toFixed(3)} s   ${(seconds / bare).toFixed(2)}x bare node`);
}
const validate = median(times.get('zapis validate (3-line PGN)') ?? []);
const verdict = validate <= 2 * bare ? 'met' : 'MISSED';
console.log(`  target: zapis validate ≤ 2.00x bare node (0.08 s where bare node takes 0.04 s): ${(validate / bare).toFixed(2)}x, ${verdict}`);
