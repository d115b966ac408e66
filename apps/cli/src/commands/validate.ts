/** `zapis validate`: replay every game, report every problem with its place, exit 1 when any game has errors. */
import type { Command } from 'commander';
import { analyseGame } from '@zapis/game';
import { parseGames } from '@zapis/notation';
import { EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE } from '../io.js';
import { readInputs } from '../input.js';
import { parseChoice, parseLanguage } from '../options.js';
import type { CommandContext } from '../program.js';
import { Summary, jsonGame } from '../report/json-report.js';
import { formatGame, sourceLines } from '../report/text-report.js';

interface ValidateFlags {
  lang: string;
  format: string;
  show: string;
}

export function registerValidate(program: Command, context: CommandContext): void {
  program
    .command('validate')
    .description('replay every game against the rules and report each problem with its file, line and move')
    .argument('[files...]', 'PGN or move-text files (.pgn.gz read directly); - or none for standard input')
    .option('--lang <code>', 'language of the piece letters: auto or a code from piece-letters.md', 'auto')
    .option('--format <format>', 'text or json (NDJSON: one object per game, then a summary)', 'text')
    .option('--show <severity>', 'text output: the least severe diagnostics to print (info, warning, error)', 'warning')
    .action(async (files: string[], flags: ValidateFlags) => {
      const language = parseLanguage(flags.lang, true);
      const format = parseChoice('--format', flags.format, ['text', 'json'] as const);
      const show = parseChoice('--show', flags.show, ['info', 'warning', 'error'] as const);
      const { io } = context;
      const { inputs, unreadable } = await readInputs(files, io.cwd, io.stdin);
      const summary = new Summary();
      for (const bad of unreadable) {
        summary.unreadable.push({ file: bad.name, reason: bad.reason });
        io.stderr.write(`zapis: cannot read ${bad.name}: ${bad.reason}\n`);
      }
      for (const input of inputs) {
        const source = sourceLines(input.text);
        for (const game of parseGames(input.text)) {
          const report = analyseGame(game, { file: input.name, language });
          summary.add(report);
          if (format === 'json') {
            io.stdout.write(`${JSON.stringify(jsonGame(report))}\n`);
          } else {
            for (const block of formatGame(report, source, show)) io.stdout.write(`${block}\n\n`);
          }
        }
      }
      if (format === 'json') {
        io.stdout.write(`${JSON.stringify(summary.toJSON())}\n`);
      } else {
        const languages = Object.entries(summary.languages).map(([code, count]) => `${code} ${count}`).join(', ');
        io.stdout.write(
          `${summary.games} game${summary.games === 1 ? '' : 's'}: ${summary.ok} ok, ${summary.failed} with errors; ` +
          `${summary.errors} errors, ${summary.warnings} warnings; ${summary.plies} plies` +
          `${languages ? `; languages: ${languages}` : ''}\n`,
        );
      }
      context.exitCode = unreadable.length > 0 ? EXIT_USAGE : summary.failed > 0 ? EXIT_INPUT_ERRORS : EXIT_OK;
    });
}
