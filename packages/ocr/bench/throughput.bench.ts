/**
 * Read throughput (issue 57): `zapis read` with its defaults on the report set (the first generator's, as the
 * reading bench makes it) and on the independent set (the second generator's, packages/reading/evaluation/independent),
 * timed two ways: a few sheets of each kind with one job (what one core does, start-up included), and the whole set
 * with a job per core. Each prints seconds a sheet per core and peak memory per job against the targets, and the
 * whole set's output is scored by the reading package's scorer in the same run, so speed is never shown without
 * the accuracy it was read at.
 *
 * Env: ZAPIS_THROUGHPUT_SHEETS (sheets of each kind read with one job, default 8), ZAPIS_THROUGHPUT_JOBS (jobs for
 * the whole set, default one per core), ZAPIS_THROUGHPUT_SETS (`name=folder` pairs, comma-separated; default the
 * reading bench's report set, ZAPIS_BENCH_DIR / ZAPIS_BENCH_SEED / ZAPIS_BENCH_SHEETS as there, and
 * `.eval-independent-2` at the repository's root, made with seed 2 and 12 sheets a kind when missing),
 * ZAPIS_THROUGHPUT_RESULTS (the JSON results file).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { generateEvaluationSet } from '../evaluation/generate.js';
import { CLI_BIN } from '../evaluation/print-sheet.js';
import { IMAGE_KINDS } from '../evaluation/truth.js';
import { exitUnlessReadyToRun, runCli } from './run-cli.js';
import { atMost, below, MEGABYTES_PER_WORKER_TARGET, SECONDS_PER_SHEET_TARGET, type Mark } from './targets.js';

const packageRoot = fileURLToPath(new URL('../', import.meta.url));
const repositoryRoot = resolve(packageRoot, '..', '..');
const oneJobSheets = Number(process.env.ZAPIS_THROUGHPUT_SHEETS ?? 8);
const jobs = Number(process.env.ZAPIS_THROUGHPUT_JOBS ?? availableParallelism());
const resultsFile = resolve(process.env.ZAPIS_THROUGHPUT_RESULTS ?? join(packageRoot, 'reports', 'read-throughput.json'));
const reportSeed = Number(process.env.ZAPIS_BENCH_SEED ?? 1);
const reportSheets = Number(process.env.ZAPIS_BENCH_SHEETS ?? 10);
const reportDir = resolve(process.env.ZAPIS_BENCH_DIR ?? join(packageRoot, '.eval', `report-seed${reportSeed}-n${reportSheets}`));
const independentDir = join(repositoryRoot, '.eval-independent-2');
const sets: readonly { name: string; dir: string }[] = (process.env.ZAPIS_THROUGHPUT_SETS ?? `report=${reportDir},independent=${independentDir}`)
  .split(',').filter((pair) => pair.includes('=')).map((pair) => {
    const [name, dir] = pair.split('=');
    return { name: name.trim(), dir: resolve(dir.trim()) };
  });

interface SetSheet {
  readonly kind: string;
  /** The image's path. */
  readonly path: string;
}

/** A set's sheets by their truth files (every `*.json` but the manifest names its kind and image). */
async function setSheets(dir: string): Promise<SetSheet[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.json') && name !== 'manifest.json').sort();
  const sheets: SetSheet[] = [];
  for (const name of names) {
    const truth = JSON.parse(await readFile(join(dir, name), 'utf8')) as { kind?: unknown; file?: unknown };
    if (typeof truth.kind === 'string' && typeof truth.file === 'string') sheets.push({ kind: truth.kind, path: join(dir, truth.file) });
  }
  return sheets;
}

/** The first `count` sheets of each kind. */
function firstOfEachKind(sheets: readonly SetSheet[], count: number): SetSheet[] {
  const taken = new Map<string, number>();
  return sheets.filter((sheet) => {
    const seen = taken.get(sheet.kind) ?? 0;
    taken.set(sheet.kind, seen + 1);
    return seen < count;
  });
}

const exec = promisify(execFile);

/** The report set, made as the reading bench makes it when it is not there yet. */
async function ensureReportSet(dir: string): Promise<void> {
  if (existsSync(join(dir, 'manifest.json'))) return;
  console.log(`generating the report set (seed ${reportSeed}, ${reportSheets} games × ${IMAGE_KINDS.join(', ')}) in ${dir}`);
  await generateEvaluationSet({ set: 'report', kinds: [...IMAGE_KINDS], games: reportSheets, out: dir, seed: reportSeed });
}

/** The independent set, made by its own generator when it is not there yet. */
async function ensureIndependentSet(dir: string): Promise<void> {
  if (existsSync(join(dir, 'manifest.json'))) return;
  console.log(`generating the independent set (seed 2, 12 sheets a kind) in ${dir}`);
  await exec('pnpm', ['--filter', '@zapis/reading', 'exec', 'tsx', 'evaluation/independent/generate.ts', '--out', dir, '--sheets', '12', '--seed', '2',
    '--kinds', 'scan,jpeg,phone'], { cwd: repositoryRoot, maxBuffer: 1 << 26 });
}

interface Timing {
  readonly set: string;
  readonly run: string;
  readonly sheets: number;
  readonly jobs: number;
  readonly wallSeconds: number;
  readonly secondsPerSheetPerCore: number;
  readonly speedMark: Mark;
  readonly peakMegabytesPerJob?: number;
  readonly memoryMark: Mark;
  readonly exitCode: number;
}

/** `zapis read` on the sheets with `jobs` jobs, its time and memory shared out per core and per job; the NDJSON it wrote. */
async function timeRead(set: string, run: string, sheets: readonly SetSheet[], readJobs: number): Promise<{ timing: Timing; ndjson: string }> {
  const output = await runCli(['read', ...sheets.map((sheet) => sheet.path), '--format', 'json', '-j', String(readJobs)], CLI_BIN);
  if (output.code === 2) console.warn(`${set}, ${run}: zapis read exit 2: ${output.stderr.trim().split('\n').slice(0, 3).join(' | ')}`);
  const secondsPerSheetPerCore = (output.seconds * readJobs) / Math.max(1, sheets.length);
  const peakMegabytesPerJob = output.peakMegabytes === undefined ? undefined : output.peakMegabytes / readJobs;
  return {
    ndjson: output.stdout,
    timing: {
      set, run, sheets: sheets.length, jobs: readJobs, wallSeconds: output.seconds, secondsPerSheetPerCore,
      speedMark: atMost(secondsPerSheetPerCore, SECONDS_PER_SHEET_TARGET),
      ...(peakMegabytesPerJob === undefined ? {} : { peakMegabytesPerJob }),
      memoryMark: below(peakMegabytesPerJob, MEGABYTES_PER_WORKER_TARGET), exitCode: output.code,
    },
  };
}

/** The reading package's scorer on a whole set's output: its table as it prints it. */
async function scoreTable(dir: string, ndjsonFile: string): Promise<string> {
  try {
    const { stdout } = await exec('pnpm', ['--filter', '@zapis/reading', 'exec', 'tsx', 'evaluation/score-output.ts', '--set', dir, '--read', ndjsonFile],
      { cwd: repositoryRoot, maxBuffer: 1 << 26 });
    return stdout.split('\n').filter((line) => line.startsWith('|')).join('\n');
  } catch (error) {
    return `(not scored: ${(error as Error).message.split('\n')[0]})`;
  }
}

function formatTimings(timings: readonly Timing[]): string {
  const header = ['set', 'run', 'sheets', 'wall s', 's / sheet / core', 'target', 'mark', 'peak MB per job', 'target', 'mark'];
  const lines = timings.map((timing) => [
    timing.set, timing.run, String(timing.sheets), timing.wallSeconds.toFixed(1), timing.secondsPerSheetPerCore.toFixed(2),
    `<= ${SECONDS_PER_SHEET_TARGET}`, timing.speedMark, timing.peakMegabytesPerJob?.toFixed(0) ?? 'n/a', `< ${MEGABYTES_PER_WORKER_TARGET}`, timing.memoryMark,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const format = (line: readonly string[]): string => line.map((text, column) => text.padEnd(widths[column])).join('  ');
  return [format(header), format(widths.map((width) => '-'.repeat(width))), ...lines.map(format)].join('\n');
}

exitUnlessReadyToRun();
const timings: Timing[] = [];
const scores: Record<string, string> = {};
const scratch = join(tmpdir(), `zapis-throughput-${process.pid}`);
await mkdir(scratch, { recursive: true });
for (const { name, dir } of sets) {
  if (dir === independentDir) await ensureIndependentSet(dir);
  if (dir === reportDir) await ensureReportSet(dir);
  if (!existsSync(dir)) {
    console.log(`${name}: no set in ${dir}; left out`);
    continue;
  }
  const sheets = await setSheets(dir);
  const oneJob = await timeRead(name, `one job, ${oneJobSheets} sheet${oneJobSheets === 1 ? '' : 's'} a kind`, firstOfEachKind(sheets, oneJobSheets), 1);
  timings.push(oneJob.timing);
  const whole = await timeRead(name, `whole set, -j ${jobs}`, sheets, jobs);
  timings.push(whole.timing);
  const ndjsonFile = join(scratch, `${name}.ndjson`);
  await writeFile(ndjsonFile, whole.ndjson);
  scores[name] = await scoreTable(dir, ndjsonFile);
}
console.log(`\nzapis read throughput vs issue 57's targets (${availableParallelism()} cores; per job: the process's peak over its jobs)\n`);
console.log(`${formatTimings(timings)}\n`);
for (const [name, table] of Object.entries(scores)) console.log(`${name} set, whole set as read above:\n${table}\n`);
await mkdir(join(resultsFile, '..'), { recursive: true });
await writeFile(resultsFile, `${JSON.stringify({ date: new Date().toISOString(), jobs, oneJobSheets, sets, timings, scores }, null, 2)}\n`);
console.log(`results: ${resultsFile}`);
