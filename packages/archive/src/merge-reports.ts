/**
 * merge-reports: NDJSON reports in, one report out, as if one run had read
 * every input. Shard i of a `--shard i/n` run holds the i-th slice of every
 * input file, so the merge goes file by file, taking each file's games from
 * shard 1, 2, … n whatever order the reports are given in; per-shard game
 * numbers become per-file numbers again, and duplicates are looked for again
 * across everything, since a shard only saw its own games. Unsharded reports
 * are simply concatenated. Records stream through one at a time.
 */
import { resolve } from 'node:path';
import type { ShardPosition } from './format/report-writer.js';
import { ReportInputError, readLastLine, readReportLines, type ReportLocation } from './ndjson-reader.js';
import { err, ok, type Result } from '@zapis/core';
import type { GameRecord, RecordDiagnostic } from './record.js';
import { LIMIT_CODES } from './rules/archive-codes.js';
import { KNOWN_RULE_CODES } from './rules/rule-config.js';
import { addRecord, emptySummary, type SummaryCounts, type UnreadableInput } from './summary.js';

/** The code of the diagnostic that says a game repeats an earlier one. */
export const DUPLICATE_GAME_CODE = 'duplicate-game';

/**
 * Looks at each game in merged order and says whether it repeats an earlier
 * one (stateful: it remembers what it has seen). Given the record without any
 * duplicate-game diagnostic, already renumbered.
 */
export type DuplicateCheck = (record: GameRecord) => RecordDiagnostic | undefined;

export interface MergeOptions {
  /** Where relative report paths start (default: the process's working folder); messages name reports as given. */
  readonly cwd?: string;
  /** Recomputes duplicates across all reports; without it the records keep the duplicate diagnostics they came with. */
  readonly duplicates?: DuplicateCheck;
}

/** What the last line of a report says about it. */
export interface ReportHead {
  /** As given: what messages say. */
  readonly path: string;
  /** Where it is read from. */
  readonly location: string;
  readonly summary: SummaryCounts;
  readonly shard?: ShardPosition;
}

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isCountTable = (value: unknown): value is Record<string, number> => isObject(value) && Object.values(value).every(isCount);

function parseJson(text: string, where: string, location: ReportLocation): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ReportInputError(`${where}: not valid JSON (${(error as Error).message})`, location);
  }
}

/** Every code a record may carry (RecordDiagnosticCode): a report that names another is not one of this version's. */
const KNOWN_RECORD_CODES: ReadonlySet<string> = new Set([...KNOWN_RULE_CODES, ...Object.keys(LIMIT_CODES)]);

const isStringList = (value: unknown): boolean => Array.isArray(value) && value.every((item) => typeof item === 'string');
const isWhole = (value: unknown): boolean => typeof value === 'number' && Number.isInteger(value);

/** What an optional field must be when present, and how to say it. */
type FieldRule = readonly [check: (value: unknown) => boolean, expected: string];
const STRING: FieldRule = [(value) => typeof value === 'string', 'a string'];
const STRINGS: FieldRule = [isStringList, 'a list of strings'];
const COUNT: FieldRule = [isCount, 'a whole number of 0 or more'];

const OPTIONAL_DIAGNOSTIC_FIELDS: Readonly<Record<string, FieldRule>> = {
  file: STRING, ply: COUNT, moveNumber: COUNT, side: [(value) => value === 'white' || value === 'black', '"white" or "black"'],
  fen: STRING, text: STRING, candidates: STRINGS, suggestions: STRINGS, width: COUNT,
};

/** The first field of `value` that breaks its rule, as `[path, detail]`. */
function optionalFieldProblem(value: JsonObject, rules: Readonly<Record<string, FieldRule>>, path: string): [string, string] | undefined {
  for (const [name, [check, expected]] of Object.entries(rules)) {
    if (value[name] !== undefined && !check(value[name])) return [`${path}.${name}`, `expected ${expected}, got ${JSON.stringify(value[name])?.slice(0, 40)}`];
  }
  return undefined;
}

function diagnosticProblem(value: unknown, path: string): [string, string] | undefined {
  if (!isObject(value)) return [path, 'not an object'];
  if (value.severity !== 'error' && value.severity !== 'warning' && value.severity !== 'info') return [`${path}.severity`, `expected error, warning or info, got ${JSON.stringify(value.severity)}`];
  if (typeof value.code !== 'string') return [`${path}.code`, 'expected a string'];
  if (!KNOWN_RECORD_CODES.has(value.code)) return [`${path}.code`, `unknown code ${JSON.stringify(value.code)} (a report of another zapis version?)`];
  if (typeof value.message !== 'string') return [`${path}.message`, 'expected a string'];
  if (!isWhole(value.line)) return [`${path}.line`, 'expected a line number'];
  if (!isWhole(value.column)) return [`${path}.column`, 'expected a column number'];
  return optionalFieldProblem(value, OPTIONAL_DIAGNOSTIC_FIELDS, path);
}

function repairProblem(value: unknown, path: string): [string, string] | undefined {
  if (!isObject(value)) return [path, 'not an object'];
  if (!isWhole(value.line) || !isWhole(value.column)) return [path, 'expected a "line" and "column"'];
  if (typeof value.message !== 'string') return [`${path}.message`, 'expected a string'];
  if (!isStringList(value.san)) return [`${path}.san`, 'expected a list of strings'];
  return undefined;
}

/**
 * Why `value` is not a game record of the NDJSON report format, as `[path, detail]`,
 * or undefined when it is one. Fields this reader does not know are passed
 * through unchanged: the format grows by adding fields.
 */
function recordProblem(value: JsonObject): [string, string] | undefined {
  if (typeof value.file !== 'string') return ['file', 'expected a string'];
  if (!isCount(value.index) || value.index < 1) return ['index', 'expected a 1-based game number'];
  if (!isWhole(value.line)) return ['line', 'expected a line number'];
  if (!isObject(value.tags) || !Object.values(value.tags).every((tag) => typeof tag === 'string')) return ['tags', 'expected an object of strings'];
  if (typeof value.language !== 'string') return ['language', 'expected a string'];
  if (value.status !== 'ok' && value.status !== 'error') return ['status', `expected "ok" or "error", got ${JSON.stringify(value.status)}`];
  if (!isCount(value.plies)) return ['plies', 'expected a whole number of 0 or more'];
  if (!isStringList(value.san)) return ['san', 'expected a list of strings'];
  if (typeof value.fen !== 'string') return ['fen', 'expected a string'];
  if (!Array.isArray(value.diagnostics)) return ['diagnostics', 'expected a list'];
  if (value.outcome !== undefined && typeof value.outcome !== 'string') return ['outcome', 'expected a string'];
  if (value.duplicateKey !== undefined && typeof value.duplicateKey !== 'number') return ['duplicateKey', 'expected a number'];
  if (value.omitted !== undefined) {
    const omitted = value.omitted;
    if (!isObject(omitted) || !isCount(omitted.count) || !isCount(omitted.errors) || !isCount(omitted.warnings) || !isCount(omitted.infos) || !isCountTable(omitted.byCode)) {
      return ['omitted', 'expected {count, errors, warnings, infos, byCode}'];
    }
  }
  for (const [index, diagnostic] of value.diagnostics.entries()) {
    const problem = diagnosticProblem(diagnostic, `diagnostics[${index}]`);
    if (problem) return problem;
  }
  if (value.repairs !== undefined) {
    if (!Array.isArray(value.repairs)) return ['repairs', 'expected a list'];
    for (const [index, repair] of value.repairs.entries()) {
      const problem = repairProblem(repair, `repairs[${index}]`);
      if (problem) return problem;
    }
  }
  return undefined;
}

const SUMMARY_COUNTS = ['games', 'ok', 'failed', 'plies', 'errors', 'warnings', 'infos'] as const;

function parseShard(value: unknown, where: string, location: ReportLocation): ShardPosition | undefined {
  if (value === undefined) return undefined;
  if (isObject(value) && isCount(value.index) && isCount(value.count) && value.index >= 1 && value.index <= value.count) {
    return { index: value.index, count: value.count };
  }
  throw new ReportInputError(`${where}: summary.shard: expected {"index": i, "count": n} with 1 <= i <= n`, location);
}

function parseSummary(value: unknown, where: string, location: ReportLocation): { summary: SummaryCounts; shard?: ShardPosition } {
  if (!isObject(value)) throw new ReportInputError(`${where}: "summary" is not an object`, location);
  const summary = emptySummary();
  for (const key of SUMMARY_COUNTS) {
    if (!isCount(value[key])) throw new ReportInputError(`${where}: the summary has no count "${key}"`, location);
    summary[key] = value[key];
  }
  if (value.byCode !== undefined && !isCountTable(value.byCode)) throw new ReportInputError(`${where}: the summary's "byCode" is not a table of counts`, location);
  if (value.languages !== undefined && !isCountTable(value.languages)) throw new ReportInputError(`${where}: the summary's "languages" is not a table of counts`, location);
  summary.byCode = { ...(value.byCode as Record<string, number> | undefined) };
  summary.languages = { ...(value.languages as Record<string, number> | undefined) };
  const unreadable = value.unreadable ?? [];
  if (!Array.isArray(unreadable) || !unreadable.every((bad) => isObject(bad) && typeof bad.file === 'string' && typeof bad.reason === 'string')) {
    throw new ReportInputError(`${where}: the summary's "unreadable" is not a list of {file, reason}`, location);
  }
  summary.unreadable = unreadable.map((bad: JsonObject) => ({ file: bad.file as string, reason: bad.reason as string }));
  // Timing and bytes are optional: reports from before they existed still merge.
  summary.bytes = typeof value.bytes === 'number' ? value.bytes : 0;
  summary.notListed = isCount(value.notListed) ? value.notListed : 0;
  summary.seconds = typeof value.seconds === 'number' ? value.seconds : 0;
  summary.gamesPerSecond = typeof value.gamesPerSecond === 'number' ? value.gamesPerSecond : 0;
  const shard = parseShard(value.shard, where, location);
  return shard ? { summary, shard } : { summary };
}

/** Reads a report's last line: its summary, and its shard when it has one. */
export async function readReportHead(path: string, cwd: string = process.cwd()): Promise<ReportHead> {
  const location = resolve(cwd, path);
  const last = await readLastLine(location, path);
  const at: ReportLocation = { report: path };
  if (last === undefined) throw new ReportInputError(`${path}: empty: not a zapis NDJSON report`, at);
  const where = `${path}: last line`;
  const value = parseJson(last, where, at);
  if (!isObject(value) || !('summary' in value)) {
    throw new ReportInputError(`${where}: not a summary — is the report complete? (zapis validate --format json ends with {"summary": …})`, at);
  }
  return { path, location, ...parseSummary(value.summary, where, at) };
}

/**
 * The reports in shard order when they are shards (all of one run: same shard
 * count, each shard once), else as given.
 */
export function orderReports(heads: readonly ReportHead[]): ReportHead[] {
  const sharded = heads.filter((head) => head.shard !== undefined);
  if (sharded.length === 0) return [...heads];
  if (sharded.length !== heads.length) {
    const whole = heads.find((head) => head.shard === undefined);
    throw new ReportInputError(`${whole?.path} is not a shard report but ${sharded[0].path} is: merge the shards of one run, or whole reports, not both`);
  }
  const count = sharded[0].shard?.count ?? 0;
  const byIndex = new Map<number, ReportHead>();
  for (const head of sharded) {
    const shard = head.shard as ShardPosition;
    if (shard.count !== count) throw new ReportInputError(`${head.path} is shard ${shard.index}/${shard.count} but ${sharded[0].path} is one of ${count} shards: not the same run`);
    const twin = byIndex.get(shard.index);
    if (twin) throw new ReportInputError(`${twin.path} and ${head.path} are both shard ${shard.index}/${count}`);
    byIndex.set(shard.index, head);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !byIndex.has(index));
  if (missing.length > 0) {
    const given = sharded.map((head) => `${head.path} is ${(head.shard as ShardPosition).index}/${count}`).join(', ');
    throw new ReportInputError(`shard${missing.length > 1 ? 's' : ''} ${missing.map((index) => `${index}/${count}`).join(', ')} missing (${given}): a merge needs every shard of the run`);
  }
  return [...byIndex.values()].sort((a, b) => (a.shard as ShardPosition).index - (b.shard as ShardPosition).index);
}

/**
 * Drops the record's own duplicate-game diagnostic, asks `check` again, and
 * recomputes the status as validate does: error when any diagnostic is an
 * error, else the status the game had before duplicates were looked for.
 */
export function recheckDuplicates(record: GameRecord, check: DuplicateCheck): GameRecord {
  const position = record.diagnostics.findIndex((diagnostic) => diagnostic.code === DUPLICATE_GAME_CODE);
  const kept = position < 0 ? record.diagnostics : record.diagnostics.filter((diagnostic) => diagnostic.code !== DUPLICATE_GAME_CODE);
  const hasError = (diagnostics: readonly RecordDiagnostic[]): boolean => diagnostics.some((diagnostic) => diagnostic.severity === 'error');
  // Only an error-severity duplicate finding can have made an otherwise good game an error.
  const before = hasError(kept) ? 'error' : hasError(record.diagnostics) ? 'ok' : record.status;
  const found = check({ ...record, diagnostics: kept, status: before });
  const diagnostics = found === undefined ? kept : position >= 0 ? [...kept.slice(0, position), found, ...kept.slice(position)] : [...kept, found];
  return { ...record, diagnostics, status: hasError(diagnostics) ? 'error' : before };
}

function uniqueUnreadable(heads: readonly ReportHead[]): UnreadableInput[] {
  const seen = new Set<string>();
  const unreadable: UnreadableInput[] = [];
  for (const bad of heads.flatMap((head) => head.summary.unreadable)) {
    const key = `${bad.file}\u0000${bad.reason}`;
    if (seen.has(key)) continue; // every shard of a run names the same unreadable input
    seen.add(key);
    unreadable.push(bad);
  }
  return unreadable;
}

/** Games of one file in a row in one report. */
interface FileRun {
  /** The file, and which of its runs in the report this is (a file named twice on the command line has two). */
  readonly key: string;
  readonly games: number;
}

/** The records of one report, checked line by line; the summary line and the game count are checked at the end. */
async function* reportRecords(head: ReportHead): AsyncGenerator<GameRecord> {
  let games = 0;
  let summaryLine: number | undefined;
  for await (const line of readReportLines(head.location, head.path)) {
    if (line.text.trim() === '') continue;
    const where = `${head.path}:${line.number}`;
    const at: ReportLocation = { report: head.path, line: line.number };
    const value = parseJson(line.text, where, at);
    if (!isObject(value)) throw new ReportInputError(`${where}: expected a game object or the summary, found ${JSON.stringify(value).slice(0, 40)}`, at);
    if (summaryLine !== undefined) throw new ReportInputError(`${where}: a line after the summary (line ${summaryLine})`, at);
    if ('summary' in value) {
      summaryLine = line.number;
      continue;
    }
    const problem = recordProblem(value);
    if (problem) throw new ReportInputError(`${where}: not a game record: ${problem[0]}: ${problem[1]}`, at);
    games++;
    yield value as unknown as GameRecord;
  }
  if (games !== head.summary.games) {
    throw new ReportInputError(`${head.path}: ${games} game lines but the summary counts ${head.summary.games}: the report was cut or edited`, { report: head.path });
  }
}

/** A shard's files in the order it has them, with their game counts: the first pass, which also checks every line. */
async function fileRuns(head: ReportHead): Promise<FileRun[]> {
  const runs: { file: string; key: string; games: number }[] = [];
  const occurrences = new Map<string, number>();
  let previous: GameRecord | undefined;
  for await (const record of reportRecords(head)) {
    const last = runs.at(-1);
    // Numbers start again at 1 where the same file was read a second time.
    if (last !== undefined && last.file === record.file && previous !== undefined && record.index > previous.index) {
      last.games++;
    } else {
      const occurrence = (occurrences.get(record.file) ?? 0) + 1;
      occurrences.set(record.file, occurrence);
      runs.push({ file: record.file, key: `${record.file}\u0000${occurrence}`, games: 1 });
    }
    previous = record;
  }
  return runs;
}

/**
 * The input order of the files, from the order each shard lists them in (every
 * shard holds a slice of every file, so each lists a part of the input order;
 * shard 1 normally lists all of it, as every file's first game is there).
 */
function inputFileOrder(runsByShard: readonly (readonly FileRun[])[]): string[] {
  const rank = new Map<string, number>();
  const after = new Map<string, Set<string>>();
  const before = new Map<string, number>();
  runsByShard.forEach((runs, shard) => {
    runs.forEach((run, position) => {
      if (!rank.has(run.key)) rank.set(run.key, shard * 1e9 + position);
      if (!before.has(run.key)) before.set(run.key, 0);
      const next = runs[position + 1];
      if (next === undefined) return;
      const successors = after.get(run.key) ?? new Set<string>();
      if (!successors.has(next.key)) {
        successors.add(next.key);
        before.set(next.key, (before.get(next.key) ?? 0) + 1);
      }
      after.set(run.key, successors);
    });
  });
  const order: string[] = [];
  const ready = [...before].filter(([, count]) => count === 0).map(([key]) => key);
  while (ready.length > 0) {
    ready.sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0));
    const key = ready.shift() as string;
    order.push(key);
    for (const successor of after.get(key) ?? []) {
      const left = (before.get(successor) ?? 0) - 1;
      before.set(successor, left);
      if (left === 0) ready.push(successor);
    }
  }
  if (order.length !== before.size) throw new ReportInputError('the shards list the input files in different orders: they are not shards of one run');
  return order;
}

/** Streams shard reports file by file: each file's games from shard 1, then shard 2, …, renumbered per file. */
async function* mergeShards(heads: readonly ReportHead[]): AsyncGenerator<GameRecord> {
  const runsByShard = await Promise.all(heads.map(fileRuns));
  const cursors = heads.map((head, shard) => ({ records: reportRecords(head), runs: runsByShard[shard], next: 0 }));
  try {
    for (const key of inputFileOrder(runsByShard)) {
      let gamesBefore = 0;
      for (const cursor of cursors) {
        const run = cursor.runs[cursor.next];
        if (run?.key !== key) continue;
        cursor.next++;
        for (let game = 0; game < run.games; game++) {
          const { value, done } = await cursor.records.next();
          // The first pass read the same file: a different second read means it changed under us.
          if (done) throw new ReportInputError('a report changed while it was being merged');
          yield { ...value, index: value.index + gamesBefore };
        }
        gamesBefore += run.games;
      }
    }
  } finally {
    await Promise.all(cursors.map((cursor) => cursor.records.return(undefined)));
  }
}

async function* concatenate(heads: readonly ReportHead[]): AsyncGenerator<GameRecord> {
  for (const head of heads) yield* reportRecords(head);
}

/** Why the reports could not be merged: a message naming the report and line, and the same as fields. */
export interface ReportError {
  readonly message: string;
  /** The report as given, when the problem is one report's. */
  readonly report?: string;
  /** 1-based line in that report, when the problem is one line's. */
  readonly line?: number;
}

/**
 * Streams the records of every report, merged, to `emit` (awaited, so a slow
 * output holds reading back), and resolves to the merged summary: counts
 * recomputed from the records, bytes added, the longest wall time. Shard
 * reports are read twice: once to check them and learn each one's files, then
 * to merge, and other reports are checked whole before their first record
 * goes out, so a bad report is reported before anything is written.
 * A bad or unreadable report is an error value; what `emit` throws is thrown.
 */
export async function mergeReports(
  paths: readonly string[],
  emit: (record: GameRecord) => void | Promise<void>,
  options: MergeOptions = {},
): Promise<Result<SummaryCounts, ReportError>> {
  try {
    return ok(await mergeChecked(paths, emit, options));
  } catch (error) {
    if (!(error instanceof ReportInputError)) throw error;
    return err({ message: error.message, ...(error.location ?? {}) });
  }
}

async function mergeChecked(
  paths: readonly string[],
  emit: (record: GameRecord) => void | Promise<void>,
  options: MergeOptions,
): Promise<SummaryCounts> {
  if (paths.length === 0) throw new ReportInputError('no reports to merge');
  const heads = orderReports(await Promise.all(paths.map((path) => readReportHead(path, options.cwd))));
  const summary = emptySummary();
  // Every line of every report is checked before the first record goes out, so a bad report costs the whole
  // merge, never the end of it: a report cut short would pass for a whole one. (Shards are checked by their first pass.)
  if (heads[0].shard === undefined) for (const head of heads) for await (const _record of reportRecords(head)) void _record;
  const records = heads[0].shard !== undefined ? mergeShards(heads) : concatenate(heads);
  for await (const merged of records) {
    const record = options.duplicates ? recheckDuplicates(merged, options.duplicates) : merged;
    addRecord(summary, record);
    await emit(record);
  }
  summary.unreadable = uniqueUnreadable(heads);
  summary.bytes = heads.reduce((total, head) => total + head.summary.bytes, 0);
  // Shards run side by side: the merged run took as long as the slowest.
  summary.seconds = Math.max(...heads.map((head) => head.summary.seconds));
  summary.gamesPerSecond = summary.seconds > 0 ? Math.round(summary.games / summary.seconds) : summary.games;
  return summary;
}
