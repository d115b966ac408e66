/**
 * Validates inputs end to end: batches are read, validated by workers (or in
 * this thread for one job), and handed back in input order with their game
 * numbers; duplicates are found where the games meet; the summary adds up to
 * the games read. Unreadable inputs are reported and the run goes on.
 */
import type { LanguageCode } from '@zapis/notation';
import { driveBatches, WORKER_SECTION_LIMITS } from './batch-driver.js';
import { createJob, type BatchAnswer, type BatchRequest, type JobSettings } from './batch-job.js';
import type { InputSource, Shard } from './input-batches.js';
import { ANSWER_DIAGNOSTICS_BUDGET } from './limits.js';
import { RecordDelivery, type RecordDeliveryOptions } from './record-delivery.js';
import type { RuleConfig } from './rule-contract.js';
import { ruleHooks } from './rule-hooks.js';
import { finishSummary, type SummaryCounts } from './summary.js';

export type { Progress } from './record-delivery.js';

export interface ValidationOptions extends RecordDeliveryOptions {
  readonly inputs: readonly InputSource[];
  /** Worker threads; 1 validates in this thread. */
  readonly jobs: number;
  readonly language: LanguageCode | 'auto';
  readonly shard?: Shard;
  readonly ruleConfig?: RuleConfig;
  /** Records keep `san` and `fen` (default true); a report that prints neither runs faster without them. */
  readonly keepMoves?: boolean;
  /**
   * The report needs every game's whole record (default true). Without, clean
   * games reach onRecord without tags, moves or FEN, and cost far less to send.
   */
  readonly everyGame?: boolean;
  readonly stdin?: NodeJS.ReadableStream;
  readonly batchBytes?: number;
  readonly onUnreadable?: (file: string, reason: string) => void;
}

export interface ValidationResult {
  readonly summary: SummaryCounts;
  /** True when --max-errors stopped the run: nothing after `lastGame` was validated. */
  readonly stoppedEarly: boolean;
  /** The last game reported (where --max-errors stopped the run). */
  readonly lastGame?: { readonly file: string; readonly index: number; readonly line: number };
  /** How many batches this thread validated and how many went to workers. */
  readonly batches: { readonly here: number; readonly workers: number };
}

/** What a worker may hold of a batch (its heap is small); the main thread reads longer games and goes on from there. */
const WORKER_LIMITS = { ...WORKER_SECTION_LIMITS, diagnosticsBudget: ANSWER_DIAGNOSTICS_BUDGET } as const;
/** The main thread cuts over-long games (MAX_GAME_TOKENS) and writes a batch's findings as it goes. */
const MAIN_LIMITS = { diagnosticsBudget: ANSWER_DIAGNOSTICS_BUDGET } as const;

/** The request with what --max-errors leaves, when it was given: a batch is handed back once it holds that many errors. */
function withErrorBudget(request: BatchRequest, errorBudget: number | undefined): BatchRequest {
  return errorBudget === undefined ? request : { ...request, errorBudget };
}

export async function runValidation(options: ValidationOptions): Promise<ValidationResult> {
  const started = performance.now();
  const settings: JobSettings = {
    language: options.language,
    keepMoves: options.keepMoves !== false,
    everyGame: options.everyGame !== false,
    ...(options.ruleConfig ? { ruleConfig: options.ruleConfig } : {}),
    limits: WORKER_LIMITS,
  };
  const delivery = new RecordDelivery(options, started);
  // The bytes of the games validated: shards add up to the whole input (bytes read include a shard's skipped prefix).
  let bytesValidated = 0;
  const batches = await driveBatches<BatchRequest, BatchAnswer, JobSettings>({
    work: 'validation',
    inputs: options.inputs,
    jobs: options.jobs,
    batching: { ...(options.shard ? { shard: options.shard } : {}), ...(options.batchBytes ? { batchBytes: options.batchBytes } : {}), ...(options.stdin ? { stdin: options.stdin } : {}) },
    onBytes: (bytes) => {
      delivery.bytesRead += bytes;
    },
    worker: { file: 'worker.js', settings },
    request: (batch) => {
      bytesValidated += batch.bytes.length;
      return withErrorBudget({ file: batch.file, firstLine: batch.firstLine, longestLine: batch.longestLine, bytes: batch.bytes }, delivery.errorBudget);
    },
    // In this thread records need not travel: clean games stay whole records.
    here: createJob({ ...settings, everyGame: true, limits: MAIN_LIMITS }, ruleHooks),
    deliver: (_request, answer) => delivery.deliver(answer),
    rest: (request, from) => withErrorBudget({ ...request, from }, delivery.errorBudget),
    stopped: () => delivery.limitReached,
    onUnreadable: (file, reason) => {
      delivery.summary.unreadable.push({ file, reason });
      options.onUnreadable?.(file, reason);
    },
  });
  const { summary, lastGame } = delivery;
  summary.bytes = bytesValidated;
  const stoppedEarly = delivery.limitReached;
  return { summary: finishSummary(summary, (performance.now() - started) / 1000), stoppedEarly, batches, ...(stoppedEarly && lastGame ? { lastGame } : {}) };
}
