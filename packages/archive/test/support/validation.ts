/**
 * Helpers for the robustness tests: validate a text through the archive
 * pipeline (or the CLI), and compute what the plain parser and analyser say
 * about the same text, to compare the two.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { analyseGame } from '@zapis/game';
import { parseGames } from '@zapis/notation';
import { runValidation, type GameRecord, type RuleConfig, type SummaryCounts } from '../../src/index.js';
import { notTextReason } from '../../src/text-sniff.js';

export interface PipelineRun {
  readonly records: GameRecord[];
  readonly summary: SummaryCounts;
  /** Why the input is not text at all (see text-sniff.ts), when it is not: then it is one unreadable input and no games. */
  readonly notText: string | undefined;
}

export interface PipelineOptions {
  readonly jobs?: number;
  readonly batchBytes?: number;
  /** Archive rules to apply (none unless given). */
  readonly ruleConfig?: RuleConfig;
}

/** Validates `text` (or raw bytes) as standard input, collecting every record in order. */
export async function validateText(text: string | Uint8Array, options: PipelineOptions = {}): Promise<PipelineRun> {
  const records: GameRecord[] = [];
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : Buffer.from(text);
  const { summary } = await runValidation({
    inputs: [{ name: '<stdin>' }],
    stdin: Readable.from([bytes]),
    jobs: options.jobs ?? 1,
    language: 'auto',
    ...(options.batchBytes ? { batchBytes: options.batchBytes } : {}),
    ...(options.ruleConfig ? { ruleConfig: options.ruleConfig } : {}),
    onRecord: (record) => {
      records.push(record);
    },
  });
  return { records, summary, notText: notTextReason(bytes) };
}

/** What a game's answer is, independent of how it was computed: compared between the pipeline and the reference. */
export interface GameAnswer {
  readonly index: number;
  readonly line: number;
  readonly status: 'ok' | 'error';
  readonly plies: number;
  readonly san: readonly string[];
  readonly fen: string;
  readonly diagnostics: readonly string[];
}

const diagnosticKey = (diagnostic: { severity: string; code: string; line: number; column: number }): string =>
  `${diagnostic.severity}:${diagnostic.code}@${diagnostic.line}:${diagnostic.column}`;

export function answerOfRecord(record: GameRecord): GameAnswer {
  return {
    index: record.index,
    line: record.line,
    status: record.status,
    plies: record.plies,
    // Records of these runs keep their moves (keepMoves is on by default).
    san: record.san ?? [],
    fen: record.fen ?? '',
    diagnostics: record.diagnostics.map(diagnosticKey),
  };
}

/**
 * The answers of the plain parser and analyser on the whole text, without
 * batches or the fast lane. A leading byte order mark is dropped first, as
 * the pipeline's UTF-8 decoding does (columns on line 1 count from after it).
 */
export function referenceAnswers(text: string): GameAnswer[] {
  const answers: GameAnswer[] = [];
  // An input that is not text holds no games (text-sniff.ts).
  if (notTextReason(Buffer.from(text, 'utf8')) !== undefined) return answers;
  for (const game of parseGames(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)) {
    const report = analyseGame(game, { language: 'auto' });
    answers.push({
      index: report.index,
      line: report.line,
      status: report.status,
      plies: report.plies,
      san: report.san,
      fen: report.fen,
      diagnostics: report.diagnostics.map(diagnosticKey),
    });
  }
  return answers;
}

/** The summary must add up to the records, and records must be numbered 1..n. */
export function accountingProblems(run: PipelineRun): string[] {
  const problems: string[] = [];
  const { records, summary } = run;
  // An input is only unreadable when it cannot be read: a crash while validating must not pass for one.
  // Not text at all (a NUL byte before any tag pair) is the one reason an input may be unreadable here: once, with no games.
  const expectedUnreadable = run.notText !== undefined ? 1 : 0;
  for (const unreadable of summary.unreadable) {
    if (run.notText === undefined || !unreadable.reason.includes(run.notText)) problems.push(`input reported unreadable: ${unreadable.reason}`);
  }
  if (summary.unreadable.length !== expectedUnreadable) problems.push(`${summary.unreadable.length} inputs unreadable, expected ${expectedUnreadable}`);
  if (run.notText !== undefined && records.length > 0) problems.push(`${records.length} games read from an input that is not text`);
  if (summary.games !== records.length) problems.push(`summary.games ${summary.games} != ${records.length} records`);
  if (summary.ok + summary.failed !== summary.games) problems.push(`ok ${summary.ok} + failed ${summary.failed} != games ${summary.games}`);
  const ok = records.filter((record) => record.status === 'ok').length;
  if (ok !== summary.ok) problems.push(`summary.ok ${summary.ok} != ${ok} ok records`);
  records.forEach((record, position) => {
    if (record.index !== position + 1) problems.push(`record ${position + 1} is numbered ${record.index}`);
  });
  for (let at = 1; at < records.length; at++) {
    if (records[at].line < records[at - 1].line) problems.push(`record ${at + 1} starts on line ${records[at].line}, before record ${at} (line ${records[at - 1].line})`);
  }
  return problems;
}

/* ---------------------------------------------------------------- CLI --- */

export const CLI_BIN = fileURLToPath(new URL('../../../../apps/cli/dist/bin.js', import.meta.url));
export const hasCli = (): boolean => existsSync(CLI_BIN);

export interface CliRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly seconds: number;
  readonly timedOut: boolean;
}

/** Runs `zapis validate FILE --format json` with a time limit (the process is killed when it runs over). */
export function runCli(args: readonly string[], timeLimitMs: number): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [CLI_BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeLimitMs);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({
        code, signal, timedOut,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        seconds: (performance.now() - started) / 1000,
      });
    });
  });
}

export interface NdjsonReport {
  readonly records: GameRecord[];
  readonly summary: SummaryCounts | undefined;
}

/** Splits `--format json` output into its game records and the closing summary. */
export function parseNdjson(stdout: string): NdjsonReport {
  const records: GameRecord[] = [];
  let summary: SummaryCounts | undefined;
  for (const line of stdout.split('\n')) {
    if (line.trim() === '') continue;
    const parsed = JSON.parse(line) as GameRecord | { summary: SummaryCounts };
    if ('summary' in parsed) summary = parsed.summary;
    else records.push(parsed);
  }
  return { records, summary };
}
