/**
 * `zapis decode`: noisy scoresheet transcriptions (OCR'd text) to the most
 * likely legal games. PGN with what was read on each corrected move and a
 * comment on each move to review, or NDJSON with a confidence, alternatives,
 * what was read and a review flag (why, and the strongest rival) per half-move.
 */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { Diagnostic } from '@zapis/game';
import {
  DEFAULT_REVIEW_THRESHOLD, decodeSheets, whyNotAGame, parseTranscription, readComment, decodedMoveJson, reviewComment, decodedGamePgn,
  type DecodedGame, type DecodeError, type DecodeOptions, type Transcription,
} from '@zapis/decode';
import type { Result } from '@zapis/core';
import { EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE } from '../io.js';
import { readInputs } from '../input.js';
import { parseChoice, parseLanguage, parseReviewThreshold } from '../options.js';
import type { CommandContext } from '../program.js';
import { emptyFolderReason, walkInputs, type FolderKind } from '../input-folders.js';
import { scanHint } from '../input-kind.js';
import { helpFooter } from '../help/command-help.js';

/** What a folder given to decode is walked for. */
const TRANSCRIPTION_FILES: FolderKind = { endings: ['.txt', '.txt.gz'], what: 'transcriptions' };

interface DecodeFlags {
  lang: string;
  format: string;
  reviewThreshold: string;
  pair?: boolean;
}

/** The codes decode reports (stable, kebab-case). */
type DecodeDiagnosticCode =
  | `decode-${DecodeError['code']}` | 'decode-unwritten' | 'decode-corrected' | 'decode-review' | 'decode-noise-cell' | 'decode-break'
  | 'decode-empty' | 'decode-not-a-game';

/** Decode reports problems with the same fields as validate (ARCHITECTURE.md), without source offsets. */
type JsonDiagnostic = Omit<Diagnostic, 'offset' | 'length' | 'code'> & { readonly code: DecodeDiagnosticCode };

/** One game to decode: one sheet, or White's and Black's sheets of the same game (--pair). */
interface Job {
  readonly file: string;
  readonly records: readonly Transcription[];
  /** The file's text is empty (one failed game stands for it). */
  readonly empty?: true;
}


/** The job of an empty text: one failed game, not none, so that nothing read is dropped silently. */
const emptyJob = (file: string): Job => ({ file, records: [{ index: 1, line: 1, tags: {}, sheet: { cells: [] } }], empty: true });

/** Why a job is not decoded at all: an empty text, or a sheet whose words are mostly not moves (whyNotAGame). */
function refusedBeforeDecoding(job: Job): JsonDiagnostic[] {
  if (job.empty) return [{ severity: 'error', code: 'decode-empty', message: 'the text is empty', file: job.file, line: 1, column: 1 }];
  return job.records.flatMap((record): JsonDiagnostic[] => {
    const problem = whyNotAGame(record);
    // A game with no move text at all is the decoder's own 'no-readings' error.
    return problem?.code === 'not-a-game'
      ? [{ severity: 'error', code: 'decode-not-a-game', message: problem.message, file: job.file, line: record.line, column: 1 }] : [];
  });
}

/** A job decoded, or refused before decoding, with its diagnostics. */
function runJob(job: Job, options: DecodeOptions): { decoded?: Result<DecodedGame, DecodeError>; diagnostics: JsonDiagnostic[] } {
  const refused = refusedBeforeDecoding(job);
  if (refused.length > 0) return { diagnostics: refused };
  const decoded = decodeSheets(job.records.map((record) => record.sheet), options);
  return { decoded, diagnostics: diagnosticsOf(job, decoded) };
}

function diagnosticsOf(job: Job, decoded: Result<DecodedGame, DecodeError>): JsonDiagnostic[] {
  const file = job.file;
  const start = job.records[0];
  if (!decoded.ok) {
    return [{ severity: 'error', code: `decode-${decoded.error.code}`, message: decoded.error.message, file, line: start.line, column: 1 }];
  }
  const game = decoded.value;
  const diagnostics: JsonDiagnostic[] = [];
  for (const move of game.moves) {
    if (!move.review) continue;
    const written = move.cells.find((cell) => cell.corrected === true) ?? move.cells.find((cell) => cell.cell !== undefined);
    const code = !written ? 'decode-unwritten' : move.corrected ? 'decode-corrected' : 'decode-review';
    const read = readComment(move);
    diagnostics.push({
      severity: 'warning', code, message: `${move.moveNumber}${move.side === 'white' ? '.' : '...'} ${move.san}${read ? ` (${read})` : ''}: ${reviewComment(move)}`, file,
      line: written?.source?.line ?? start.line, column: written?.source?.column ?? 1,
      ply: move.ply, moveNumber: move.moveNumber, side: move.side, fen: move.fen,
      ...(written?.text !== undefined ? { text: written.text } : {}),
      candidates: [move.san, ...new Set([...(move.rival?.kind === 'move' ? [move.rival.san] : []), ...move.alternatives.map((alternative) => alternative.san)])],
    });
  }
  for (const noise of game.unexplained) {
    diagnostics.push({
      severity: 'info', code: 'decode-noise-cell', message: `'${noise.text}' holds no move (read as noise)`, file,
      line: noise.source?.line ?? start.line, column: noise.source?.column ?? 1, ply: noise.afterPly + 1, text: noise.text,
    });
  }
  if (game.break) {
    diagnostics.push({
      severity: 'error', code: 'decode-break', message: game.break.message, file,
      line: game.break.source?.line ?? start.line, column: game.break.source?.column ?? 1,
      ply: game.break.ply, fen: game.break.fen, text: game.break.text,
    });
  }
  return diagnostics;
}

/** A decoded move as `decode --format json` writes it: its place and probabilities as `read` writes them, then what was read. */
function jsonMove(move: DecodedGame['moves'][number]) {
  return {
    ...decodedMoveJson(move),
    review: move.review,
    reviewReasons: move.reviewReasons,
    // What each sheet's cell read (null: not written), and whether the decoder corrected it.
    read: move.cells.map((cell) => cell.text ?? null),
    corrected: move.corrected,
    ...(move.rival ? { rival: move.rival.kind === 'move'
      ? { san: move.rival.san, probability: Number(move.rival.probability.toFixed(4)) }
      : { gameEnds: true, probability: Number(move.rival.probability.toFixed(4)) } } : {}),
  };
}

function jsonGame(job: Job, index: number, game: DecodedGame | undefined, diagnostics: readonly JsonDiagnostic[], requested: string) {
  const start = job.records[0];
  return {
    file: job.file,
    index,
    line: start.line,
    tags: start.tags,
    language: game?.language ?? requested,
    status: diagnostics.some((diagnostic) => diagnostic.severity === 'error') ? 'error' : 'ok',
    plies: game?.moves.length ?? 0,
    san: game?.moves.map((move) => move.san) ?? [],
    fen: game?.fen ?? '',
    ...(start.result ? { result: start.result } : {}),
    ...(job.records.length > 1 ? { sheets: job.records.length } : {}),
    moves: game?.moves.map(jsonMove) ?? [],
    review: game?.review ?? [],
    diagnostics,
  };
}

export function registerDecode(program: Command, context: CommandContext): void {
  program
    .command('decode')
    .description('turn noisy OCR\'d scoresheet transcriptions into the most likely legal games')
    .argument('[files...]', 'transcription files (.gz read directly), or folders of .txt and .txt.gz files (their folders too); - or none for standard input')
    .option('--lang <code>', 'language of the piece letters: auto or a code (zapis help languages)', 'auto')
    .option('--format <format>', 'pgn (with what was read on each corrected move and a comment on each move to review) or json (NDJSON: one object per game, then a summary)', 'pgn')
    .option('--review-threshold <p>', 'moves below this confidence are flagged for review', String(DEFAULT_REVIEW_THRESHOLD))
    .option('--pair', 'consecutive games in a file are White\u2019s and Black\u2019s sheets of one game: decode them jointly')
    .addHelpText('after', helpFooter({
      ok: 'every game was decoded (moves to review allowed)',
      inputErrors: 'a game could not be decoded, or holds no moves',
    }, [
      { command: 'zapis decode scoresheet.txt', what: 'PGN, with a comment on each move to review' },
      { command: 'zapis decode ocr/ --lang pl --format json', what: 'every .txt file in a folder, Polish letters, as NDJSON' },
    ]))
    .action(async (files: string[], flags: DecodeFlags) => {
      const language = parseLanguage(flags.lang, true);
      const format = parseChoice('--format', flags.format, ['pgn', 'json'] as const);
      const reviewThreshold = parseReviewThreshold(flags.reviewThreshold);
      const { io } = context;
      const walked = await walkInputs(files.length === 0 ? ['-'] : files, io.cwd, TRANSCRIPTION_FILES);
      // Only empty folders given: nothing to read, and standard input is not what was meant.
      const read = walked.inputs.length === 0 ? { inputs: [], unreadable: [] }
        : await readInputs(walked.inputs.map((input) => (input === '-' ? '-' : input.name)), io.cwd, io.stdin);
      const { inputs } = read;
      const unreadable = [
        ...walked.emptyFolders.map((folder) => ({ name: folder, reason: emptyFolderReason(TRANSCRIPTION_FILES) })),
        ...read.unreadable.map((bad) => ({ name: bad.name, reason: bad.name === '-' ? bad.reason : `${bad.reason}${scanHint(resolve(io.cwd, bad.name))}` })),
      ];
      for (const bad of unreadable) io.stderr.write(`zapis: cannot read ${bad.name}: ${bad.reason}\n`);
      const started = performance.now();
      const summary = { games: 0, ok: 0, failed: 0, plies: 0, flagged: 0, corrected: 0, unexplainedCells: 0, languages: {} as Record<string, number> };
      for (const input of inputs) {
        const records = parseTranscription(input.text);
        const jobs: Job[] = [];
        const step = flags.pair ? 2 : 1;
        for (let index = 0; index < records.length; index += step) jobs.push({ file: input.name, records: records.slice(index, index + step) });
        if (input.text.trim() === '') jobs.push(emptyJob(input.name));
        for (const [position, job] of jobs.entries()) {
          const { decoded, diagnostics } = runJob(job, { language, reviewThreshold });
          const failed = diagnostics.some((diagnostic) => diagnostic.severity === 'error');
          summary.games++;
          if (failed) summary.failed++;
          else summary.ok++;
          if (decoded?.ok) {
            summary.plies += decoded.value.moves.length;
            summary.flagged += decoded.value.review.length;
            summary.corrected += decoded.value.moves.filter((move) => move.corrected).length;
            summary.unexplainedCells += decoded.value.unexplained.length;
            summary.languages[decoded.value.language] = (summary.languages[decoded.value.language] ?? 0) + 1;
          }
          if (format === 'json') {
            io.stdout.write(`${JSON.stringify(jsonGame(job, position + 1, decoded?.ok ? decoded.value : undefined, diagnostics, language))}\n`);
          } else if (decoded?.ok) {
            const start = job.records[0];
            io.stdout.write(`${decodedGamePgn(decoded.value, { tags: start.tags, ...(start.result ? { result: start.result } : {}) })}\n`);
          } else {
            for (const diagnostic of diagnostics) io.stderr.write(`zapis: ${input.name}:${diagnostic.line}: ${diagnostic.message}\n`);
          }
        }
      }
      const seconds = (performance.now() - started) / 1000;
      if (format === 'json') {
        io.stdout.write(`${JSON.stringify({ summary: { ...summary, unreadable, seconds: Number(seconds.toFixed(3)) } })}\n`);
      } else {
        io.stderr.write(`${summary.games} game${summary.games === 1 ? '' : 's'} decoded: ${summary.ok} ok, ${summary.failed} with errors; ` +
          `${summary.plies} plies, ${summary.flagged} to review (${summary.corrected} corrected)\n`);
      }
      context.exitCode = unreadable.length > 0 ? EXIT_USAGE : summary.failed > 0 ? EXIT_INPUT_ERRORS : EXIT_OK;
    });
}
