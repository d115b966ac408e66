/**
 * `zapis merge-reads`: the NDJSON files of `zapis read --shard i/n` (every shard of one run, in any order) or of a
 * resumed run in, one PGN and one review list out, in the order one run over the same scans writes them.
 */
import type { Command } from 'commander';
import { helpFooter } from '../help/command-help.js';
import type { CommandContext } from '../program.js';

export interface MergeReadsFlags {
  output?: string;
  reviewList?: string;
}

export function registerMergeReads(program: Command, context: CommandContext): void {
  program
    .command('merge-reads')
    .description('join the NDJSON of zapis read --shard i/n (every shard, in any order) into one PGN and one review list')
    .argument('<reads...>', 'NDJSON files written by zapis read --shard or --resume, or folders of them (their folders too)')
    .option('-o, --output <file>', 'write the PGN here instead of standard output')
    .option('--review-list <file>', 'write the review list here: NDJSON, one line for each move to review and each problem found, with its game\u2019s number in the PGN')
    .addHelpText('after', helpFooter({
      ok: 'every sheet read into a game without errors (moves to review allowed)',
      inputErrors: 'a page holds no sheet that could be read, or a game has errors',
      usage: 'bad usage, a shard missing or not whole (then nothing is written), or a scan that could not be opened',
    }, [
      { command: 'zapis merge-reads reads-*.ndjson -o round.pgn --review-list review.ndjson', what: 'every shard of one run' },
      { command: 'zapis merge-reads reads/ > round.pgn', what: 'every .ndjson file in a folder' },
    ]))
    // Plain JSON work, but kept out of start-up like every command's body.
    .action(async (reads: string[], flags: MergeReadsFlags) => (await import('../read/merge-reads-run.js')).runMergeReads(reads, flags, context));
}
