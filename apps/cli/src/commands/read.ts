/**
 * `zapis read`: scans and photos of filled-in scoresheets (PNG, JPEG, PDF) to
 * checked games. The sheet is found by its markers and QR (zapis sheets) or a
 * --template's ruling lines, every cell is read, both players' sheets are
 * decoded jointly, and the doubtful moves are listed with their cells.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { DEFAULT_REVIEW_THRESHOLD } from '@zapis/decode';
import { parseTemplate, type SheetTemplate } from '@zapis/ocr';
import { DEFAULT_READER_KIND, READER_KINDS, crossChecks, readScanFiles } from '@zapis/ocr/node';
import { gamesOfPages, readFailureJson, type DecodeGroupOptions } from '@zapis/reading';
import { EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE, UsageError, type CliIo } from '../io.js';
import { withHelpFooter } from '../help/command-help.js';
import { textHint } from '../input-kind.js';
import { READ_JOBS_RULE, defaultReadJobs } from '../read/read-jobs.js';
import { parseChoice, parseLanguage, parsePositive, parseReviewThreshold } from '../options.js';
import type { CommandContext } from '../program.js';
import { readProgressLine } from '../report/read-progress.js';
import { unwritableReason } from '../output.js';
import { ReadOutput } from '../read/read-output.js';
import { NO_SCANS_IN_FOLDER, scanFiles } from '../read/scan-files.js';

interface ReadFlags {
  lang: string;
  format: string;
  pair?: boolean;
  template?: string;
  crops?: string;
  jobs?: string;
  reviewThreshold?: string;
  reader: string;
  review?: string;
  deep?: boolean;
  quiet?: boolean;
}

const REVIEW_WAYS = ['risk', 'every-doubt'] as const;

export function registerRead(program: Command, context: CommandContext): void {
  const command = program
    .command('read')
    .description('read scans of filled-in scoresheets (PNG, JPEG, PDF) into checked games')
    .argument('<files...>', 'scans: PNG, JPEG or PDF files (one sheet per page), or folders of them (their folders too)')
    .option('--format <format>', 'pgn (review comments on doubtful moves) or json (NDJSON: one object per game with each move\u2019s cell, then a summary)', 'pgn')
    .option('--lang <code>', 'language the moves are written in: auto or a code (zapis help languages)', 'auto')
    .option('--pair', 'sheets without a QR code come two by two: White\u2019s and Black\u2019s sheets of one game (zapis sheets are paired by their QR)')
    .option('--template <file>', 'description of a sheet zapis did not print (its move grid), for pages without zapis markers')
    .option('--crops <dir>', 'write the image of every cell sent to review into this folder')
    .option('-j, --jobs <n>', `threads reading files in parallel (default: ${READ_JOBS_RULE})`)
    .option('--reader <name>', `what reads the cells: ${READER_KINDS.slice(0, -1).join(', ')} or ${READER_KINDS.at(-1)} (zapis help readers)`, DEFAULT_READER_KIND)
    .option('--review <how>', 'how the review list is made: risk (the default with --reader auto) or every-doubt (zapis help review)')
    .option('--deep', 'search a badly read sheet again with a beam 16 times as large and keep the likelier game (the default)')
    .option('--no-deep', 'search every sheet once, with the narrow beam: faster on badly read sheets, more moves wrong there')
    .option('-q, --quiet', 'no progress line on a terminal')
    .option('--review-threshold <p>', `moves below this confidence are flagged for review (default ${DEFAULT_REVIEW_THRESHOLD}; with --review risk, 0.9)`)
    .action(async (paths: string[], flags: ReadFlags) => runRead(paths, flags, context));
  withHelpFooter(command, {
    ok: 'every sheet read into a game without errors (moves to review allowed)',
    inputErrors: 'a page holds no sheet that could be read, or a game has errors',
    usage: 'bad usage, a file missing or not PNG, JPEG or PDF, or a folder with none',
  }, [
    { command: 'zapis read fixtures/scans/jpeg150.jpg', what: 'one sheet, as PGN with the moves to review' },
    { command: 'zapis read round3/ --format json > round3.ndjson', what: 'every scan in a folder, as NDJSON' },
  ]);
}

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

/** The template, parsed and checked whole before any scan is read. */
async function templateOf(flags: ReadFlags, io: CliIo): Promise<SheetTemplate | undefined> {
  if (flags.template === undefined) return undefined;
  const text = await readFile(resolve(io.cwd, flags.template), 'utf8').catch(() => {
    throw new UsageError(`cannot read the template ${flags.template}`);
  });
  const template = parseTemplate(text, flags.template);
  if (!template.ok) throw new UsageError(`bad template:\n${template.error.message}`);
  return template.value;
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

async function runRead(paths: string[], flags: ReadFlags, context: CommandContext): Promise<void> {
  const { io } = context;
  const format = parseChoice('--format', flags.format, ['pgn', 'json'] as const);
  const jobs = flags.jobs === undefined ? defaultReadJobs() : parsePositive('--jobs', flags.jobs);
  const readerKind = parseChoice('--reader', flags.reader, READER_KINDS);
  const decodeOptions = decodeOptionsOf(flags, readerKind);
  const template = await templateOf(flags, io);
  const { files, emptyFolders, skipped } = await scanFiles(paths, io.cwd);
  for (const { folder, names } of skipped) {
    const shown = names.slice(0, 3).join(', ') + (names.length > 3 ? `, and ${names.length - 3} more` : '');
    io.stderr.write(`zapis: ${folder}: warning: ${names.length} image${names.length === 1 ? '' : 's'} not in PNG, JPEG or PDF left unread (${shown}); convert ${names.length === 1 ? 'it' : 'them'} to read ${names.length === 1 ? 'it' : 'them'}\n`);
  }
  if (files.length === 0) throw new UsageError(`no scans to read (PNG, JPEG or PDF)${emptyFolders.length > 0 ? `: ${emptyFolders.join(', ')} ${emptyFolders.length === 1 ? 'is a folder' : 'are folders'} with none in it` : ''}`);
  const cropsFolder = await cropsFolderOf(flags, io);
  for (const folder of emptyFolders) io.stderr.write(`zapis: cannot read ${folder}: ${NO_SCANS_IN_FOLDER}\n`);
  const started = performance.now();
  const pathOfName = new Map(files.map((file) => [file.name, file.path]));
  const describe = (failure: { file: string; message: string }): string => {
    const path = pathOfName.get(failure.file);
    return path === undefined ? '' : textHint(path);
  };
  const output = new ReadOutput({ io, format, language: decodeOptions.language ?? 'auto', files: files.length, describe, ...(cropsFolder !== undefined ? { cropsFolder } : {}) });
  // Reading takes seconds a page: on a terminal a line says how far it is, and goes before anything else is said.
  const progress = io.isTty && flags.quiet !== true ? io.stderr : undefined;
  const clearProgress = (): void => void progress?.write('\r\x1b[K');
  const filesBegun = new Set<string>();
  const pages = readScanFiles(files, { jobs, readerKind, ...(template !== undefined ? { template } : {}) });
  for await (const event of gamesOfPages(pages, { files: files.map((file) => file.name), pair: flags.pair === true, decode: decodeOptions })) {
    await output.write(event, clearProgress);
    if (event.kind === 'page') filesBegun.add(event.outcome.file);
    if (event.kind !== 'idle') continue;
    progress?.write(`\r${readProgressLine({ pages: output.summary.pages, filesBegun: filesBegun.size, files: files.length, seconds: (performance.now() - started) / 1000 })}\x1b[K`);
  }
  clearProgress();
  writeSummary(output, format, emptyFolders, io, (performance.now() - started) / 1000);
  const { summary } = output;
  context.exitCode = summary.unreadableFiles > 0 || emptyFolders.length > 0 ? EXIT_USAGE
    : summary.unreadablePages > 0 || summary.failed > 0 || output.cropsUnwritten > 0 ? EXIT_INPUT_ERRORS : EXIT_OK;
}

/** The run's last words: NDJSON's empty folders and summary object, or PGN's one line on standard error. */
function writeSummary(output: ReadOutput, format: 'pgn' | 'json', emptyFolders: readonly string[], io: CliIo, seconds: number): void {
  const { summary } = output;
  const unread = summary.unreadablePages;
  const unopened = summary.unreadableFiles;
  if (format === 'json') {
    for (const folder of emptyFolders) io.stdout.write(`${JSON.stringify(readFailureJson({ ok: false, file: folder, code: 'unreadable', message: NO_SCANS_IN_FOLDER }))}\n`);
    io.stdout.write(`${JSON.stringify({ summary: { ...summary, seconds: Number(seconds.toFixed(3)) } })}\n`);
    return;
  }
  io.stderr.write(`${summary.sheets} sheet${summary.sheets === 1 ? '' : 's'} read into ${summary.games} game${summary.games === 1 ? '' : 's'}` +
    `${unopened > 0 ? ` (${unopened} file${unopened === 1 ? '' : 's'} could not be read)` : ''}` +
    `${unread > 0 ? ` (${unread} page${unread === 1 ? '' : 's'} could not be read)` : ''}` +
    `${emptyFolders.length > 0 ? ` (${emptyFolders.length} folder${emptyFolders.length === 1 ? '' : 's'} with no scans)` : ''}; ` +
    `${summary.plies} plies, ${summary.flagged} to review\n`);
}
