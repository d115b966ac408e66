/** `zapis reconcile WHITE BLACK`: compare the two scoresheets of one game (FIDE Art. 8.5, D.2.9). */
import type { Command } from 'commander';
import { analyseGame, reconcile, type GameReport } from '@zapis/game';
import { parsePgn } from '@zapis/notation';
import { EXIT_INPUT_ERRORS, EXIT_OK, UsageError } from '../io.js';
import { readInputs } from '../input.js';
import { parseChoice, parseLanguage } from '../options.js';
import type { CommandContext } from '../program.js';

interface ReconcileFlags {
  lang: string;
  format: string;
}

export function registerReconcile(program: Command, context: CommandContext): void {
  program
    .command('reconcile')
    .description("compare White's and Black's scoresheets of one game: where they agree, where they part, and a merged game when one only lacks moves")
    .argument('<white-sheet>', "White's record (PGN or move text)")
    .argument('<black-sheet>', "Black's record (PGN or move text)")
    .option('--lang <code>', 'language of the piece letters: auto or a code', 'auto')
    .option('--format <format>', 'text or json', 'text')
    .action(async (whiteSheet: string, blackSheet: string, flags: ReconcileFlags) => {
      const language = parseLanguage(flags.lang, true);
      const format = parseChoice('--format', flags.format, ['text', 'json'] as const);
      const { io } = context;
      const { inputs, unreadable } = await readInputs([whiteSheet, blackSheet], io.cwd, io.stdin);
      if (unreadable.length > 0) throw new UsageError(unreadable.map((bad) => `cannot read ${bad.name}: ${bad.reason}`).join('; '));
      const reports: GameReport[] = inputs.map((input) => {
        const [game] = parsePgn(input.text);
        if (game === undefined) throw new UsageError(`${input.name} holds no game`);
        return analyseGame(game, { file: input.name, language, variations: false });
      });
      const [white, black] = reports;
      const result = reconcile(white, black);
      if (format === 'json') {
        io.stdout.write(`${JSON.stringify({ white: { file: white.file, status: white.status, plies: white.plies, language: white.language }, black: { file: black.file, status: black.status, plies: black.plies, language: black.language }, ...result })}\n`);
      } else if (result.agree) {
        io.stdout.write(`the records agree: ${result.agreedPlies} plies, final position ${result.agreedFen}\n`);
      } else {
        const difference = result.firstDifference;
        io.stdout.write(`the records agree for ${result.agreedPlies} plies; last common position ${result.agreedFen}\n`);
        if (difference) {
          const label = `${difference.moveNumber}${difference.side === 'white' ? '.' : '...'}`;
          const side = (name: string, part: typeof difference.first) =>
            part ? `${name}: ${label} ${part.text}${part.san ? ` (${part.san})` : ' (not legal here)'} at line ${part.line}, column ${part.column}` : `${name}: no move written`;
          io.stdout.write(`first difference at ply ${difference.ply} (${label}, ${difference.side} to move):\n  ${side(`white's sheet ${white.file}`, difference.first)}\n  ${side(`black's sheet ${black.file}`, difference.second)}\n`);
        }
        if (result.merged) {
          const lacking = result.merged.source === 'first' ? black.file : white.file;
          io.stdout.write(`${lacking} only lacks plies ${result.merged.missingPlies.join(', ')}; merged game: ${result.merged.san.join(' ')}\n`);
        }
      }
      context.exitCode = result.agree || result.merged ? EXIT_OK : EXIT_INPUT_ERRORS;
    });
}
