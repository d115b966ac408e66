/**
 * `zapis demo [dir]`: the README's main job on the bundled fixtures. It shows the
 * rules core, then runs the real commands (validate, convert, decode, read) on
 * the seed samples, the noisy scoresheet and a scan, so what it prints is what users get.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { GameHistory, legalMoves, makeFen, parseFen, perftPosition } from '@zapis/core';
import { makeSan } from '@zapis/notation';
import type { Command } from 'commander';
import { EXIT_INPUT_ERRORS, UsageError, type CliIo } from '../io.js';
import type { CommandContext } from '../program.js';
import { helpFooter } from '../help/command-help.js';

function showPositions(file: string, context: CommandContext): void {
  const out = context.io.stdout;
  const lines = readFileSync(file, 'utf8').split(/\r?\n/);
  lines.forEach((line, index) => {
    const text = line.trim();
    if (text === '' || text.startsWith('#')) return;
    const parsed = parseFen(text);
    if (!parsed.ok) {
      out.write(`${file}:${index + 1}: invalid FEN (${parsed.error.field}): ${parsed.error.message}\n`);
      context.exitCode = EXIT_INPUT_ERRORS;
      return;
    }
    const position = parsed.value;
    const moves = legalMoves(position).map((move) => makeSan(position, move));
    const outcome = new GameHistory(position.clone()).outcome();
    out.write(`${makeFen(position)}\n`);
    out.write(`  ${moves.length} legal moves: ${moves.join(' ') || '(none)'}\n`);
    out.write(`  outcome: ${outcome ? `${outcome.result} (${outcome.reason})` : 'game goes on'}\n`);
    out.write(`  perft(3) = ${perftPosition(position, 3)}\n`);
  });
}

/** The folders the demo reads, as the repository's fixtures/ has them. */
const FIXTURE_FOLDERS = ['positions', 'seed-samples', 'scoresheets'] as const;

const isFolder = (path: string): boolean => statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;

/** A usage error unless `root` is a folder with the fixtures' sub-folders. */
function checkFixturesFolder(dir: string, root: string): void {
  const what = `zapis demo wants the fixtures folder (with ${FIXTURE_FOLDERS.join('/, ')}/ in it), e.g. zapis demo fixtures`;
  const stat = statSync(root, { throwIfNoEntry: false });
  if (stat === undefined) throw new UsageError(`no fixtures folder at ${dir}: ${what}`);
  if (!stat.isDirectory()) throw new UsageError(`${dir} is a file, not a folder: ${what}`);
  const missing = FIXTURE_FOLDERS.filter((folder) => !isFolder(join(root, folder)));
  if (missing.length > 0) throw new UsageError(`${dir} has no ${missing.map((folder) => `${folder}/`).join(', ')}: ${what}`);
}

/** Runs another zapis command (set by program.ts, which knows them all). */
export type CommandRunner = (args: readonly string[], io: CliIo) => Promise<number>;
let runCommand: CommandRunner = async () => 0;
export function setDemoRunner(runner: CommandRunner): void {
  runCommand = runner;
}

export function registerDemo(program: Command, context: CommandContext): void {
  program
    .command('demo')
    .description('show zapis at work on the bundled fixtures')
    .argument('[dir]', 'fixtures folder', 'fixtures')
    .addHelpText('after', helpFooter({
      ok: 'the demo ran (each command it runs says its own exit code)',
      inputErrors: 'a bundled position is not a valid FEN',
      usage: 'bad usage, or no fixtures folder there',
    }, [
      { command: 'zapis demo', what: 'the fixtures folder of a clone, from its root' },
      { command: 'zapis demo ~/zapis/fixtures', what: 'a fixtures folder elsewhere' },
    ]))
    .action(async (dir: string) => {
      const root = resolve(context.io.cwd, dir);
      checkFixturesFolder(dir, root);
      const positions = join(root, 'positions');
      context.io.stdout.write('== @zapis/core: legal moves and outcomes of the bundled positions ==\n');
      for (const name of readdirSync(positions).filter((file) => file.endsWith('.fen')).sort()) {
        showPositions(join(positions, name), context);
      }
      const run = async (title: string, args: string[]): Promise<void> => {
        context.io.stdout.write(`\n== ${title} ==\n$ zapis ${args.join(' ')}\n`);
        const code = await runCommand(args, { ...context.io, cwd: root });
        context.io.stdout.write(`(exit code ${code})\n`);
      };
      const samples = readdirSync(join(root, 'seed-samples')).filter((file) => file.endsWith('.pgn')).sort().map((file) => `seed-samples/${file}`);
      await run('validate the sample games of the Polish FIDE texts (the 2023 sample has a real error)', ['validate', '--show', 'error', ...samples]);
      await run('the 2001 sample, converted from Polish to standard PGN', ['convert', 'seed-samples/2001-sample.pgn', '--to', 'en']);
      await run("the 2023 short and long forms, reconciled like White's and Black's sheets", ['reconcile', 'seed-samples/2023-short.pgn', 'seed-samples/2023-long.pgn']);
      const sheets = readdirSync(join(root, 'scoresheets')).filter((file) => file.endsWith('.txt')).sort();
      for (const sheet of sheets) {
        await run('decode a noisy OCR transcription of a Polish scoresheet; doubtful moves carry a review comment', ['decode', `scoresheets/${sheet}`]);
      }
      // The scans are optional in a fixtures folder (a user's own may not have them).
      const scan = 'scans/jpeg150.jpg';
      if (statSync(join(root, scan), { throwIfNoEntry: false })?.isFile()) {
        await run('read a 150-dpi scan of a handwritten Polish scoresheet: markers, cells, the recogniser, the decoder; doubtful moves carry a review comment', ['read', scan]);
      }
    });
}
