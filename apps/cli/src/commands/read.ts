/**
 * `zapis read`: scans and photos of filled-in scoresheets (PNG, JPEG, PDF) to
 * checked games. The sheet is found by its markers and QR (zapis sheets) or a
 * --template's ruling lines, every cell is read, both players' sheets are
 * decoded jointly, and the doubtful moves are listed with their cells.
 */
import type { Command } from 'commander';
import { withHelpFooter } from '../help/command-help.js';
import type { CommandContext } from '../program.js';
import { DEFAULT_READER_NAME, READER_KIND_NAMES, REVIEW_THRESHOLD_DEFAULT } from '../read/reader-names.js';
import { READ_JOBS_RULE } from '../read/read-jobs.js';

/** The flags `zapis read` takes, as commander gives them. */
export interface ReadFlags {
  lang: string;
  format?: string;
  pair?: boolean;
  template?: string;
  crops?: string;
  jobs?: string;
  reviewThreshold?: string;
  reader: string;
  review?: string;
  deep?: boolean;
  quiet?: boolean;
  from?: string;
  shard?: string;
  shardBy?: string;
  resume?: boolean;
  output?: string;
}

export function registerRead(program: Command, context: CommandContext): void {
  const command = program
    .command('read')
    .description('read scans of filled-in scoresheets (PNG, JPEG, PDF) into checked games')
    .argument('[files...]', 'scans: PNG, JPEG or PDF files (one sheet per page), or folders of them (their folders too)')
    .option('--from <list>', 'also read the scans listed in this file, one path (file or folder) a line; - for standard input')
    .option('--format <format>', 'pgn (review comments on doubtful moves; the default) or json (NDJSON: one object per game with each move\u2019s cell, then a summary)')
    .option('-o, --output <file>', 'write here instead of standard output')
    .option('--shard <i/n>', 'read only the i-th of n parts of the scans, each scan\u2019s part set by its path (join the parts with zapis merge-reads); writes NDJSON for the merge')
    .option('--shard-by <unit>', 'what a shard takes whole: file (the default) or folder (every scan of a folder in one shard: keep a game\u2019s copies in one folder)')
    .option('--resume', 'with -o: keep the games already in the file, skip the scans they were read from (by content), read the rest into it; NDJSON for zapis merge-reads')
    .option('--lang <code>', 'language the moves are written in: auto or a code (zapis help languages)', 'auto')
    .option('--pair', 'sheets without a QR code come two by two: White\u2019s and Black\u2019s sheets of one game (zapis sheets are paired by their QR)')
    .option('--template <file>', 'description of a sheet zapis did not print (its move grid), for pages without zapis markers')
    .option('--crops <dir>', 'write the image of every cell sent to review into this folder')
    .option('-j, --jobs <n>', `threads reading files in parallel (default: ${READ_JOBS_RULE})`)
    .option('--reader <name>', `what reads the cells: ${READER_KIND_NAMES.slice(0, -1).join(', ')} or ${READER_KIND_NAMES.at(-1)} (zapis help readers)`, DEFAULT_READER_NAME)
    .option('--review <how>', 'how the review list is made: risk (the default with --reader auto) or every-doubt (zapis help review)')
    .option('--deep', 'search a badly read sheet again with a beam 16 times as large and keep the likelier game (the default)')
    .option('--no-deep', 'search every sheet once, with the narrow beam: faster on badly read sheets, more moves wrong there')
    .option('-q, --quiet', 'no progress line on a terminal')
    .option('--review-threshold <p>', `moves below this confidence are flagged for review (default ${REVIEW_THRESHOLD_DEFAULT}; with --review risk, 0.9)`)
    // Reading loads image, network and decoding code: only when a run reads.
    .action(async (paths: string[], flags: ReadFlags) => (await import('../read/read-run.js')).runRead(paths, flags, context));
  withHelpFooter(command, {
    ok: 'every sheet read into a game without errors (moves to review allowed)',
    inputErrors: 'a page holds no sheet that could be read, or a game has errors',
    usage: 'bad usage, a file missing or not PNG, JPEG or PDF, or a folder with none',
  }, [
    { command: 'zapis read fixtures/scans/jpeg150.jpg', what: 'one sheet, as PGN with the moves to review' },
    { command: 'zapis read scans/ --shard 2/8 -o reads-2.ndjson', what: 'the second of eight parts, for zapis merge-reads' },
  ]);
}
