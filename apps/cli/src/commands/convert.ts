/**
 * `zapis convert`: read games in any notation, write them as PGN export format
 * with the move text in the target notation (`--to en` is standard PGN).
 * Inputs stream through the batches, worker threads and fast lane of
 * `validate` (runConversion), and games come out in input order.
 */
import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { availableParallelism } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import type { Command } from 'commander';
import { runConversion } from '@zapis/archive';
import type { MoveStyle } from '@zapis/notation';
import { EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE, UsageError } from '../io.js';
import { unwritableReason } from '../output.js';
import { parseChoice, parseLanguage, parsePositive } from '../options.js';
import type { CommandContext } from '../program.js';
import { archiveInputs } from '../archive-inputs.js';
import { PGN_FILES } from '../input-folders.js';
import { helpFooter } from '../help/command-help.js';

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
  enPassant: string;
  glyphs?: boolean;
  moveNumbers: boolean;
  jobs?: string;
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
    enPassant: parseChoice('--en-passant', flags.enPassant, ['none', 'e.p.', 'ep'] as const),
  };
  switch (target) {
    case 'figurine': return { ...marks, figurine: 'white' };
    case 'lan': return { ...marks, form: 'long' };
    case 'uci':
      if (flags.enPassant !== 'none') throw new UsageError('--en-passant does not apply to --to uci');
      return { form: 'uci' };
    default: return { ...marks, language: parseLanguage(target, false) };
  }
}

export function registerConvert(program: Command, context: CommandContext): void {
  program
    .command('convert')
    .description('write games in another notation: any language, figurine, lan or UCI')
    .argument('[files...]', 'PGN or move-text files (.pgn.gz read directly), or folders of .pgn and .pgn.gz files (their folders too); - or none for standard input')
    .option('--to <target>', `a language code (zapis help languages), or ${SPECIAL_TARGETS.join(', ')}`)
    .option('--from <code>', 'language of the input: auto or a code (zapis help languages)', 'auto')
    .option('-o, --output <file>', 'write here instead of standard output')
    .option('--capture <mark>', 'capture mark: x, : or none', 'x')
    .option('--castling <style>', 'O-O or 0-0', 'O-O')
    .option('--mate <mark>', '#, X or ++', '#')
    .option('--promotion <style>', '=, plain, () or /', '=')
    .option('--no-checks', 'leave out check marks')
    .option('--draw-offer <form>', 'write (=) as a token, or as a {(=)} comment that every PGN reader accepts (default: comment for --to en, token otherwise)')
    .option('--en-passant <mark>', 'after an en-passant capture: none, e.p. (exd6 e.p., as FIDE Appendix C.13 allows) or ep', 'none')
    .option('--glyphs', 'write the move assessments $1-$6 as the glyphs ! ? !! ?? !? ?! after the move')
    .option('--no-move-numbers', 'leave out move numbers (bare moves, as engines take UCI)')
    .option('-j, --jobs <n>', 'threads converting (default: every core)')
    .addHelpText('after', helpFooter({
      ok: 'every game was converted',
      inputErrors: 'a game has errors: said on stderr, the rest of it kept in a comment',
    }, [
      { command: 'zapis convert games.pgn --to pl -o games-pl.pgn', what: 'Polish piece letters' },
      { command: 'zapis convert round3/ --to en > round3.pgn', what: 'every .pgn file in a folder, as standard PGN' },
    ]))
    .action(async (files: string[], flags: ConvertFlags) => {
      const style = styleFor(flags);
      const drawOffer = parseChoice('--draw-offer', flags.drawOffer ?? (flags.to === 'en' ? 'comment' : 'token'), ['token', 'comment'] as const);
      const from = parseLanguage(flags.from, true);
      const jobs = flags.jobs === undefined ? availableParallelism() : parsePositive('--jobs', flags.jobs);
      const { io } = context;
      const { sources: inputs, emptyInputs, explain } = await archiveInputs(files, io.cwd, PGN_FILES);
      for (const bad of emptyInputs) io.stderr.write(`zapis: cannot read ${bad.file}: ${bad.reason}\n`);
      const output = await openConverted(io.stdout, flags.output === undefined ? undefined : resolve(io.cwd, flags.output), flags.output);
      const converting = runConversion({
        inputs,
        jobs,
        settings: { language: from, moveStyle: style, drawOffer, glyphs: flags.glyphs === true, moveNumbers: flags.moveNumbers },
        stdin: io.stdin,
        onOutput: output.write,
        onProblem: (line) => io.stderr.write(`${line}\n`),
        onUnreadable: (file, reason) => io.stderr.write(`zapis: cannot read ${file}: ${explain(file, reason)}\n`),
      });
      const result = await converting.catch(async (error: unknown) => {
        await output.abandon();
        throw error;
      });
      await output.close();
      context.exitCode = result.unreadable.length > 0 || emptyInputs.length > 0 ? EXIT_USAGE : result.failed > 0 ? EXIT_INPUT_ERRORS : EXIT_OK;
    });
}

interface ConvertedOutput {
  /** Writes a chunk; a promise when the receiver is slow (wait for it before the next). */
  write(chunk: string | Uint8Array): Promise<void> | undefined;
  close(): Promise<void>;
  /** A run that failed: a file being written is removed. */
  abandon(): Promise<void>;
}

function writeChunk(stream: Writable, chunk: string | Uint8Array): Promise<void> | undefined {
  if (chunk.length === 0 || stream.write(chunk)) return undefined;
  return once(stream, 'drain').then(() => undefined);
}

/**
 * Standard output, or with -o a file written beside the target and moved there
 * at the end: the input is read while the output is written, and `-o` may name
 * the input itself.
 */
async function openConverted(stdout: Writable, file: string | undefined, name: string | undefined): Promise<ConvertedOutput> {
  if (file === undefined) {
    return { write: (chunk) => writeChunk(stdout, chunk), close: async () => undefined, abandon: async () => undefined };
  }
  const target = await stat(file).catch(() => undefined);
  if (target?.isDirectory()) throw new UsageError(`cannot write ${name}: is a folder`);
  const partial = join(dirname(file), `.${basename(file)}.zapis-${process.pid}.partial`);
  const stream = createWriteStream(partial);
  try {
    await once(stream, 'open');
  } catch (error) {
    throw new UsageError(`cannot write ${name}: ${unwritableReason(error)}`);
  }
  // A failed write (a full disk) is said once the run ends, not thrown where no one listens.
  let failure: unknown;
  stream.on('error', (error) => {
    failure ??= error;
  });
  return {
    write: (chunk) => (failure === undefined ? writeChunk(stream, chunk) : undefined),
    close: async () => {
      if (failure === undefined) {
        stream.end();
        await Promise.race([once(stream, 'finish'), once(stream, 'close')]);
      }
      if (failure !== undefined) {
        await rm(partial, { force: true });
        throw new UsageError(`cannot write ${name}: ${unwritableReason(failure)}`);
      }
      await rename(partial, file);
    },
    abandon: async () => {
      stream.destroy();
      await rm(partial, { force: true });
    },
  };
}
