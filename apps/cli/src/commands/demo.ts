/**
 * `zapis demo [dir]`: the README's main job. For now it shows the rules core at
 * work on the bundled positions; later capabilities add their own sections.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  GameHistory, describeMove, englishSan, legalMoves, makeFen, parseFen, perftPosition,
} from '@zapis/core';
import type { Command } from 'commander';
import { EXIT_INPUT_ERRORS, UsageError } from '../io.js';
import type { CommandContext } from '../program.js';

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
    const moves = legalMoves(position).map((move) => englishSan(describeMove(position, move)));
    const outcome = new GameHistory(position.clone()).outcome();
    out.write(`${makeFen(position)}\n`);
    out.write(`  ${moves.length} legal moves: ${moves.join(' ') || '(none)'}\n`);
    out.write(`  outcome: ${outcome ? `${outcome.result} (${outcome.reason})` : 'game goes on'}\n`);
    out.write(`  perft(3) = ${perftPosition(position, 3)}\n`);
  });
}

export function registerDemo(program: Command, context: CommandContext): void {
  program
    .command('demo')
    .description('show zapis at work on the bundled fixtures')
    .argument('[dir]', 'fixtures folder', 'fixtures')
    .action((dir: string) => {
      const root = resolve(context.io.cwd, dir);
      if (!existsSync(root)) throw new UsageError(`no fixtures folder at ${root}`);
      const positions = join(root, 'positions');
      context.io.stdout.write('== @zapis/core: legal moves and outcomes of the bundled positions ==\n');
      for (const name of readdirSync(positions).filter((file) => file.endsWith('.fen')).sort()) {
        showPositions(join(positions, name), context);
      }
    });
}
