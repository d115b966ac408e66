/**
 * Validates inputs end to end: batches are read, validated by workers (or in
 * this thread for one job), and handed back in input order with their game
 * numbers; duplicates are found where the games meet; the summary adds up to
 * the games read. Unreadable inputs are reported and the run goes on.
 */
import type { LanguageCode } from '@zapis/notation';
import { unreadableReason } from './unreadable-reason.js';
import { createJob, type BatchAnswer, type BatchRequest, type JobSettings } from './batch-job.js';
import { unpackGames } from './clean-games.js';
import { readBatches, type InputSource, type Shard } from './input-batches.js';
import { ValidationPool } from './pool.js';
import { capDiagnostics, countAtLeast } from './diagnostic-cap.js';
import { countLineBreaks } from './game-boundary.js';
import { ANSWER_DIAGNOSTICS_BUDGET, WORKER_SECTION_TOKENS } from './limits.js';
import type { GameRecord, RecordDiagnostic } from './record.js';
import type { RuleConfig } from './rule-contract.js';
import { ruleHooks } from './rule-hooks.js';
import { addRecord, emptySummary, finishSummary, type SummaryCounts } from './summary.js';

/** Batches larger than this (whole games cannot be cut) are validated in this thread, not by a worker. */
const OVERSIZED_BATCH_BYTES = 4 << 20;
/**
 * With this many batches waiting at every worker, this thread validates the
 * next batch itself: it is one of the jobs, so `--jobs N` starts N - 1
 * workers and no core idles while this thread only reads and orders.
 */
const WORKER_QUEUE_DEPTH = 2;

export interface Progress {
  readonly games: number;
  readonly bytes: number;
  /** Total input bytes when known (files), for an ETA. */
  readonly totalBytes?: number;
  readonly seconds: number;
}

export interface ValidationOptions {
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
  /** Stop reading after this many error diagnostics. */
  readonly maxErrors?: number;
  readonly batchBytes?: number;
  /** Called with each duplicate check's game, in input order; returns a finding for a repeat. */
  readonly duplicates?: (record: GameRecord) => RecordDiagnostic | undefined;
  /** Each game, in input order. May return a promise (output backpressure). */
  readonly onRecord: (record: GameRecord) => void | Promise<void>;
  readonly onUnreadable?: (file: string, reason: string) => void;
  readonly onProgress?: (progress: Progress) => void;
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

/**
 * The record with its number in the file. Records reach this thread made for
 * their batch and held by nothing else (a worker's are copies; this thread's
 * job made its own), so the number is set in place: a copy per game would
 * cost more than the rest of the delivery.
 */
function numbered(record: GameRecord, index: number): GameRecord {
  (record as { index: number }).index = index;
  return record;
}

/** What a worker may hold of a batch (its heap is small); the main thread reads longer games and goes on from there. */
const WORKER_LIMITS = { sectionTokens: WORKER_SECTION_TOKENS, overlong: 'hand-back', diagnosticsBudget: ANSWER_DIAGNOSTICS_BUDGET } as const;
/** The main thread cuts over-long games (MAX_GAME_TOKENS) and writes a batch's findings as it goes. */
const MAIN_LIMITS = { diagnosticsBudget: ANSWER_DIAGNOSTICS_BUDGET } as const;

/** A batch on its way: what was asked (kept, to go on from a batch handed back or lost) and the answer to come. */
interface InFlight {
  readonly request: BatchRequest;
  readonly answer: Promise<BatchAnswer>;
}

/** `lines 12-40` of a batch. */
function batchLines(request: BatchRequest): string {
  const last = request.firstLine + countLineBreaks(request.bytes, 0, request.bytes.length, -1);
  return last > request.firstLine ? `lines ${request.firstLine}-${last}` : `line ${request.firstLine}`;
}

function withFinding(record: GameRecord, finding: RecordDiagnostic): GameRecord {
  const diagnostics = [...record.diagnostics, finding];
  return { ...record, diagnostics, status: diagnostics.some((d) => d.severity === 'error') ? 'error' : record.status };
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
  // This thread is one of the jobs: it reads, orders and writes, and validates whenever the workers have enough queued.
  // The workers start once a second batch is sure to come, so an input of one batch never waits for them to boot.
  let pool: ValidationPool | undefined;
  const batches = { here: 0, workers: 0 };
  // In this thread records need not travel: clean games stay whole records.
  const inline = createJob({ ...settings, everyGame: true, limits: MAIN_LIMITS }, ruleHooks);
  const summary = emptySummary();
  const inFlight: InFlight[] = [];
  // Room for this thread to go on validating while the oldest batch is still at a worker (one warming up is slow).
  const maxInFlight = Math.max(2, options.jobs * 4);
  let nextId = 0;
  let errors = 0;
  let stoppedEarly = false;
  let bytesRead = 0;
  // The bytes of the games validated: shards add up to the whole input (bytes read include a shard's skipped prefix).
  let bytesValidated = 0;
  let lastProgress = 0;
  const indexInFile = new Map<string, number>();
  let lastGame: ValidationResult['lastGame'];
  const maxErrors = options.maxErrors ?? Infinity;

  const deliver = async (answer: BatchAnswer): Promise<void> => {
    // Games are numbered on from their file's last game (a batch is cut from one file: looked up once a batch).
    let file: string | undefined;
    let index = 0;
    for (const local of unpackGames(answer.clean, answer.records)) {
      if (local.file !== file) {
        file = local.file;
        index = indexInFile.get(file) ?? 0;
      }
      index++;
      indexInFile.set(file, index);
      let record = numbered(local, index);
      const finding = options.duplicates?.(record);
      if (finding) record = withFinding(record, finding);
      if (record.diagnostics.length > 0) {
        const found = countAtLeast(record, 'error');
        // The game that reaches --max-errors lists errors up to the limit; the rest are counted, not listed.
        if (errors + found > maxErrors) record = capDiagnostics(record, Infinity, `--max-errors ${maxErrors} was reached`, maxErrors - errors);
        errors += found;
      }
      addRecord(summary, record);
      // Awaited only when the report gives a promise (a write under backpressure): an await per game costs microtask turns.
      const written = options.onRecord(record);
      if (written !== undefined) await written;
      if (errors >= maxErrors) {
        lastGame = { file: record.file, index: record.index, line: record.line };
        break;
      }
    }
    if (options.onProgress) {
      const now = performance.now();
      if (now - lastProgress > 250) {
        lastProgress = now;
        options.onProgress({ games: summary.games, bytes: bytesRead, seconds: (now - started) / 1000 });
      }
    }
  };
  const limitReached = (): boolean => errors >= maxErrors;
  const errorBudget = (): number | undefined => (maxErrors === Infinity ? undefined : maxErrors - errors);
  /** A batch that could not be validated: said, located, and the run goes on. */
  const lost = (request: BatchRequest, reason: string): void => {
    const said = `${batchLines(request)} not validated: ${reason}; this is a bug in zapis, please report it`;
    summary.unreadable.push({ file: request.file, reason: said });
    options.onUnreadable?.(request.file, said);
  };
  const validateHere = (request: BatchRequest): BatchAnswer => {
    try {
      return inline(request);
    } catch (error) {
      return { id: request.id, records: [], failure: error instanceof Error ? error.message : String(error) };
    }
  };
  /** One batch delivered in order: retried once on a fresh worker if its worker died, gone on with here when handed back. */
  const deliverBatch = async (batch: InFlight): Promise<void> => {
    let answer: BatchAnswer | undefined = pool ? await pool.answerOf(batch.answer, batch.request, lost) : await batch.answer;
    if (answer === undefined) return;
    while (true) {
      if (answer.failure !== undefined) {
        lost(batch.request, `validating them failed (${answer.failure})`);
        return;
      }
      await deliver(answer);
      if (answer.resumeAt === undefined || limitReached()) return;
      const budget = errorBudget();
      answer = validateHere({ ...batch.request, from: answer.resumeAt, ...(budget !== undefined ? { errorBudget: budget } : {}) });
    }
  };

  try {
    for (const input of options.inputs) {
      if (limitReached()) break;
      try {
        for await (const batch of readBatches(input, { ...(options.shard ? { shard: options.shard } : {}), ...(options.batchBytes ? { batchBytes: options.batchBytes } : {}), ...(options.stdin ? { stdin: options.stdin } : {}) }, (bytes) => {
          bytesRead += bytes;
        })) {
          bytesValidated += batch.bytes.length;
          const budget = errorBudget();
          const request: BatchRequest = {
            id: nextId++, file: batch.file, firstLine: batch.firstLine, longestLine: batch.longestLine, bytes: batch.bytes,
            ...(budget !== undefined ? { errorBudget: budget } : {}),
          };
          if (options.jobs > 1 && (request.id > 0 || !batch.last)) pool ??= new ValidationPool(options.jobs - 1, settings);
          // One huge game (a hostile comment, say) is validated here too: this thread's heap takes it, so workers can stay small.
          const here = !pool || batch.bytes.length > OVERSIZED_BATCH_BYTES || pool.shortestQueue >= WORKER_QUEUE_DEPTH;
          if (here) batches.here++;
          else batches.workers++;
          if (!pool) {
            await deliverBatch({ request, answer: Promise.resolve(validateHere(request)) });
          } else {
            inFlight.push({ request, answer: here ? Promise.resolve(validateHere(request)) : pool.submit(request) });
            while (inFlight.length >= maxInFlight && !limitReached()) await deliverBatch(inFlight.shift()!);
          }
          if (limitReached()) {
            stoppedEarly = true;
            break;
          }
        }
        while (inFlight.length > 0 && !limitReached()) await deliverBatch(inFlight.shift()!);
        if (limitReached()) stoppedEarly = true;
        inFlight.length = 0;
      } catch (error) {
        // Games already validated from this input stay reported; the rest of it is unreadable.
        for (const batch of inFlight.splice(0)) {
          if (limitReached()) break;
          try {
            await deliverBatch(batch);
          } catch {
            // A batch lost with its input: the input is reported below.
          }
        }
        const reason = unreadableReason(error);
        summary.unreadable.push({ file: input.name, reason });
        options.onUnreadable?.(input.name, reason);
      }
    }
  } finally {
    await pool?.close();
  }
  summary.bytes = bytesValidated;
  if (limitReached()) stoppedEarly = true;
  return { summary: finishSummary(summary, (performance.now() - started) / 1000), stoppedEarly, batches, ...(stoppedEarly && lastGame ? { lastGame } : {}) };
}
