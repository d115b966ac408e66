/**
 * What `zapis merge-reads` does (commands/merge-reads.ts): every file is checked whole first (a header, a summary
 * after the last record, one settings, every shard of i/n once, no scan twice, no game's sheets in two shards), and
 * only then is anything written: each game's PGN in the order of its first sheet (the scans' paths, folder by folder,
 * as a folder is read), and each problem found, numbered by its game, to the review list. Only where each record is
 * in its file is kept, never the record, so a federation's tens of thousands of games take little memory.
 */
import { createWriteStream } from 'node:fs';
import { open, unlink, type FileHandle } from 'node:fs/promises';
import { once } from 'node:events';
import { resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE, UsageError, type CliIo } from '../io.js';
import { unwritableReason } from '../output.js';
import { emptyFolderReason, walkInputs, type FolderKind } from '../input-folders.js';
import type { CommandContext } from '../program.js';
import type { MergeReadsFlags } from '../commands/merge-reads.js';
import { linesOf } from './ndjson-lines.js';
import { recordOf, type FailureRecord, type GameRecord, type ReadsHeader } from './read-records.js';
import { checkShards, type ReadsFile } from './merge-checks.js';

const READS_FILES: FolderKind = { endings: ['.ndjson', '.jsonl'], what: 'NDJSON files' };

/** A game or an unread page: where it is, and where its first sheet comes in the scans' order. */
interface Entry {
  readonly source: number;
  readonly offset: number;
  readonly length: number;
  readonly file: string;
  readonly page: number;
}

/** Paths compared folder by folder, as a folder's scans are read (input-folders.ts: a folder's files where its name sorts). */
export function comparePlaces(a: { readonly file: string; readonly page: number }, b: { readonly file: string; readonly page: number }): number {
  const left = a.file.split('/');
  const right = b.file.split('/');
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    if (left[index] !== right[index]) return left[index] < right[index] ? -1 : 1;
  }
  return left.length - right.length || a.page - b.page;
}

/** The first sheet of a record: a game's earliest sheet in the scans' order, or the unread page. */
function firstPlace(record: GameRecord | FailureRecord): { file: string; page: number } {
  if ('sheets' in record) return [...record.sheets].sort(comparePlaces)[0] ?? { file: record.file, page: 0 };
  return { file: record.file, page: record.page ?? 0 };
}

/** One file read through: its header, whether it ends in a summary, its records' places. */
async function scanReads(path: string, name: string, source: number, entries: Entry[]): Promise<ReadsFile> {
  let header: ReadsHeader | undefined;
  let whole = false;
  const scans: string[] = [];
  const qrGames: string[] = [];
  for await (const fileLine of linesOf(path)) {
    const refuse = (why: string): never => {
      throw new UsageError(`${name}:${fileLine.number}: ${why}`);
    };
    if (!fileLine.complete) refuse('cut short: its run was stopped; run its shard again with --resume');
    let value: unknown;
    try {
      value = JSON.parse(fileLine.text);
    } catch {
      refuse('not JSON');
    }
    const record = recordOf(value) ?? refuse('not a line zapis read --shard or --resume writes');
    if (header === undefined && record.kind !== 'header') refuse('no header line: not written by zapis read --shard or --resume');
    whole = record.kind === 'summary';
    if (record.kind === 'header') header = record.value;
    else if (record.kind === 'scan') scans.push(record.value.scan.file);
    else if (record.kind === 'game' || record.kind === 'failure') {
      entries.push({ source, offset: fileLine.offset, length: fileLine.length, ...firstPlace(record.value) });
      if (record.kind === 'game') qrGames.push(...(record.value.qrGames ?? []));
    }
  }
  if (header === undefined) throw new UsageError(`${name}: empty: not written by zapis read --shard or --resume`);
  return { name, header, whole, scans, qrGames };
}

async function openOutput(io: CliIo, file: string | undefined): Promise<Writable> {
  if (file === undefined) return io.stdout;
  const stream = createWriteStream(resolve(io.cwd, file));
  await once(stream, 'open').catch((error: unknown) => {
    throw new UsageError(`cannot write ${file}: ${unwritableReason(error)}`);
  });
  return stream;
}

async function write(stream: Writable, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain');
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

interface Counts { sheets: number; games: number; plies: number; flagged: number; failed: number; unreadablePages: number; unreadableFiles: number }

/** Writes every entry in order: the PGN of each game, the review list's lines; counts what it wrote. */
async function writeMerged(entries: readonly Entry[], handles: readonly FileHandle[], pgn: Writable, review: Writable | undefined): Promise<Counts> {
  const counts: Counts = { sheets: 0, games: 0, plies: 0, flagged: 0, failed: 0, unreadablePages: 0, unreadableFiles: 0 };
  for (const entry of entries) {
    const bytes = Buffer.alloc(entry.length);
    await handles[entry.source].read(bytes, 0, entry.length, entry.offset);
    const record = recordOf(JSON.parse(bytes.toString('utf8')));
    if (record?.kind === 'game') {
      const game = record.value;
      counts.games += 1;
      counts.sheets += game.sheets.length;
      counts.plies += game.plies;
      counts.flagged += game.review.length;
      if (game.status === 'error') counts.failed += 1;
      await write(pgn, `${game.pgn}\n`);
      if (review) for (const diagnostic of game.diagnostics) await write(review, `${JSON.stringify({ game: counts.games, ...diagnostic })}\n`);
    } else if (record?.kind === 'failure') {
      const unopened = record.value.diagnostics.some((diagnostic) => diagnostic.code === 'read-unreadable');
      if (unopened) counts.unreadableFiles += 1;
      else counts.unreadablePages += 1;
      if (review) for (const diagnostic of record.value.diagnostics) await write(review, `${JSON.stringify({ game: null, ...diagnostic })}\n`);
    }
  }
  return counts;
}

export async function runMergeReads(reads: readonly string[], flags: MergeReadsFlags, context: CommandContext): Promise<void> {
  const { io } = context;
  if (reads.includes('-')) throw new UsageError('merge-reads takes the files zapis read --shard wrote, not standard input');
  const walked = await walkInputs(reads, io.cwd, READS_FILES);
  const empty = walked.emptyFolders[0];
  if (empty !== undefined) throw new UsageError(`cannot read ${empty}: ${emptyFolderReason(READS_FILES)}`);
  const inputs = walked.inputs.flatMap((input) => (input === '-' ? [] : [input]));
  const entries: Entry[] = [];
  const files: ReadsFile[] = [];
  for (const [source, input] of inputs.entries()) {
    const scanned = await scanReads(input.path, input.name, source, entries).catch((error: NodeJS.ErrnoException) => {
      if (error instanceof UsageError) throw error;
      throw new UsageError(`cannot read ${input.name}: ${error.code === 'ENOENT' ? 'no such file' : error.code === 'EISDIR' ? 'is a folder' : error.message}`);
    });
    files.push(scanned);
  }
  checkShards(files);
  entries.sort(comparePlaces);
  const handles = await Promise.all(inputs.map(async (input) => open(input.path, 'r')));
  const pgn = await openOutput(io, flags.output);
  const review = flags.reviewList === undefined ? undefined : await openOutput(io, flags.reviewList);
  try {
    const counts = await writeMerged(entries, handles, pgn, review);
    for (const stream of [pgn, review]) {
      if (stream === undefined || stream === io.stdout) continue;
      stream.end();
      await once(stream, 'finish');
    }
    io.stderr.write(`${plural(counts.sheets, 'sheet')} read into ${plural(counts.games, 'game')} (${plural(files.length, 'file')} merged)` +
      `${counts.unreadableFiles > 0 ? ` (${plural(counts.unreadableFiles, 'file')} could not be read)` : ''}` +
      `${counts.unreadablePages > 0 ? ` (${plural(counts.unreadablePages, 'page')} could not be read)` : ''}; ${counts.plies} plies, ${counts.flagged} to review\n`);
    context.exitCode = counts.unreadableFiles > 0 ? EXIT_USAGE : counts.unreadablePages > 0 || counts.failed > 0 ? EXIT_INPUT_ERRORS : EXIT_OK;
  } catch (error) {
    // Half a PGN would pass for a whole one: leave none.
    for (const [stream, file] of [[pgn, flags.output], [review, flags.reviewList]] as const) {
      if (stream === undefined || file === undefined) continue;
      stream.destroy();
      await unlink(resolve(io.cwd, file)).catch(() => undefined);
    }
    throw error;
  } finally {
    await Promise.all(handles.map(async (handle) => handle.close()));
  }
}
