/**
 * `zapis read`: scans and photos of filled-in scoresheets (PNG, JPEG, PDF) to
 * checked games. The sheet is found by its markers and QR (zapis sheets) or a
 * --template's ruling lines, every cell is read, both players' sheets are
 * decoded jointly, and the doubtful moves are listed with their cells.
 */
import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { basename, extname, join, relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { DEFAULT_REVIEW_THRESHOLD } from '@zapis/decode';
import {
  decodeGroup, GameGrouper, grayPng, parseTemplate, readFailureJson, readGameJson, readGamePgn,
  type GameGroup, type PageOutcome, type ReadGame,
} from '@zapis/ocr';
import { DEFAULT_READER_KIND, READER_KINDS, crossChecks, readScanFiles, type ScanFileInput } from '@zapis/ocr/node';
import { EXIT_INPUT_ERRORS, EXIT_OK, UsageError } from '../io.js';
import { parseChoice, parseLanguage, parsePositive, parseReviewThreshold } from '../options.js';
import type { CommandContext } from '../program.js';
import { readProgressLine } from '../report/read-progress.js';
import { unwritableReason } from '../output.js';

interface ReadFlags {
  lang: string;
  format: string;
  pair?: boolean;
  template?: string;
  crops?: string;
  jobs: string;
  reviewThreshold?: string;
  reader: string;
  review?: string;
  deep?: boolean;
  quiet?: boolean;
}

const SCAN_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.pdf']);
/** Images a phone or scanner may make that are not read: named when a folder holds them, never skipped unsaid. */
const UNREAD_IMAGE_EXTENSIONS = new Set(['.heic', '.heif', '.tif', '.tiff', '.webp', '.bmp', '.gif', '.avif', '.jp2', '.dng']);
const REVIEW_WAYS = ['risk', 'every-doubt'] as const;

/**
 * Files as given; a folder stands for the scans in it and in its folders (a round's `white/` and `black/`), in path
 * order. A folder with none is named, never dropped; images in it of other kinds (a phone's HEIC, a scanner's TIFF)
 * are named too. Other files (notes, the truth of a fixture) are not scans and are passed over.
 */
async function scanFiles(paths: readonly string[], cwd: string): Promise<{ files: ScanFileInput[]; emptyFolders: string[]; skipped: { folder: string; names: string[] }[] }> {
  const files: ScanFileInput[] = [];
  const emptyFolders: string[] = [];
  const skipped: { folder: string; names: string[] }[] = [];
  for (const path of paths) {
    if (path === '-') throw new UsageError('read takes scan files or folders, not standard input');
    const full = resolve(cwd, path);
    const info = await stat(full).catch(() => undefined);
    if (info?.isDirectory()) {
      const { scans, others } = await folderScans(full);
      if (scans.length === 0) emptyFolders.push(path);
      if (others.length > 0) skipped.push({ folder: path, names: others.map((file) => relative(full, file)) });
      for (const file of scans) files.push({ name: relative(cwd, file) || file, path: file });
      continue;
    }
    files.push({ name: path, path: full });
  }
  return { files, emptyFolders, skipped };
}

/** Every scan under `folder`, and every image of another kind, each in path order (hidden files aside). */
async function folderScans(folder: string): Promise<{ scans: string[]; others: string[] }> {
  const scans: string[] = [];
  const others: string[] = [];
  const entries = (await readdir(folder, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      const inner = await folderScans(path);
      scans.push(...inner.scans);
      others.push(...inner.others);
    } else if (SCAN_EXTENSIONS.has(extname(entry.name).toLowerCase())) scans.push(path);
    else if (UNREAD_IMAGE_EXTENSIONS.has(extname(entry.name).toLowerCase())) others.push(path);
  }
  return { scans, others };
}

const NO_SCANS_IN_FOLDER = 'a folder with no scans in it (PNG, JPEG or PDF)';

const pageLabel = (outcome: { file: string; page?: number }): string => `${outcome.file}${outcome.page !== undefined ? ` (page ${outcome.page})` : ''}`;

export function registerRead(program: Command, context: CommandContext): void {
  program
    .command('read')
    .description('read scans or photos of filled-in scoresheets (PNG, JPEG, PDF) into checked games, with the doubtful moves listed')
    .argument('<files...>', 'scans: PNG, JPEG or PDF files (one sheet per page), or folders of them (their folders too)')
    .option('--format <format>', 'pgn (review comments on doubtful moves) or json (NDJSON: one object per game with each move\u2019s cell, then a summary)', 'pgn')
    .option('--lang <code>', 'language the moves are written in: auto or a code (zapis help languages)', 'auto')
    .option('--pair', 'sheets without a QR code come two by two: White\u2019s and Black\u2019s sheets of one game (zapis sheets are paired by their QR)')
    .option('--template <file>', 'description of a sheet zapis did not print (its move grid), for pages without zapis markers')
    .option('--crops <dir>', 'write the image of every cell sent to review into this folder')
    .option('-j, --jobs <n>', 'worker threads reading files in parallel', '1')
    .option('--reader <name>', 'what reads the cells: auto (both networks read every cell; the game is decoded by their ensemble and by PP-OCR alone, the decoding with fewer moves in doubt is kept, and where the other decodes otherwise weighs for review), ctc (PP-OCR\u2019s handwriting-capable recogniser), ensemble (PP-OCR and zapis\u2019s notation network, which reads each cell as written and 1.5\u00d7 wider, their scores summed), notation (the notation network alone) \u2014 each scores every legal move \u2014 or tesseract (printed text)', DEFAULT_READER_KIND)
    .option('--review <how>', 'how the review list is made: risk (the default with --reader auto: every correction by the ensemble, every one by one of its readers alone where the other decoding decodes another move (unless the other player\u2019s sheet reads the move plainly, or the only reader objecting is PP-OCR, the other decoding\u2019s own reader), every move below 0.9 confidence, and the moves a fitted model finds likely to be wrong from their confidence, the other reader and how much of the sheet is in doubt) or every-doubt (every move the decoder or the other reader has a reason to doubt; the only way with the other readers)')
    .option('--deep', 'search a badly read sheet again with a beam 16 times as large and keep the likelier game, listing every move the two searches decode differently (the default)')
    .option('--no-deep', 'search every sheet once, with the narrow beam: faster on badly read sheets (seconds each), more moves wrong there')
    .option('-q, --quiet', 'no progress line on a terminal')
    .option('--review-threshold <p>', `moves below this confidence are flagged for review (default ${DEFAULT_REVIEW_THRESHOLD}; with --review risk, 0.9)`)
    .action(async (paths: string[], flags: ReadFlags) => {
      const language = parseLanguage(flags.lang, true);
      const format = parseChoice('--format', flags.format, ['pgn', 'json'] as const);
      const jobs = parsePositive('--jobs', flags.jobs);
      const readerKind = parseChoice('--reader', flags.reader, READER_KINDS);
      const review = parseChoice('--review', flags.review ?? (crossChecks(readerKind) ? 'risk' : 'every-doubt'), REVIEW_WAYS);
      if (review === 'risk' && !crossChecks(readerKind)) throw new UsageError('--review risk needs --reader auto: the review model was fitted on its cross-checked readings');
      const reviewThreshold = flags.reviewThreshold === undefined ? undefined : parseReviewThreshold(flags.reviewThreshold);
      const { io } = context;
      let templateText: string | undefined;
      if (flags.template !== undefined) {
        templateText = await readFile(resolve(io.cwd, flags.template), 'utf8').catch(() => {
          throw new UsageError(`cannot read the template ${flags.template}`);
        });
        const template = parseTemplate(templateText, flags.template);
        if (!template.ok) throw new UsageError(`bad template:\n${template.error.message}`);
      }
      const { files, emptyFolders, skipped } = await scanFiles(paths, io.cwd);
      for (const { folder, names } of skipped) {
        const shown = names.slice(0, 3).join(', ') + (names.length > 3 ? `, and ${names.length - 3} more` : '');
        io.stderr.write(`zapis: ${folder}: warning: ${names.length} image${names.length === 1 ? '' : 's'} not in PNG, JPEG or PDF left unread (${shown}); convert ${names.length === 1 ? 'it' : 'them'} to read ${names.length === 1 ? 'it' : 'them'}\n`);
      }
      if (files.length === 0) throw new UsageError('no scans to read (PNG, JPEG or PDF)');
      // The crops' folder is made before reading, so a path it cannot be says so at once, not after every sheet was read.
      const cropsFolder = flags.crops === undefined ? undefined : resolve(io.cwd, flags.crops);
      if (cropsFolder !== undefined) {
        await mkdir(cropsFolder, { recursive: true }).catch((error: unknown) => {
          throw new UsageError(`--crops: cannot make the folder ${flags.crops}: ${unwritableReason(error)}`);
        });
      }
      for (const folder of emptyFolders) io.stderr.write(`zapis: ${folder}: ${NO_SCANS_IN_FOLDER}\n`);
      const started = performance.now();
      const decodeOptions = {
        ...(language !== 'auto' ? { language } : {}), crossCheck: crossChecks(readerKind), review,
        deepSearch: flags.deep !== false,
        // Review by risk reads its evidence at the decoder's own threshold; a threshold given is a floor beside it.
        ...(review === 'risk' ? { reviewFloor: reviewThreshold } : { reviewThreshold: reviewThreshold ?? DEFAULT_REVIEW_THRESHOLD }),
      } as const;
      const summary = { files: files.length, pages: 0, sheets: 0, unreadablePages: 0, games: 0, ok: 0, failed: 0, plies: 0, flagged: 0 };
      // Reading takes seconds a page: on a terminal a line says how far it is, and goes before anything else is said.
      const progress = io.isTty && flags.quiet !== true ? io.stderr : undefined;
      const clearProgress = (): void => void progress?.write('\r\x1b[K');
      const filesBegun = new Set<string>();
      // Games and unreadable pages go out in input order: by the file and page each starts on.
      const fileOrder = new Map(files.map((file, order) => [file.name, order]));
      const at = (where: { file: string; page?: number }): number => (fileOrder.get(where.file) ?? files.length) * 1e6 + (where.page ?? 0);
      const firstPage = (group: GameGroup): number => Math.min(...group.players.flatMap((player) => player.pages.map(at)));
      let cropsUnwritten = 0;
      const writeGame = async (group: GameGroup): Promise<void> => {
        const game = decodeGroup(group, decodeOptions);
        summary.games += 1;
        const json = readGameJson(game, summary.games, language);
        if (json.status === 'ok') summary.ok += 1;
        else summary.failed += 1;
        summary.plies += json.plies;
        summary.flagged += json.review.length;
        if (format === 'json') io.stdout.write(`${JSON.stringify(json)}\n`);
        else {
          io.stdout.write(`${readGamePgn(game)}\n`);
          // PGN has no place for what reading found about the sheets themselves: errors and sheet warnings go to stderr.
          for (const diagnostic of json.diagnostics.filter((item) => item.severity === 'error' || item.code.startsWith('read-'))) {
            io.stderr.write(`zapis: ${pageLabel(diagnostic)}: ${diagnostic.severity === 'warning' ? 'warning: ' : ''}${diagnostic.message}\n`);
          }
        }
        if (cropsFolder !== undefined) {
          await writeCrops(game, cropsFolder).catch((error: Error) => {
            cropsUnwritten += 1;
            io.stderr.write(`zapis: --crops: the crops of ${json.file} could not be written: ${unwritableReason(error)}\n`);
          });
        }
      };
      // A game is written as soon as no later page can change it (GameGrouper.settled), decoded then and let go: a
      // round's first games come out while the rest is read, a stopped run keeps what it wrote, and memory holds the
      // pages still waiting, not every decoded game (a decoded game keeps tens of MB of its search's memos).
      const grouper = new GameGrouper({ pair: flags.pair === true });
      const failures: Extract<PageOutcome, { ok: false }>[] = [];
      const unwrittenFailures: Extract<PageOutcome, { ok: false }>[] = [];
      const writeFailuresBefore = (limit: number): void => {
        while (unwrittenFailures.length > 0 && at(unwrittenFailures[0]) < limit) {
          const failure = unwrittenFailures.shift();
          if (failure && format === 'json') io.stdout.write(`${JSON.stringify(readFailureJson(failure))}\n`);
        }
      };
      const writeSettled = async (groups: readonly GameGroup[]): Promise<void> => {
        if (groups.length > 0) clearProgress();
        for (const group of groups) {
          writeFailuresBefore(firstPage(group));
          await writeGame(group);
        }
        const waiting = grouper.waitingFrom;
        writeFailuresBefore(waiting ? at(waiting) : Infinity);
      };
      for await (const outcome of readScanFiles(files, { jobs, readerKind, ...(templateText !== undefined ? { templateText } : {}) })) {
        filesBegun.add(outcome.file);
        summary.pages += 1;
        if (outcome.ok) {
          summary.sheets += 1;
          grouper.add({ file: outcome.file, page: outcome.page, read: outcome.read });
        } else {
          failures.push(outcome);
          unwrittenFailures.push(outcome);
          clearProgress();
          io.stderr.write(`zapis: ${pageLabel(outcome)}: ${outcome.message}\n`);
        }
        await writeSettled(grouper.settled());
        progress?.write(`\r${readProgressLine({ pages: summary.pages, filesBegun: filesBegun.size, files: files.length, seconds: (performance.now() - started) / 1000 })}\x1b[K`);
      }
      clearProgress();
      await writeSettled(grouper.finish());
      summary.unreadablePages = failures.length;
      if (format === 'json') {
        for (const folder of emptyFolders) io.stdout.write(`${JSON.stringify(readFailureJson({ ok: false, file: folder, code: 'unreadable', message: NO_SCANS_IN_FOLDER }))}\n`);
        io.stdout.write(`${JSON.stringify({ summary: { ...summary, seconds: Number(((performance.now() - started) / 1000).toFixed(3)) } })}\n`);
      } else {
        io.stderr.write(`${summary.sheets} sheet${summary.sheets === 1 ? '' : 's'} read into ${summary.games} game${summary.games === 1 ? '' : 's'}` +
          `${failures.length > 0 ? ` (${failures.length} page${failures.length === 1 ? '' : 's'} could not be read)` : ''}` +
          `${emptyFolders.length > 0 ? ` (${emptyFolders.length} folder${emptyFolders.length === 1 ? '' : 's'} with no scans)` : ''}; ` +
          `${summary.plies} plies, ${summary.flagged} to review\n`);
      }
      context.exitCode = failures.length > 0 || emptyFolders.length > 0 || summary.failed > 0 || cropsUnwritten > 0 ? EXIT_INPUT_ERRORS : EXIT_OK;
    });
}

/** Every flagged move's cell (each player's) as a PNG named after the scan, page and ply, into `folder` (made before reading). */
async function writeCrops(game: ReadGame, folder: string): Promise<void> {
  if (!game.decoded.ok) return;
  for (const move of game.decoded.value.moves) {
    if (!move.review) continue;
    for (const cell of game.cells(move.ply)) {
      if (!cell) continue;
      const base = basename(cell.where.file, extname(cell.where.file));
      const name = `${base}-p${cell.where.page}-ply${String(move.ply).padStart(3, '0')}-${cell.cell.place.side}.png`;
      // This command reads the pages itself, so each cell has its crop; a page kept without (the desk's) would say so.
      if (!cell.cell.image) throw new Error(`${name}: the cell was read without its crop`);
      await writeFile(join(folder, name), grayPng(cell.cell.image.cell));
    }
  }
}

