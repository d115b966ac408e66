/**
 * `zapis print`: scoresheets as PDF — blank, with the header pre-filled, or a
 * whole round from a pairings file (White's and Black's copy per board).
 * Thin: parse flags, build layouts with @zapis/sheet, render with @zapis/pdf.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import {
  formatPairingsError, parsePairings, renderSheetsPdf, roundSheetPages, type SheetPage,
} from '@zapis/pdf';
import {
  PAPER_NAMES, SHEET_LANGUAGES, SHEET_STYLES, buildSheetLayout, isPaperName, isSheetLanguage, isSheetStyle, serialiseLayout,
  serialiseLayouts, type HeaderValues, type Result, type SheetOptions,
} from '@zapis/sheet';
import { EXIT_INPUT_ERRORS, UsageError } from '../io.js';
import type { CommandContext } from '../program.js';

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
    date: flags.date,
    round: flags.round,
    board: flags.board,
    timeControl: flags.timeControl,
    ...(flags.white === undefined ? {} : { white: { name: flags.white } }),
    ...(flags.black === undefined ? {} : { black: { name: flags.black } }),
  };
}

function readInput(path: string, context: CommandContext): string {
  try {
    return readFileSync(path === '-' ? 0 : resolve(context.io.cwd, path), 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new UsageError(`cannot read pairings file ${path}: ${reason}`);
  }
}

function unwrap<T>(result: Result<T, { readonly message: string }>): T {
  if (!result.ok) throw new UsageError(result.error.message);
  return result.value;
}

/** The pages to print, or undefined when the input had errors (already reported). */
function pagesFor(flags: PrintFlags, context: CommandContext): SheetPage[] | undefined {
  const options = sheetOptions(flags);
  const header = sharedHeader(flags);
  if (flags.pairings !== undefined) {
    if (flags.white !== undefined || flags.black !== undefined || flags.board !== undefined) {
      throw new UsageError('--white, --black and --board come from the pairings file; leave them out with --pairings');
    }
    const pairings = parsePairings(readInput(flags.pairings, context), flags.pairings);
    if (!pairings.ok) {
      context.io.stderr.write(`zapis: ${formatPairingsError(pairings.error)}\n`);
      context.exitCode = EXIT_INPUT_ERRORS;
      return undefined;
    }
    return unwrap(roundSheetPages(pairings.value, { ...options, header }));
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
    throw new UsageError(`cannot write ${path}: ${(error as Error).message}`);
  }
}

export function registerPrint(program: Command, context: CommandContext): void {
  program
    .command('print')
    .description('print scoresheets as PDF: blank, pre-filled, or a whole round from a pairings file')
    .option('--lang <code>', `language of the sheet (${SHEET_LANGUAGES.join(', ')})`, 'en')
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
    .option('--time-control <text>', 'time control, e.g. "90+30"')
    .option('--copy <colour>', "mark the sheet as White's or Black's copy (white|black)")
    .option('--pairings <file>', 'pairings (CSV or JSON): two sheets per board, one PDF for the round')
    .option('--layout-json <file>', 'also write the layout as JSON (points from the top-left; an array when several sheets)')
    .option('--game <file.pgn>', 'fill the sheet with a game (not yet available)')
    .option('-o, --output <file>', 'the PDF to write (default: standard output)')
    .action(async (flags: PrintFlags) => {
      if (flags.game !== undefined) {
        throw new UsageError('--game is not yet available: filling sheets from PGN waits for the PGN-to-sheet wiring (@zapis/game); print blank or pre-filled sheets for now');
      }
      const pages = pagesFor(flags, context);
      if (pages === undefined) return;
      const layouts = pages.map((page) => page.layout);
      if (flags.layoutJson !== undefined) {
        writeOutput(flags.layoutJson, layouts.length === 1 ? serialiseLayout(layouts[0]) : serialiseLayouts(layouts), context);
      }
      const pdf = await renderSheetsPdf(pages, { title: flags.event ?? 'Scoresheets' });
      if (flags.output === undefined || flags.output === '-') {
        context.io.stdout.write(Buffer.from(pdf));
        return;
      }
      writeOutput(flags.output, pdf, context);
      context.io.stdout.write(`wrote ${pages.length} sheet${pages.length === 1 ? '' : 's'} to ${flags.output}\n`);
    });
}
