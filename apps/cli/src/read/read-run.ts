/**
 * What `zapis read` does once its flags are parsed (commands/read.ts loads this module only when a run reads): the
 * scans are found and, with --shard, cut to the shard's part; with --resume, the scans the output file already holds
 * are skipped; every page is read, the games decoded and written as PGN, NDJSON, or the records merge-reads joins.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { once } from 'node:events';
import { resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { DEFAULT_REVIEW_THRESHOLD } from '@zapis/decode';
import { parseTemplate, type SheetTemplate } from '@zapis/ocr';
import { READER_KINDS, crossChecks, readScanFiles } from '@zapis/ocr/node';
import { gamesOfPages, readFailureJson, type DecodeGroupOptions } from '@zapis/reading';
import { EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE, UsageError, type CliIo } from '../io.js';
import { textHint } from '../input-kind.js';
import { defaultReadJobs } from './read-jobs.js';
import { parseChoice, parseLanguage, parsePositive, parseReviewThreshold } from '../options.js';
import type { CommandContext } from '../program.js';
import { readProgressLine } from '../report/read-progress.js';
import { unwritableReason } from '../output.js';
import type { ReadFlags } from '../commands/read.js';
import { ReadOutput } from './read-output.js';
import { NO_SCANS_IN_FOLDER, scanFiles, type ScanFile } from './scan-files.js';
import { scanList } from './scan-list.js';
import { SHARD_UNITS, parseReadShard, shardOfKey, type ReadShard } from './shard.js';
import type { ReadSettings, ReadsHeader } from './read-records.js';
import { resumeFrom } from './resume.js';
import { ReadsWriter } from './reads-writer.js';

const REVIEW_WAYS = ['risk', 'every-doubt'] as const;

/** The options a run decodes its games with, from its flags. */
function decodeOptionsOf(flags: ReadFlags, readerKind: (typeof READER_KINDS)[number]): DecodeGroupOptions {
  const language = parseLanguage(flags.lang, true);
  const review = parseChoice('--review', flags.review ?? (crossChecks(readerKind) ? 'risk' : 'every-doubt'), REVIEW_WAYS);
  if (review === 'risk' && !crossChecks(readerKind)) throw new UsageError('--review risk needs --reader auto: the review model was fitted on its cross-checked readings');
  const reviewThreshold = flags.reviewThreshold === undefined ? undefined : parseReviewThreshold(flags.reviewThreshold);
  return {
    ...(language !== 'auto' ? { language } : {}), crossCheck: crossChecks(readerKind), review,
    deepSearch: flags.deep !== false,
    // Review by risk reads its evidence at the decoder's own threshold; a threshold given is a floor beside it.
    ...(review === 'risk' ? { reviewFloor: reviewThreshold } : { reviewThreshold: reviewThreshold ?? DEFAULT_REVIEW_THRESHOLD }),
  };
}

/** The template's text, parsed and checked whole before any scan is read. */
async function templateOf(flags: ReadFlags, io: CliIo): Promise<{ template: SheetTemplate; text: string } | undefined> {
  if (flags.template === undefined) return undefined;
  const text = await readFile(resolve(io.cwd, flags.template), 'utf8').catch(() => {
    throw new UsageError(`cannot read the template ${flags.template}`);
  });
  const template = parseTemplate(text, flags.template);
  if (!template.ok) throw new UsageError(`bad template:\n${template.error.message}`);
  return { template: template.value, text };
}

/** The crops' folder, made before reading, so a path it cannot be says so at once, not after every sheet was read. */
async function cropsFolderOf(flags: ReadFlags, io: CliIo): Promise<string | undefined> {
  if (flags.crops === undefined) return undefined;
  const folder = resolve(io.cwd, flags.crops);
  await mkdir(folder, { recursive: true }).catch((error: unknown) => {
    throw new UsageError(`--crops: cannot make the folder ${flags.crops}: ${unwritableReason(error)}`);
  });
  return folder;
}

const sha256Of = async (path: string): Promise<string | null> => {
  const hash = createHash('sha256');
  try {
    for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) hash.update(chunk);
  } catch {
    // A file that cannot be opened is said by the reader, in its place; it is read again by a resumed run.
    return null;
  }
  return hash.digest('hex');
};

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Where the output goes: standard output, or the -o file (appended to when resumed). */
async function outputStream(io: CliIo, output: string | undefined, append: boolean): Promise<Writable> {
  if (output === undefined) return io.stdout;
  const stream = createWriteStream(resolve(io.cwd, output), { flags: append ? 'a' : 'w' });
  await once(stream, 'open').catch((error: unknown) => {
    throw new UsageError(`cannot write ${output}: ${unwritableReason(error)}`);
  });
  return stream;
}

/** What a --shard or --resume run writes beside the games: the header and the sink for the records. */
interface RecordsRun {
  readonly files: readonly ScanFile[];
  readonly out: Writable;
  readonly writer: ReadsWriter;
  readonly shard: ReadShard | null;
  readonly skipped: number;
}

/** The scans of this shard not yet read into the -o file, the file opened (resumed or new) and its writer. */
async function recordsRun(files: readonly ScanFile[], flags: ReadFlags, settings: ReadSettings, io: CliIo): Promise<RecordsRun> {
  const shard = shardOf(flags);
  const mine = shard === null ? files : files.filter((file) => shardOfKey(file.key, shard.count, shard.by) === shard.index);
  // One at a time: a shard of thousands of scans must not open them all at once.
  const hashed: { file: ScanFile; sha256: string | null }[] = [];
  for (const file of mine) hashed.push({ file, sha256: await sha256Of(file.path) });
  const header: ReadsHeader = { zapisReads: { shard, settings } };
  const wanted = new Set(hashed.flatMap((scan) => scan.sha256 ?? []));
  const state = flags.resume === true && flags.output !== undefined ? await resumeFrom(resolve(io.cwd, flags.output), flags.output, header, wanted) : undefined;
  const toRead = state === undefined ? hashed : hashed.filter((scan) => scan.sha256 === null || !state.done.has(scan.sha256));
  const skipped = hashed.length - toRead.length;
  if (state !== undefined) {
    const notes = [
      state.cutShort ? 'its last line was cut short' : '',
      state.dropped > 0 ? `${plural(state.dropped, 'record')} of scans not read to the end dropped` : '',
      state.strays > 0 ? `${plural(state.strays, 'record')} of scans not among these dropped` : '',
    ].filter(Boolean);
    io.stderr.write(`zapis: resuming ${flags.output}: ${plural(skipped, 'scan')} already read, skipped; ${toRead.length} to read${notes.length > 0 ? ` (${notes.join('; ')})` : ''}\n`);
  }
  const out = await outputStream(io, flags.output, state !== undefined);
  if (state === undefined) out.write(`${JSON.stringify(header)}\n`);
  const writer = new ReadsWriter(out, toRead.map((scan) => ({ name: scan.file.name, sha256: scan.sha256 })));
  return { files: toRead.map((scan) => scan.file), out, writer, shard, skipped };
}

function shardOf(flags: ReadFlags): ReadShard | null {
  if (flags.shard === undefined) {
    if (flags.shardBy !== undefined) throw new UsageError('--shard-by goes with --shard i/n');
    return null;
  }
  return parseReadShard(flags.shard, parseChoice('--shard-by', flags.shardBy ?? 'file', SHARD_UNITS));
}

/** The scans named on the command line and in --from's list, folders walked; the folders' warnings said. */
async function scansToRead(paths: readonly string[], flags: ReadFlags, io: CliIo): Promise<{ files: ScanFile[]; emptyFolders: string[] }> {
  const listed = flags.from === undefined ? [] : await scanList(flags.from, io.cwd, io.stdin);
  const all = [...paths, ...listed];
  if (all.length === 0) throw new UsageError(flags.from === undefined ? 'no scans given: name scan files or folders, or a list of them with --from' : `--from: ${flags.from} lists no scans`);
  const { files, emptyFolders, skipped } = await scanFiles(all, io.cwd);
  for (const { folder, names } of skipped) {
    const shown = names.slice(0, 3).join(', ') + (names.length > 3 ? `, and ${names.length - 3} more` : '');
    const them = names.length === 1 ? 'it' : 'them';
    io.stderr.write(`zapis: ${folder}: warning: ${plural(names.length, 'image')} not in PNG, JPEG or PDF left unread (${shown}); convert ${them} to read ${them}\n`);
  }
  if (files.length === 0) throw new UsageError(`no scans to read (PNG, JPEG or PDF)${emptyFolders.length > 0 ? `: ${emptyFolders.join(', ')} ${emptyFolders.length === 1 ? 'is a folder' : 'are folders'} with none in it` : ''}`);
  return { files, emptyFolders };
}

/** The flags that make a run write merge-reads' records, checked against the rest. */
function recordsWanted(flags: ReadFlags): boolean {
  const records = flags.shard !== undefined || flags.resume === true;
  if (flags.resume === true && flags.output === undefined) throw new UsageError('--resume needs -o FILE: the NDJSON file an earlier run wrote, or is to write');
  if (records && flags.format !== undefined && flags.format !== 'json') throw new UsageError(`${flags.shard !== undefined ? '--shard' : '--resume'} writes NDJSON for zapis merge-reads: leave out --format ${flags.format}`);
  if (records && flags.pair === true) throw new UsageError(`--pair takes sheets two by two in the order given, which ${flags.shard !== undefined ? 'a shard' : 'a resumed run'} does not keep: read paired sheets in one run without ${flags.shard !== undefined ? '--shard' : '--resume'}`);
  return records;
}

export async function runRead(paths: string[], flags: ReadFlags, context: CommandContext): Promise<void> {
  const { io } = context;
  const records = recordsWanted(flags);
  const format = records ? 'json' : parseChoice('--format', flags.format ?? 'pgn', ['pgn', 'json'] as const);
  const jobs = flags.jobs === undefined ? defaultReadJobs() : parsePositive('--jobs', flags.jobs);
  const readerKind = parseChoice('--reader', flags.reader, READER_KINDS);
  const decodeOptions = decodeOptionsOf(flags, readerKind);
  shardOf(flags);
  const template = await templateOf(flags, io);
  const found = await scansToRead(paths, flags, io);
  const cropsFolder = await cropsFolderOf(flags, io);
  const settings: ReadSettings = {
    reader: readerKind, review: decodeOptions.review ?? 'every-doubt', lang: flags.lang, deep: flags.deep !== false,
    reviewThreshold: flags.reviewThreshold === undefined ? null : parseReviewThreshold(flags.reviewThreshold),
    template: template === undefined ? null : createHash('sha256').update(template.text).digest('hex'),
  };
  const run = records ? await recordsRun(found.files, flags, settings, io) : undefined;
  const out = run?.out ?? await outputStream(io, flags.output, false);
  const files = run?.files ?? found.files;
  const { emptyFolders } = found;
  for (const folder of emptyFolders) io.stderr.write(`zapis: cannot read ${folder}: ${NO_SCANS_IN_FOLDER}\n`);
  const started = performance.now();
  const pathOfName = new Map(files.map((file) => [file.name, file.path]));
  const describe = (failure: { file: string; message: string }): string => {
    const path = pathOfName.get(failure.file);
    return path === undefined ? '' : textHint(path);
  };
  const outIo: CliIo = { ...io, stdout: out };
  const output = new ReadOutput({
    io: outIo, format, language: decodeOptions.language ?? 'auto', files: files.length, describe,
    ...(cropsFolder !== undefined ? { cropsFolder } : {}), ...(run ? { records: run.writer } : {}),
  });
  // Reading takes seconds a page: on a terminal a line says how far it is, and goes before anything else is said.
  const progress = io.isTty && flags.quiet !== true ? io.stderr : undefined;
  const clearProgress = (): void => void progress?.write('\r\x1b[K');
  const filesBegun = new Set<string>();
  // Nothing to read (a shard with no scans, a run resumed to its end) loads no reader.
  const pages = files.length === 0 ? (async function* () {})() : readScanFiles(files, { jobs, readerKind, ...(template !== undefined ? { template: template.template } : {}) });
  for await (const event of gamesOfPages(pages, { files: files.map((file) => file.name), pair: flags.pair === true, decode: decodeOptions })) {
    await output.write(event, clearProgress);
    if (event.kind === 'page') filesBegun.add(event.outcome.file);
    if (event.kind !== 'idle') continue;
    progress?.write(`\r${readProgressLine({ pages: output.summary.pages, filesBegun: filesBegun.size, files: files.length, seconds: (performance.now() - started) / 1000 })}\x1b[K`);
  }
  clearProgress();
  const seconds = (performance.now() - started) / 1000;
  if (run) await run.writer.finish({ ...output.summary, shard: run.shard, skipped: run.skipped, seconds: Number(seconds.toFixed(3)) });
  else writeSummary(output, format, emptyFolders, outIo, seconds);
  if (run) io.stderr.write(`${summaryLine(output, emptyFolders)}${run.skipped > 0 ? ` (${run.skipped} already read)` : ''}\n`);
  if (out !== io.stdout) {
    out.end();
    await once(out, 'finish');
  }
  const { summary } = output;
  context.exitCode = summary.unreadableFiles > 0 || emptyFolders.length > 0 ? EXIT_USAGE
    : summary.unreadablePages > 0 || summary.failed > 0 || output.cropsUnwritten > 0 ? EXIT_INPUT_ERRORS : EXIT_OK;
}

/** PGN's one line on standard error: what was read, and what could not be. */
function summaryLine(output: ReadOutput, emptyFolders: readonly string[]): string {
  const { summary } = output;
  const unread = summary.unreadablePages;
  const unopened = summary.unreadableFiles;
  return `${plural(summary.sheets, 'sheet')} read into ${plural(summary.games, 'game')}` +
    `${unopened > 0 ? ` (${plural(unopened, 'file')} could not be read)` : ''}` +
    `${unread > 0 ? ` (${plural(unread, 'page')} could not be read)` : ''}` +
    `${emptyFolders.length > 0 ? ` (${plural(emptyFolders.length, 'folder')} with no scans)` : ''}; ` +
    `${summary.plies} plies, ${summary.flagged} to review`;
}

/** The run's last words: NDJSON's empty folders and summary object, or PGN's one line on standard error. */
function writeSummary(output: ReadOutput, format: 'pgn' | 'json', emptyFolders: readonly string[], io: CliIo, seconds: number): void {
  if (format === 'json') {
    for (const folder of emptyFolders) io.stdout.write(`${JSON.stringify(readFailureJson({ ok: false, file: folder, code: 'unreadable', message: NO_SCANS_IN_FOLDER }))}\n`);
    io.stdout.write(`${JSON.stringify({ summary: { ...output.summary, seconds: Number(seconds.toFixed(3)) } })}\n`);
    return;
  }
  io.stderr.write(`${summaryLine(output, emptyFolders)}\n`);
}
