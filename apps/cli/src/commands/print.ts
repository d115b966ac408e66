/**
 * `zapis print`: scoresheets as PDF — blank, with the header pre-filled, or a
 * whole round from a pairings file (White's and Black's copy per board).
 * Thin: parse flags, build layouts with @zapis/sheet, render with @zapis/pdf.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
// pdf-lib and fontkit take a third of a second to load: only `print` loads them, when it runs.
import type * as PdfModule from '@zapis/pdf';
import type { SheetPage } from '@zapis/pdf';

type Pdf = typeof PdfModule;
import {
  PAPER_NAMES, SHEET_LANGUAGES, SHEET_STYLES, buildSheetLayout, isPaperName, isSheetLanguage, isSheetStyle, serialiseLayout,
  serialiseLayouts, normaliseResult, pairPlies, type HeaderValues, type PlayerInfo, type SheetLanguage,
  type SheetOptions, firstPlyOfFen, formatPgnDate, formatTimeControl, labelsFor,
} from '@zapis/sheet';
import { type Result } from '@zapis/core';
import { analyseGame, writeMainline } from '@zapis/game';
import { POLISH_STYLE, STANDARD_SAN_STYLE, parsePgn, type MoveStyle } from '@zapis/notation';
import { EXIT_INPUT_ERRORS, UsageError } from '../io.js';
import { unwritableReason } from '../output.js';
import { bytesToText, unreadableReason } from '../input.js';
import type { CommandContext } from '../program.js';
import { helpFooter } from '../help/command-help.js';

interface PrintFlags {
  readonly lang: string;
  readonly style: string;
  readonly paper: string;
  readonly moves: string;
  readonly blocks: string;
  readonly clock?: boolean;
  readonly event?: string;
  readonly site?: string;
  readonly date?: string;
  readonly round?: string;
  readonly board?: string;
  readonly white?: string;
  readonly black?: string;
  readonly timeControl?: string;
  readonly copy?: string;
  readonly pairings?: string;
  readonly layoutJson?: string;
  readonly game?: string;
  readonly output?: string;
}

function sheetOptions(flags: PrintFlags): Omit<SheetOptions, 'header'> {
  if (!isSheetLanguage(flags.lang)) throw new UsageError(`unknown language "${flags.lang}" for --lang (choose ${SHEET_LANGUAGES.join(', ')})`);
  if (!isSheetStyle(flags.style)) throw new UsageError(`unknown style "${flags.style}" for --style (choose ${SHEET_STYLES.join(', ')})`);
  const paper = flags.paper.toLowerCase();
  if (!isPaperName(paper)) throw new UsageError(`unknown paper "${flags.paper}" for --paper (choose ${PAPER_NAMES.join(', ')})`);
  if (!/^\d+$/.test(flags.moves)) throw new UsageError(`--moves takes a whole number, not "${flags.moves}"`);
  if (flags.blocks !== '2' && flags.blocks !== '3') throw new UsageError(`--blocks takes 2 or 3, not "${flags.blocks}"`);
  return {
    language: flags.lang,
    style: flags.style,
    paper,
    movesPerSheet: Number(flags.moves),
    blocks: flags.blocks === '3' ? 3 : 2,
    clockCells: flags.clock ?? false,
  };
}

function sharedHeader(flags: PrintFlags): HeaderValues {
  return {
    event: flags.event,
    site: flags.site,
    // A PGN-style date typed on the command line ("2025.07.??") prints its known parts only.
    date: flags.date === undefined ? undefined : formatPgnDate(flags.date),
    round: flags.round,
    board: flags.board,
    timeControl: flags.timeControl,
    ...(flags.white === undefined ? {} : { white: { name: flags.white } }),
    ...(flags.black === undefined ? {} : { black: { name: flags.black } }),
  };
}

function readInput(path: string, context: CommandContext): string {
  try {
    return bytesToText(readFileSync(path === '-' ? 0 : resolve(context.io.cwd, path)), path);
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${unreadableReason(error)}`);
  }
}

function unwrap<T>(result: Result<T, { readonly message: string }>): T {
  if (!result.ok) throw new UsageError(result.error.message);
  return result.value;
}

/** The pages to print, or undefined when the input had errors (already reported). */
function pagesFor(flags: PrintFlags, context: CommandContext, pdf: Pdf): SheetPage[] | undefined {
  const options = sheetOptions(flags);
  const header = sharedHeader(flags);
  if (flags.pairings !== undefined) {
    if (flags.white !== undefined || flags.black !== undefined || flags.board !== undefined) {
      throw new UsageError('--white, --black and --board come from the pairings file; leave them out with --pairings');
    }
    const pairings = pdf.parsePairings(readInput(flags.pairings, context), flags.pairings);
    // The pairings say what to print, like a flag: a bad pairings file is bad usage (exit 2), not a game with errors.
    if (!pairings.ok) throw new UsageError(pdf.formatPairingsError(pairings.error));
    return unwrap(pdf.roundSheetPages(pairings.value, { ...options, header }));
  }
  if (flags.copy !== undefined && flags.copy !== 'white' && flags.copy !== 'black') {
    throw new UsageError(`--copy takes white or black, not "${flags.copy}"`);
  }
  const layout = unwrap(buildSheetLayout({ ...options, header, ...(flags.copy === undefined ? {} : { copy: flags.copy }) }));
  return [{ layout }];
}

function writeOutput(path: string, bytes: Uint8Array | string, context: CommandContext): void {
  try {
    writeFileSync(resolve(context.io.cwd, path), bytes);
  } catch (error) {
    throw new UsageError(`cannot write ${path}: ${unwritableReason(error)}`);
  }
}

/** Polish sheets follow the Polish habits of Appendix C (`:`, `0-0`, `X`); others standard SAN in their letters. */
function sheetMoveStyle(language: SheetLanguage): MoveStyle {
  return language === 'pl' ? POLISH_STYLE : { ...STANDARD_SAN_STYLE, language };
}

/** A tag's value, unless it is the PGN placeholder for "unknown". */
const known = (value: string | undefined): string | undefined =>
  value === undefined || value === '' || /^[?.]+$/.test(value) || value === '????.??.??' ? undefined : value;

function playerFromTags(name: string | undefined, rating: string | undefined, fideId: string | undefined): PlayerInfo | undefined {
  const player = { name: known(name), rating: known(rating), fideId: known(fideId) };
  return player.name === undefined ? undefined : player;
}

/**
 * The game's tags fill the header; flags given on the command line win. The
 * date keeps its known parts only, and the TimeControl tag is written out in
 * the sheet's language ("5400+30" → "90 min + 30 s").
 */
function headerFromTags(tags: Readonly<Record<string, string>>, flags: HeaderValues, language: SheetLanguage): HeaderValues {
  return {
    event: flags.event ?? known(tags.Event),
    site: flags.site ?? known(tags.Site),
    date: flags.date ?? formatPgnDate(tags.Date ?? ''),
    round: flags.round ?? known(tags.Round),
    board: flags.board ?? known(tags.Board),
    timeControl: flags.timeControl ?? formatTimeControl(tags.TimeControl ?? '', labelsFor(language)),
    white: flags.white ?? playerFromTags(tags.White, tags.WhiteElo, tags.WhiteFideId),
    black: flags.black ?? playerFromTags(tags.Black, tags.BlackElo, tags.BlackFideId),
  };
}

/** Sheets filled with the first game of a PGN file; a game that does not replay is not printed. */
function gamePagesFor(flags: PrintFlags, file: string, context: CommandContext, pdf: Pdf): SheetPage[] | undefined {
  if (flags.pairings !== undefined) throw new UsageError('--game and --pairings cannot be combined');
  const [game] = parsePgn(readInput(file, context));
  if (game === undefined) throw new UsageError(`${file} holds no game`);
  const report = analyseGame(game, { file, variations: false });
  const error = report.diagnostics.find((diagnostic) => diagnostic.severity === 'error');
  if (error !== undefined) {
    context.io.stderr.write(`${file}:${error.line}:${error.column}: error[${error.code}]: ${error.message}; no sheet printed\n`);
    context.exitCode = EXIT_INPUT_ERRORS;
    return undefined;
  }
  const options = sheetOptions(flags);
  const language = options.language ?? 'en';
  const header = headerFromTags(report.tags, sharedHeader(flags), language);
  const plies = writeMainline(report, sheetMoveStyle(language));
  // From a set-up position (SetUp/FEN tags) the moves start at the FEN's move number and side to move.
  const first = firstPlyOfFen(report.startFen);
  const skipped = first.side === 'black' ? 1 : 0;
  const moves = pairPlies(plies, first).map((move, index) => {
    const moveIndex = index - (first.moveNumber - 1);
    const whitePly = moveIndex * 2 - skipped;
    return {
      ...move,
      ...(report.moves[whitePly]?.token.drawOffer && move.white !== undefined ? { whiteDrawOffer: true } : {}),
      ...(report.moves[whitePly + 1]?.token.drawOffer && move.black !== undefined ? { blackDrawOffer: true } : {}),
    };
  });
  const result = normaliseResult(report.parsed.result?.text ?? report.tags.Result ?? '');
  return unwrap(pdf.gameSheetPages({ ...options, header }, { moves, ...(result ? { result } : {}) }));
}

export function registerPrint(program: Command, context: CommandContext): void {
  program
    .command('print')
    .description('print scoresheets as PDF: blank, pre-filled, or a round from a pairings file')
    .option('--lang <code>', `language of the sheet (${SHEET_LANGUAGES.join(' ')})`, 'en')
    .option('--style <style>', 'classic (one cell per half-move) or boxed (a box per character)', 'classic')
    .option('--paper <size>', `paper size (${PAPER_NAMES.join(', ')})`, 'a4')
    .option('--moves <n>', 'moves per sheet', '60')
    .option('--blocks <n>', 'side-by-side blocks of moves (2 or 3)', '2')
    .option('--clock', 'add a clock-time cell after every half-move')
    .option('--event <name>', 'event')
    .option('--site <place>', 'site')
    .option('--date <date>', 'date')
    .option('--round <round>', 'round')
    .option('--board <board>', 'board')
    .option('--white <name>', "White's name")
    .option('--black <name>', "Black's name")
    .option('--time-control <text>', 'time control, printed as written, e.g. "90 min + 30 s"')
    .option('--copy <colour>', "mark the sheet as White's or Black's copy (white|black)")
    .option('--pairings <file>', 'pairings (CSV or JSON): two sheets per board, one PDF for the round')
    .option('--layout-json <file>', 'also write the layout as JSON (points from the top-left; an array when several sheets)')
    .option('--game <file.pgn>', "fill the sheets with a game (its first), moves written in the sheet's language")
    .option('-o, --output <file>', 'the PDF to write (default: standard output, unless it is a terminal)')
    .addHelpText('after', helpFooter({
      ok: 'the sheets were printed (a text cut to fit is a warning)',
      inputErrors: 'the --game does not replay: no sheet printed',
      usage: 'bad usage (a PDF to a terminal too), or an unreadable --game or --pairings',
    }, [
      { command: 'zapis print --lang pl --event "Club Championship" -o blank.pdf', what: 'a blank Polish sheet' },
      { command: 'zapis print --pairings round3.csv --round 3 -o round3.pdf', what: 'two sheets per board of a round' },
    ]))
    .action(async (flags: PrintFlags) => {
      // A PDF on a terminal is a screenful of binary: refuse before any work, and say how to get the file.
      if ((flags.output === undefined || flags.output === '-') && context.io.stdoutIsTty === true) {
        throw new UsageError('print writes a PDF, which a terminal cannot show: give -o FILE.pdf, or redirect standard output (> FILE.pdf)');
      }
      const pdf = await import('@zapis/pdf');
      const pages = flags.game !== undefined ? gamePagesFor(flags, flags.game, context, pdf) : pagesFor(flags, context, pdf);
      if (pages === undefined) return;
      const layouts = pages.map((page) => page.layout);
      if (flags.layoutJson !== undefined) {
        writeOutput(flags.layoutJson, layouts.length === 1 ? serialiseLayout(layouts[0]) : serialiseLayouts(layouts), context);
      }
      const { bytes, warnings } = await pdf.renderSheetsDocument(pages, { title: flags.event ?? 'Scoresheets' });
      // A text cut to fit is a warning: the sheet is printed (exit 0) and the user knows what it shows.
      for (const warning of warnings) context.io.stderr.write(`zapis: warning: ${warning.message}\n`);
      if (flags.output === undefined || flags.output === '-') {
        context.io.stdout.write(Buffer.from(bytes));
        return;
      }
      writeOutput(flags.output, bytes, context);
      context.io.stdout.write(`wrote ${pages.length} sheet${pages.length === 1 ? '' : 's'} to ${flags.output}\n`);
    });
}
