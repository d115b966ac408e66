/**
 * Converts inputs end to end, as runValidation validates them: batches are
 * read, converted by workers (this thread is one of the jobs), and written in
 * input order. At most a few batches per job are in flight, and output waits
 * for its receiver, so memory stays the same whatever the input's size.
 * Unreadable inputs are reported and the run goes on.
 */
import { driveBatches, WORKER_SECTION_LIMITS } from './batch-driver.js';
import { formatProblem } from './convert-problems.js';
import { createConvertJob, type ConvertAnswer, type ConvertJobSettings, type ConvertRequest } from './convert-job.js';
import type { ConvertSettings } from './convert-batch.js';
import type { InputSource } from './input-batches.js';
import { ANSWER_DIAGNOSTICS_BUDGET } from './limits.js';

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
const WORKER_LIMITS = { ...WORKER_SECTION_LIMITS, problemsBudget: ANSWER_DIAGNOSTICS_BUDGET } as const;
/** This thread reads every section whole, as `zapis convert` always has, and writes a batch's problems as it goes. */
const MAIN_LIMITS = { problemsBudget: ANSWER_DIAGNOSTICS_BUDGET } as const;

export async function runConversion(options: ConversionOptions): Promise<ConversionResult> {
  const unreadable: { file: string; reason: string }[] = [];
  const gamesInFile = new Map<string, number>();
  let games = 0;
  let failed = 0;
  let wroteAny = false;

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

  const batches = await driveBatches<ConvertRequest, ConvertAnswer, ConvertJobSettings>({
    work: 'conversion',
    inputs: options.inputs,
    jobs: options.jobs,
    batching: { ...(options.batchBytes ? { batchBytes: options.batchBytes } : {}), ...(options.stdin ? { stdin: options.stdin } : {}) },
    worker: { file: 'convert-worker.js', settings: { ...options.settings, limits: WORKER_LIMITS } },
    request: (batch) => ({ file: batch.file, firstLine: batch.firstLine, bytes: batch.bytes }),
    here: createConvertJob({ ...options.settings, limits: MAIN_LIMITS }),
    deliver,
    rest: (request, from) => ({ ...request, from }),
    onUnreadable: (file, reason) => {
      unreadable.push({ file, reason });
      options.onUnreadable?.(file, reason);
    },
  });
  return { games, failed, unreadable, batches };
}
