/**
 * Converts inputs end to end, as runValidation validates them: batches are
 * read, converted by workers (this thread is one of the jobs), and written in
 * input order. At most a few batches per job are in flight, and output waits
 * for its receiver, so memory stays the same whatever the input's size.
 * Unreadable inputs are reported and the run goes on.
 */
import { formatProblem } from './convert-problems.js';
import { unreadableReason } from './unreadable-reason.js';
import { createConvertJob, type ConvertAnswer, type ConvertJobSettings, type ConvertRequest } from './convert-job.js';
import type { ConvertSettings } from './convert-batch.js';
import { countLineBreaks } from './game-boundary.js';
import { readBatches, type InputSource } from './input-batches.js';
import { ANSWER_DIAGNOSTICS_BUDGET, WORKER_SECTION_TOKENS } from './limits.js';
import { BatchPool } from './pool.js';

/** Batches larger than this (whole games cannot be cut) are converted in this thread, not by a worker. */
const OVERSIZED_BATCH_BYTES = 4 << 20;
/** With this many batches waiting at every worker, this thread converts the next batch itself. */
const WORKER_QUEUE_DEPTH = 2;

export interface ConversionOptions {
  readonly inputs: readonly InputSource[];
  /** Threads converting, this one included; 1 converts in this thread. */
  readonly jobs: number;
  readonly settings: ConvertSettings;
  readonly stdin?: NodeJS.ReadableStream;
  readonly batchBytes?: number;
  /**
   * The converted games, in input order, a chunk at a time (UTF-8 bytes or
   * text): joined, they are the games in export format with a blank line
   * between them. May return a promise (output backpressure).
   */
  readonly onOutput: (chunk: string | Uint8Array) => void | Promise<void>;
  /** Each problem as one line (`file:line:column: error[code]: game N: …`), in input order. */
  readonly onProblem: (line: string) => void;
  readonly onUnreadable?: (file: string, reason: string) => void;
}

export interface ConversionResult {
  readonly games: number;
  /** Games with at least one error. */
  readonly failed: number;
  readonly unreadable: readonly { readonly file: string; readonly reason: string }[];
  /** How many batches this thread converted and how many went to workers. */
  readonly batches: { readonly here: number; readonly workers: number };
}

/** What a worker may hold of a batch: a long run of garbage, or one with many problems, is finished by this thread. */
const WORKER_LIMITS = { sectionTokens: WORKER_SECTION_TOKENS, overlong: 'hand-back', problemsBudget: ANSWER_DIAGNOSTICS_BUDGET } as const;
/** This thread reads every section whole, as `zapis convert` always has, and writes a batch's problems as it goes. */
const MAIN_LIMITS = { problemsBudget: ANSWER_DIAGNOSTICS_BUDGET } as const;

interface InFlight {
  readonly request: ConvertRequest;
  readonly answer: Promise<ConvertAnswer>;
}

/** `lines 12-40` of a batch. */
function batchLines(request: ConvertRequest): string {
  const last = request.firstLine + countLineBreaks(request.bytes, 0, request.bytes.length, -1);
  return last > request.firstLine ? `lines ${request.firstLine}-${last}` : `line ${request.firstLine}`;
}

export async function runConversion(options: ConversionOptions): Promise<ConversionResult> {
  const settings: ConvertJobSettings = { ...options.settings, limits: WORKER_LIMITS };
  const inline = createConvertJob({ ...options.settings, limits: MAIN_LIMITS });
  let pool: BatchPool<ConvertJobSettings, ConvertRequest, ConvertAnswer> | undefined;
  const batches = { here: 0, workers: 0 };
  const unreadable: { file: string; reason: string }[] = [];
  const inFlight: InFlight[] = [];
  const maxInFlight = Math.max(2, options.jobs * 4);
  const gamesInFile = new Map<string, number>();
  let nextId = 0;
  let games = 0;
  let failed = 0;
  let wroteAny = false;

  const convertHere = (request: ConvertRequest): ConvertAnswer => {
    try {
      return inline(request);
    } catch (error) {
      return { id: request.id, output: new Uint8Array(0), games: 0, failed: 0, problems: [], failure: error instanceof Error ? error.message : String(error) };
    }
  };
  const lost = (request: ConvertRequest, reason: string): void => {
    const said = `${batchLines(request)} not converted: ${reason}; this is a bug in zapis, please report it`;
    unreadable.push({ file: request.file, reason: said });
    options.onUnreadable?.(request.file, said);
  };
  const deliver = async (request: ConvertRequest, answer: ConvertAnswer): Promise<void> => {
    const before = gamesInFile.get(request.file) ?? 0;
    for (const problem of answer.problems) options.onProblem(formatProblem(problem, before + problem.game));
    gamesInFile.set(request.file, before + answer.games);
    games += answer.games;
    failed += answer.failed;
    if (answer.games === 0) return;
    // Games are separated as they always were: each ends with a blank line, and one more line comes between two.
    if (wroteAny) {
      const separated = options.onOutput('\n');
      if (separated !== undefined) await separated;
    }
    wroteAny = true;
    const written = options.onOutput(answer.output);
    if (written !== undefined) await written;
  };
  /** One batch written in order: retried once on a fresh worker if its worker died, gone on with here when handed back. */
  const deliverBatch = async (batch: InFlight): Promise<void> => {
    let answer: ConvertAnswer | undefined = pool ? await pool.answerOf(batch.answer, batch.request, lost) : await batch.answer;
    if (answer === undefined) return;
    while (true) {
      if (answer.failure !== undefined) {
        lost(batch.request, `converting them failed (${answer.failure})`);
        return;
      }
      await deliver(batch.request, answer);
      if (answer.resumeAt === undefined) return;
      answer = convertHere({ ...batch.request, from: answer.resumeAt });
    }
  };

  try {
    for (const input of options.inputs) {
      try {
        const batching = { ...(options.batchBytes ? { batchBytes: options.batchBytes } : {}), ...(options.stdin ? { stdin: options.stdin } : {}) };
        for await (const batch of readBatches(input, batching)) {
          const request: ConvertRequest = { id: nextId++, file: batch.file, firstLine: batch.firstLine, bytes: batch.bytes };
          // The workers start once a second batch is sure to come, so an input of one batch never waits for them to boot.
          if (options.jobs > 1 && (request.id > 0 || !batch.last)) pool ??= new BatchPool(options.jobs - 1, settings, 'convert-worker.js', 'conversion');
          const here = !pool || batch.bytes.length > OVERSIZED_BATCH_BYTES || pool.shortestQueue >= WORKER_QUEUE_DEPTH;
          if (here) batches.here++;
          else batches.workers++;
          if (!pool) {
            await deliverBatch({ request, answer: Promise.resolve(convertHere(request)) });
          } else {
            inFlight.push({ request, answer: here ? Promise.resolve(convertHere(request)) : pool.submit(request) });
            while (inFlight.length >= maxInFlight) await deliverBatch(inFlight.shift()!);
          }
        }
        while (inFlight.length > 0) await deliverBatch(inFlight.shift()!);
      } catch (error) {
        // Games already converted from this input stay written; the rest of it is unreadable.
        for (const batch of inFlight.splice(0)) {
          try {
            await deliverBatch(batch);
          } catch {
            // A batch lost with its input: the input is reported below.
          }
        }
        const reason = unreadableReason(error);
        unreadable.push({ file: input.name, reason });
        options.onUnreadable?.(input.name, reason);
      }
    }
  } finally {
    await pool?.close();
  }
  return { games, failed, unreadable, batches };
}
