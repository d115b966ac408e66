/**
 * The one loop behind runValidation and runConversion: inputs are read in
 * batches, each batch is worked through by a worker or by this thread (one of
 * the jobs), and the answers are delivered in input order. At most a few
 * batches per job are in flight, so memory stays the same whatever the
 * input's size. A worker hands back a batch it may not finish (its heap is
 * small) and this thread goes on from there; a batch whose worker died is
 * sent once more to a fresh one, then reported lost; an input that cannot be
 * read is reported and the run goes on.
 */
import { stat } from 'node:fs/promises';
import { compiledWorker, WorkerLostError, WorkerPool } from '@zapis/workers';
import { countLineBreaks } from './game-boundary.js';
import { batchBytesFor, readBatches, type Batch, type BatchingOptions, type InputSource } from './input-batches.js';
import { WORKER_SECTION_TOKENS } from './limits.js';
import { unreadableReason } from './unreadable-reason.js';
import { workerStart, type WorkerStart } from './worker-start.js';

/** Batches larger than this (whole games cannot be cut) are worked through in this thread, whose heap is larger. */
const OVERSIZED_BATCH_BYTES = 4 << 20;
/**
 * With this many batches waiting at every worker, this thread takes the next
 * batch itself: it is one of the jobs, so `--jobs N` starts N - 1 workers and
 * no core idles while this thread only reads and orders.
 */
const WORKER_QUEUE_DEPTH = 2;
/**
 * Heap per worker. A worker holds one batch of at most a few MiB (larger ones
 * stay in this thread) and what working through it takes; without a bound V8
 * lets each heap grow far past that before collecting, which is most of a
 * run's memory. What a batch may hold is bounded to fit (see limits.ts).
 */
const WORKER_RESOURCE_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 } as const;
/** What a worker reads in one go: a longer run with no game end is handed back to this thread. */
export const WORKER_SECTION_LIMITS = { sectionTokens: WORKER_SECTION_TOKENS, overlong: 'hand-back' } as const;

/** The work, as messages name it. */
const WORDS = {
  validation: { done: 'validated', doing: 'validating' },
  conversion: { done: 'converted', doing: 'converting' },
} as const;
export type BatchWork = keyof typeof WORDS;

/** What every batch request carries. */
export interface DrivenRequest {
  readonly file: string;
  readonly firstLine: number;
  readonly bytes: Uint8Array;
}

/** What every batch answer may carry: set when the batch was handed back unfinished, the character offset to go on from. */
export interface DrivenAnswer {
  readonly resumeAt?: number;
}

export interface BatchDriverOptions<Request extends DrivenRequest, Answer extends DrivenAnswer, Settings> {
  readonly work: BatchWork;
  readonly inputs: readonly InputSource[];
  /** Threads working, this one included; 1 works in this thread alone. */
  readonly jobs: number;
  readonly batching: BatchingOptions;
  /** Hears of every byte read (progress). */
  readonly onBytes?: (bytes: number) => void;
  /** The compiled worker (`worker.js`) and the settings it starts with. */
  readonly worker: { readonly file: string; readonly settings: Settings };
  /** The request for a batch, made as it is read. */
  readonly request: (batch: Batch) => Request;
  /** This thread's job. */
  readonly here: (request: Request) => Answer;
  /** Each answer, in input order, with the request it answers. May return a promise (output backpressure). */
  readonly deliver: (request: Request, answer: Answer) => void | Promise<void>;
  /** The rest of a batch handed back, from the character offset `from`. */
  readonly rest: (request: Request, from: number) => Request;
  /** True once nothing more is to be read or delivered (--max-errors). */
  readonly stopped?: () => boolean;
  /** An input that could not be read, or a batch that could not be worked through, and why. */
  readonly onUnreadable: (file: string, reason: string) => void;
}

/** How many batches this thread worked through and how many went to workers. */
export interface BatchShare {
  readonly here: number;
  readonly workers: number;
}

/** A batch that threw while being worked through, and what it threw. */
class BatchFailure {
  constructor(readonly message: string) {}
}

type Outcome<Answer> = Answer | BatchFailure | WorkerLostError;

/** A batch on its way: what was asked (kept, to go on from a batch handed back or lost) and its outcome to come. */
interface InFlight<Request, Answer> {
  readonly request: Request;
  readonly outcome: Promise<Outcome<Answer>>;
  /** Gives the batch's bytes back to the reader, once delivered. */
  readonly release: (() => void) | undefined;
}

/** `lines 12-40` of a batch. */
function lineRange(request: DrivenRequest): string {
  const last = request.firstLine + countLineBreaks(request.bytes, 0, request.bytes.length, -1);
  return last > request.firstLine ? `lines ${request.firstLine}-${last}` : `line ${request.firstLine}`;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Every input read in batches and every batch's answer delivered in input order (up to `stopped`); then how the batches were shared. */
export async function driveBatches<Request extends DrivenRequest, Answer extends DrivenAnswer, Settings>(
  options: BatchDriverOptions<Request, Answer, Settings>,
): Promise<BatchShare> {
  return new BatchDriver(options).run();
}

class BatchDriver<Request extends DrivenRequest, Answer extends DrivenAnswer, Settings> {
  private pool: WorkerPool<Request, Answer, WorkerStart<Settings>> | undefined;
  private readonly inFlight: InFlight<Request, Answer>[] = [];
  /**
   * Room for this thread to go on while the oldest batch is still at a worker: WORKER_QUEUE_DEPTH batches
   * for every job (this thread is one), and one more. Every batch in flight holds its bytes and its
   * answer, so more room costs memory and gains nothing once this thread is the slower job.
   */
  private readonly maxInFlight: number;
  private readonly share = { here: 0, workers: 0 };
  private readonly stopped: () => boolean;
  private batchesRead = 0;

  constructor(private readonly options: BatchDriverOptions<Request, Answer, Settings>) {
    this.maxInFlight = options.jobs * WORKER_QUEUE_DEPTH + 1;
    this.stopped = options.stopped ?? (() => false);
  }

  async run(): Promise<BatchShare> {
    try {
      for (const input of this.options.inputs) {
        if (this.stopped()) break;
        await this.runInput(input);
      }
    } finally {
      await this.pool?.close();
    }
    return this.share;
  }

  /**
   * How this input is cut (batches sized to it when the caller left the size open: a file's size is known up
   * front), and whether it is sure to make more than one batch.
   */
  private async plan(input: InputSource): Promise<{ readonly batching: BatchingOptions; readonly manyBatches: boolean }> {
    const { batching, jobs } = this.options;
    if (jobs <= 1 || input.path === undefined) return { batching, manyBatches: false };
    const size = await stat(input.path).then((found) => found.size, () => undefined);
    if (size === undefined) return { batching, manyBatches: false };
    const batchBytes = batching.batchBytes ?? batchBytesFor(size, jobs);
    // A gzipped file is larger unpacked: its size on disk undercounts its batches, never overcounts them.
    const share = batching.shard ? size / batching.shard.count : size;
    return { batching: { ...batching, batchBytes }, manyBatches: share > batchBytes };
  }

  private async runInput(input: InputSource): Promise<void> {
    try {
      const { batching, manyBatches } = await this.plan(input);
      // The workers load while the first batches are read and worked through here.
      if (manyBatches) this.pool ??= this.startPool();
      for await (const batch of readBatches(input, batching, this.options.onBytes)) {
        await this.take(batch);
        if (this.stopped()) break;
      }
      while (this.inFlight.length > 0 && !this.stopped()) await this.deliverBatch(this.inFlight.shift()!);
      this.inFlight.length = 0;
    } catch (error) {
      // Batches already worked through from this input stay delivered; the rest of it is unreadable.
      for (const batch of this.inFlight.splice(0)) {
        if (this.stopped()) break;
        try {
          await this.deliverBatch(batch);
        } catch {
          // A batch lost with its input: the input is reported below.
        }
      }
      this.options.onUnreadable(input.name, unreadableReason(error));
    }
  }

  /** A batch read: sent to a worker, or worked through here; the oldest batches delivered while too many are in flight. */
  private async take(batch: Batch): Promise<void> {
    const request = this.options.request(batch);
    const first = this.batchesRead++ === 0;
    // The workers start once a second batch is sure to come, so an input of one batch never waits for them to boot.
    if (this.options.jobs > 1 && (!first || !batch.last)) this.pool ??= this.startPool();
    const pool = this.pool;
    // While every worker is loading, the event loop gets a turn per batch, so that a worker's word that it is
    // ready is heard even when the input comes from memory, without I/O between batches.
    if (pool && pool.shortestReadyQueue === Infinity) await new Promise((resume) => setImmediate(resume));
    // One huge game (a hostile comment, say) stays here too: this thread's heap takes it, so workers can stay small.
    // A worker still loading is not waited for: this thread goes on with the batches until one is ready.
    const here = !pool || batch.bytes.length > OVERSIZED_BATCH_BYTES || pool.shortestReadyQueue >= WORKER_QUEUE_DEPTH;
    if (here) this.share.here++;
    else this.share.workers++;
    const outcome = here ? Promise.resolve(this.workHere(request)) : this.atWorker(pool, request);
    if (!pool) return this.deliverBatch({ request, outcome, release: batch.release });
    this.inFlight.push({ request, outcome, release: batch.release });
    while (this.inFlight.length >= this.maxInFlight && !this.stopped()) await this.deliverBatch(this.inFlight.shift()!);
  }

  private startPool(): WorkerPool<Request, Answer, WorkerStart<Settings>> {
    const { jobs, work, worker } = this.options;
    return new WorkerPool({
      worker: compiledWorker(worker.file, import.meta.url), workers: jobs - 1, settings: workerStart(worker.settings), workName: work,
      requestsPerWorker: WORKER_QUEUE_DEPTH, resourceLimits: WORKER_RESOURCE_LIMITS,
    });
  }

  private workHere(request: Request): Outcome<Answer> {
    try {
      return this.options.here(request);
    } catch (error) {
      return new BatchFailure(messageOf(error));
    }
  }

  /** The batch at a worker; its bytes are copied into a buffer of their own, which is moved, not cloned. */
  private atWorker(pool: WorkerPool<Request, Answer, WorkerStart<Settings>>, request: Request): Promise<Outcome<Answer>> {
    // Copied (Buffer#slice would share memory): the request keeps its bytes, to go on from a batch handed back or lost.
    const bytes = new Uint8Array(request.bytes);
    return pool.submit({ ...request, bytes }, { transfer: [bytes.buffer as ArrayBuffer] }).catch((error: unknown) => (error instanceof WorkerLostError ? error : new BatchFailure(messageOf(error))));
  }

  /** One batch delivered in order, then its bytes given back to the reader. */
  private async deliverBatch(batch: InFlight<Request, Answer>): Promise<void> {
    try {
      await this.deliverOutcome(batch);
    } finally {
      batch.release?.();
    }
  }

  /** Sent once more to a fresh worker if its worker died, gone on with here when handed back. */
  private async deliverOutcome(batch: InFlight<Request, Answer>): Promise<void> {
    let outcome = await batch.outcome;
    if (outcome instanceof WorkerLostError && this.pool) outcome = await this.atWorker(this.pool, batch.request);
    while (true) {
      if (outcome instanceof WorkerLostError) return this.lose(batch.request, outcome.message);
      if (outcome instanceof BatchFailure) return this.lose(batch.request, `${WORDS[this.options.work].doing} them failed (${outcome.message})`);
      await this.options.deliver(batch.request, outcome);
      if (outcome.resumeAt === undefined || this.stopped()) return;
      outcome = this.workHere(this.options.rest(batch.request, outcome.resumeAt));
    }
  }

  /** A batch that could not be worked through: said, located, and the run goes on. */
  private lose(request: Request, reason: string): void {
    this.options.onUnreadable(request.file, `${lineRange(request)} not ${WORDS[this.options.work].done}: ${reason}; this is a bug in zapis, please report it`);
  }
}
