/**
 * `zapis convert`: read games in any notation, write them as PGN export format
 * with the move text in the target notation (`--to en` is standard PGN).
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { analyseGame, notConverted, startPosition, toWritableGame, type GameReport } from '@zapis/game';
import { parseGames, writePgn, type MoveStyle } from '@zapis/notation';
import { EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE, UsageError } from '../io.js';
import { readInputs } from '../input.js';
import { parseChoice, parseLanguage } from '../options.js';
import type { CommandContext } from '../program.js';

interface ConvertFlags {
  to?: string;
  from: string;
  output?: string;
  capture: string;
  castling: string;
  mate: string;
  promotion: string;
  checks: boolean;
  drawOffer?: string;
}

const SPECIAL_TARGETS = ['figurine', 'lan', 'uci'] as const;

function styleFor(flags: ConvertFlags): MoveStyle {
  const target = flags.to;
  if (target === undefined) throw new UsageError("convert needs --to <language|figurine|lan|uci>");
  const marks: MoveStyle = {
    capture: parseChoice('--capture', flags.capture, ['x', ':', 'none'] as const),
    castling: parseChoice('--castling', flags.castling, ['O-O', '0-0'] as const),
    mate: parseChoice('--mate', flags.mate, ['#', 'X', '++'] as const),
    promotion: parseChoice('--promotion', flags.promotion, ['=', 'plain', '()', '/'] as const),
    check: flags.checks ? '+' : 'none',
  };
  switch (target) {
    case 'figurine': return { ...marks, figurine: 'white' };
    case 'lan': return { ...marks, form: 'long' };
    case 'uci': return { form: 'uci' };
    default: return { ...marks, language: parseLanguage(target, false) };
  }
}

/**
 * Every error of a game and every piece of text that was not converted, located and quoted, with
 * what convert did about it: text that is not a move is kept as written in a comment.
 */
function conversionProblems(report: GameReport, source: string): { lines: string[]; errors: number } {
  const items = notConverted(report, source);
  const entries: { offset: number; text: string }[] = [];
  const where = (line: number, column: number) => `${report.file}:${line}:${column}`;
  let errors = 0;
  for (const item of items) {
    if (item.severity === 'error') errors++;
    entries.push({ offset: item.offset, text: `${where(item.line, item.column)}: ${item.severity}[${item.code}]: game ${report.index}: not converted: '${item.text.replace(/\s+/g, ' ')}' (${item.message}); kept as written in a comment` });
  }
  const covered = (offset: number) => items.some((item) => offset >= item.offset && offset < item.offset + Math.max(item.text.length, 1));
  for (const diagnostic of report.diagnostics) {
    if (diagnostic.severity !== 'error' || covered(diagnostic.offset)) continue;
    errors++;
    const ply = diagnostic.ply !== undefined ? `, ply ${diagnostic.ply}` : '';
    const text = diagnostic.text !== undefined && !diagnostic.message.includes(`'${diagnostic.text}'`) ? ` '${diagnostic.text}':` : '';
    entries.push({ offset: diagnostic.offset, text: `${where(diagnostic.line, diagnostic.column)}: error[${diagnostic.code}]: game ${report.index}${ply}:${text} ${diagnostic.message}` });
  }
  entries.sort((a, b) => a.offset - b.offset);
  return { lines: entries.map((entry) => entry.text), errors };
}

export function registerConvert(program: Command, context: CommandContext): void {
  program
    .command('convert')
    .description('write games in another notation: any language, figurine, long form (lan) or UCI, as PGN export format')
    .argument('[files...]', 'PGN or move-text files; - or none for standard input')
    .option('--to <target>', `a language code (zapis help languages), or ${SPECIAL_TARGETS.join(', ')}`)
    .option('--from <code>', 'language of the input: auto or a code (zapis help languages)', 'auto')
    .option('-o, --output <file>', 'write here instead of standard output')
    .option('--capture <mark>', 'capture mark: x, : or none', 'x')
    .option('--castling <style>', 'O-O or 0-0', 'O-O')
    .option('--mate <mark>', '#, X or ++', '#')
    .option('--promotion <style>', '=, plain, () or /', '=')
    .option('--no-checks', 'leave out check marks')
    .option('--draw-offer <form>', 'write (=) as a token, or as a {(=)} comment that every PGN reader accepts (default: comment for --to en, token otherwise)')
    .action(async (files: string[], flags: ConvertFlags) => {
      const style = styleFor(flags);
      const drawOffer = parseChoice('--draw-offer', flags.drawOffer ?? (flags.to === 'en' ? 'comment' : 'token'), ['token', 'comment'] as const);
      const from = parseLanguage(flags.from, true);
      const { io } = context;
      const { inputs, unreadable } = await readInputs(files, io.cwd, io.stdin);
      for (const bad of unreadable) io.stderr.write(`zapis: cannot read ${bad.name}: ${bad.reason}\n`);
      const chunks: string[] = [];
      let failed = 0;
      for (const input of inputs) {
        for (const game of parseGames(input.text)) {
          const report = analyseGame(game, { file: input.name, language: from, repair: false });
          const problems = conversionProblems(report, input.text);
          for (const line of problems.lines) io.stderr.write(`${line}\n`);
          if (problems.errors > 0) failed++;
          // Chess960 UCI writes castling as king takes rook (e1h1); standard chess keeps the king's step (e1g1).
          const start = startPosition(game.tags);
          const gameStyle = start.ok && start.value.chess960 ? { ...style, chess960: true } : style;
          chunks.push(writePgn(toWritableGame(report, input.text), { moveStyle: gameStyle, drawOffer }));
        }
      }
      const text = chunks.join('\n');
      if (flags.output) await writeFile(resolve(io.cwd, flags.output), text);
      else io.stdout.write(text);
      context.exitCode = unreadable.length > 0 ? EXIT_USAGE : failed > 0 ? EXIT_INPUT_ERRORS : EXIT_OK;
    });
}
