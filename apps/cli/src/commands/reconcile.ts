/**
 * `zapis reconcile WHITE BLACK`: compare the two scoresheets of one game (FIDE Art. 8.5, D.2.9).
 * Exit 0 when the sheets agree (same moves and result, no errors), 1 when they differ or either
 * has errors, 2 when a sheet cannot be read (not a file, not text, no game, several games and no
 * --game). The merged game, when there is one, is PGN: printed after the report, or written with -o.
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { plyRanges, readSheet, reconcile, type GameReport, type Reconciliation, type RecordDifference, type SheetMove } from '@zapis/game';
import { writePgn } from '@zapis/notation';
import { EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE, UsageError } from '../io.js';
import { unwritableReason } from '../output.js';
import { readInputs } from '../input.js';
import { parseChoice, parseLanguage } from '../options.js';
import type { CommandContext } from '../program.js';
import { helpFooter } from '../help/command-help.js';

interface ReconcileFlags {
  lang: string;
  format: string;
  output?: string;
  game?: string;
  whiteGame?: string;
  blackGame?: string;
}

function gameNumber(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new UsageError(`${flag} must be a game number from 1, not '${value}'`);
  return number;
}

const moveLabel = (ply: number): string => `${Math.ceil(ply / 2)}${ply % 2 === 1 ? '.' : '...'}`;

function sideText(role: string, file: string, move: SheetMove | undefined, ply: number): string {
  if (move === undefined) return `${role} ${file}: no move written`;
  const meaning = move.san !== undefined ? ` (${move.san})` : move.error ? ` (not replayed: ${move.error.code})` : ' (not replayed: an earlier move of this sheet failed)';
  return `${role} ${move.file}:${move.line}:${move.column}: ${moveLabel(ply)} ${move.text}${meaning}`;
}

function differenceText(difference: RecordDifference, white: GameReport, black: GameReport): string {
  const what = difference.kind === 'missing-move' ? 'a move only one sheet has' : 'different moves';
  return `ply ${difference.ply} (${moveLabel(difference.ply)} ${difference.side}): ${what}\n`
    + `  ${sideText("white's sheet", white.file, difference.first, difference.ply)}\n`
    + `  ${sideText("black's sheet", black.file, difference.second, difference.ply)}\n`;
}

/** A run of consecutive plies only one sheet has (a player who stopped writing): one entry, not one per ply. */
function missingRunText(run: readonly RecordDifference[], white: GameReport, black: GameReport): string {
  const first = run[0];
  const last = run[run.length - 1];
  const whiteHas = first.first !== undefined;
  const [hasRole, has, lacksRole, lacks] = whiteHas ? ["white's sheet", first.first, "black's sheet", black.file] : ["black's sheet", first.second, "white's sheet", white.file];
  const moves = run.map((difference) => {
    const move = whiteHas ? difference.first : difference.second;
    const number = difference.side === 'white' || difference === first ? `${moveLabel(difference.ply)} ` : '';
    return `${number}${move?.text ?? ''}`;
  }).join(' ');
  return `plies ${first.ply}-${last.ply} (${moveLabel(first.ply)} to ${moveLabel(last.ply)}): moves only one sheet has\n`
    + `  ${hasRole} ${has?.file}:${has?.line}:${has?.column}: ${moves}\n`
    + `  ${lacksRole} ${lacks}: no moves written\n`;
}

function differencesText(differences: readonly RecordDifference[], white: GameReport, black: GameReport): string[] {
  const lines: string[] = [];
  for (let i = 0; i < differences.length; i++) {
    const difference = differences[i];
    let j = i;
    const sameRun = (next: RecordDifference | undefined, previous: RecordDifference): boolean => next !== undefined
      && next.kind === 'missing-move' && next.ply === previous.ply + 1 && (next.first === undefined) === (previous.first === undefined);
    if (difference.kind === 'missing-move') while (sameRun(differences[j + 1], differences[j])) j++;
    lines.push((j - i >= 2 ? missingRunText(differences.slice(i, j + 1), white, black) : differences.slice(i, j + 1).map((one) => differenceText(one, white, black)).join('')).trimEnd());
    i = j;
  }
  return lines;
}

const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

function textReport(result: Reconciliation, white: GameReport, black: GameReport, output: string | undefined): string {
  const lines: string[] = [];
  for (const [role, report] of [["white's sheet", white], ["black's sheet", black]] as const) {
    const errors = report.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
    lines.push(`${role} ${report.file}: ${report.parsed.moves.length} plies written, ${report.plies} replayed, language ${report.language}${errors > 0 ? `, ${count(errors, 'error')}` : ''}`);
  }
  for (const error of result.sheetErrors) {
    const where = error.ply !== undefined ? ` (ply ${error.ply}, ${moveLabel(error.ply)} ${error.side})` : '';
    lines.push(`${error.file}:${error.line}:${error.column}: error[${error.code}]: ${error.message}${where}`);
  }
  for (const report of [white, black]) for (const repair of report.repairs) lines.push(`${report.file}: help: ${repair.message}`);
  lines.push(`the sheets agree for ${result.agreedPlies} plies; last common position ${result.agreedFen}`);
  if (result.differences.length > 0) {
    lines.push(`${count(result.differences.length, 'difference')}:`);
    lines.push(...differencesText(result.differences, white, black));
  }
  for (const conflict of result.tagConflicts) {
    lines.push(`the sheets disagree on ${conflict.name}: "${conflict.first}" (${white.file}), "${conflict.second}" (${black.file})`);
  }
  lines.push(`result: ${result.result}`);
  if (result.merged) {
    const lacking = result.merged.source === 'first' ? black.file : white.file;
    const gaps = result.merged.missingPlies.length > 0 ? `${lacking} lacks plies ${plyRanges(result.merged.missingPlies)}; ` : '';
    lines.push(`merged game (${gaps}${result.merged.san.length} plies from ${result.merged.source === 'first' ? white.file : black.file})${output ? `: written to ${output}` : ':'}`);
  } else {
    lines.push(`no merged game: ${result.differences.length > 0 ? 'the sheets give different moves' : 'neither sheet replays to its end'}`);
  }
  const summary = `${count(result.differences.length, 'difference')}, ${count(result.sheetErrors.length, 'error')}, ${count(result.tagConflicts.length, 'tag conflict')}`;
  lines.push(result.agree ? `the sheets agree (${summary})` : `the sheets ${result.differences.length > 0 ? 'differ' : 'do not agree'}: ${summary}`);
  return `${lines.join('\n')}\n`;
}

export function registerReconcile(program: Command, context: CommandContext): void {
  program
    .command('reconcile')
    .description("compare White's and Black's sheets of one game, and merge them where they agree")
    .argument('<white-sheet>', "White's record (PGN or move text)")
    .argument('<black-sheet>', "Black's record (PGN or move text)")
    .option('--lang <code>', 'language of the piece letters: auto or a code (zapis help languages)', 'auto')
    .option('--format <format>', 'text or json', 'text')
    .option('-o, --output <file>', 'write the merged game (PGN) here instead of after the report')
    .option('--game <n>', 'which game of each sheet file to compare, when a file holds several')
    .option('--white-game <n>', "which game of White's sheet file (overrides --game)")
    .option('--black-game <n>', "which game of Black's sheet file (overrides --game)")
    .addHelpText('after', `\nThe report lists every difference and each sheet's errors; the merged game is PGN, printed when the moves\nagree or one sheet only lacks moves.\n${helpFooter({
      ok: 'the sheets agree (same moves and result, no errors)',
      inputErrors: 'the sheets differ, or a sheet has errors',
      usage: 'bad usage, or a sheet missing, not text, or with no game (or several)',
    }, [
      { command: 'zapis reconcile white.pgn black.pgn', what: 'the differences, then the merged game' },
      { command: 'zapis reconcile w.txt b.txt --lang pl -o game.pgn', what: 'Polish sheets; the merged game to a file' },
    ])}`)
    .action(async (whiteSheet: string, blackSheet: string, flags: ReconcileFlags) => {
      const language = parseLanguage(flags.lang, true);
      const format = parseChoice('--format', flags.format, ['text', 'json'] as const);
      const both = gameNumber('--game', flags.game);
      const chosen = [gameNumber('--white-game', flags.whiteGame) ?? both, gameNumber('--black-game', flags.blackGame) ?? both];
      const { io } = context;
      const { inputs, unreadable } = await readInputs([whiteSheet, blackSheet], io.cwd, io.stdin);
      for (const bad of unreadable) io.stderr.write(`zapis: cannot read ${bad.name}: ${bad.reason}\n`);
      if (unreadable.length > 0) {
        context.exitCode = EXIT_USAGE;
        return;
      }
      const reports: GameReport[] = [];
      inputs.forEach((input, index) => {
        const game = chosen[index];
        const reading = readSheet(input.text, { file: input.name, language, ...(game !== undefined ? { game } : {}) });
        if (reading.ok) {
          reports.push(reading.report);
          return;
        }
        const place = reading.line !== undefined ? `${input.name}:${reading.line}:${reading.column ?? 1}: ` : '';
        const hint = reading.gameCount !== undefined && reading.gameCount > 1 ? ` with --${index === 0 ? 'white' : 'black'}-game N or --game N` : '';
        io.stderr.write(`zapis: cannot reconcile: ${place}${input.name} ${reading.reason}${hint}\n`);
      });
      if (reports.length < 2) {
        context.exitCode = EXIT_USAGE;
        return;
      }
      const [white, black] = reports;
      const result = reconcile(white, black);
      const pgn = result.merged ? writePgn(result.merged.game, { drawOffer: 'comment' }) : undefined;
      if (flags.output) {
        if (pgn !== undefined) {
          await writeFile(resolve(io.cwd, flags.output), pgn).catch((error: unknown) => {
            throw new UsageError(`cannot write ${flags.output}: ${unwritableReason(error)}`);
          });
        }
        else io.stderr.write(`zapis: nothing written to ${flags.output}: there is no merged game\n`);
      }
      if (format === 'json') {
        const sheet = (report: GameReport) => ({ file: report.file, index: report.index, status: report.status, written: report.parsed.moves.length, plies: report.plies, language: report.language });
        const { merged, ...rest } = result;
        const mergedJson = merged ? { source: merged.source, missingPlies: merged.missingPlies, san: merged.san, pgn } : undefined;
        io.stdout.write(`${JSON.stringify({ white: sheet(white), black: sheet(black), ...rest, ...(mergedJson ? { merged: mergedJson } : {}) })}\n`);
      } else {
        io.stdout.write(textReport(result, white, black, flags.output));
        if (pgn !== undefined && !flags.output) io.stdout.write(`\n${pgn}`);
      }
      context.exitCode = result.agree ? EXIT_OK : EXIT_INPUT_ERRORS;
    });
}
