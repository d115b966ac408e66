/**
 * Worker threads that validate (or convert) batches. Answers come back in any order; the
 * caller gets one promise per batch and awaits them in input order, so output
 * order never depends on which worker was faster. A worker that dies (out of
 * memory, say) costs only the batches it held: they are rejected with
 * WorkerLostError, and a fresh worker takes its place.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BatchAnswer, BatchRequest, JobSettings } from './batch-job.js';

/** A compiled worker (`worker.js`): next to this file in dist, or in dist when running from the sources (tests). */
function workerPath(file: string): string {
  const beside = fileURLToPath(new URL(`./${file}`, import.meta.url));
  if (existsSync(beside)) return beside;
  return fileURLToPath(new URL(`../dist/${file}`, import.meta.url));
}

/**
 * Heap per worker. A worker holds one batch of at most a few MiB (larger ones
 * stay in the main thread) and what reading it takes; without a bound V8 lets
 * each heap grow far past that before collecting, which is most of a run's
 * memory. What a batch may hold is bounded to fit (see limits.ts).
 */
const WORKER_OLD_GENERATION_MB = 64;
const WORKER_YOUNG_GENERATION_MB = 16;

/** A batch lost with the worker that held it. */
export class WorkerLostError extends Error {
  override readonly name = 'WorkerLostError';
}

interface Pending<Answer> {
  readonly resolve: (answer: Answer) => void;
  readonly reject: (error: Error) => void;
  readonly worker: number;
}

/** What every pool's requests and answers carry: an id, and the request's bytes (moved to the worker). */
interface PoolRequest {
  readonly id: number;
  readonly bytes: Uint8Array;
}

/**
 * Workers running `workerFile` with `settings` as their workerData, each
 * answering one message per request with an answer of the same id. `task`
 * names their work in the error a lost worker gives.
 */
export class BatchPool<Settings, Request extends PoolRequest, Answer extends { readonly id: number }> {
  private readonly workers: Worker[] = [];
  private readonly load: number[] = [];
  private readonly pending = new Map<number, Pending<Answer>>();
  private readonly path: string;
  private closing = false;

  constructor(jobs: number, private readonly settings: Settings, workerFile: string, private readonly task: string) {
    this.path = workerPath(workerFile);
    for (let i = 0; i < jobs; i++) {
      this.workers.push(this.start(i));
      this.load.push(0);
    }
  }

  private start(slot: number): Worker {
    const worker = new Worker(this.path, {
      workerData: this.settings,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_OLD_GENERATION_MB, ...(WORKER_YOUNG_GENERATION_MB > 0 ? { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } : {}) },
    });
    worker.on('message', (answer: Answer) => this.settle(slot, answer));
    worker.on('error', (error: Error) => this.lose(slot, worker, error.message));
    worker.on('exit', (code) => {
      if (code !== 0) this.lose(slot, worker, `it stopped with exit code ${code}`);
    });
    return worker;
  }

  private settle(slot: number, answer: Answer): void {
    this.load[slot]--;
    const waiting = this.pending.get(answer.id);
    this.pending.delete(answer.id);
    waiting?.resolve(answer);
  }

  /** The worker in `slot` died: its batches are rejected, and a new worker takes the slot. */
  private lose(slot: number, worker: Worker, reason: string): void {
    if (this.closing || this.workers[slot] !== worker) return;
    const error = new WorkerLostError(`a ${this.task} worker was lost (${reason})`);
    for (const [id, waiting] of this.pending) {
      if (waiting.worker !== slot) continue;
      this.pending.delete(id);
      waiting.reject(error);
    }
    void worker.terminate();
    this.load[slot] = 0;
    this.workers[slot] = this.start(slot);
  }

  /** Batches sent to the least busy worker and not yet answered. */
  get shortestQueue(): number {
    return Math.min(...this.load);
  }

  /** Sends a batch to the least busy worker; its bytes are copied into a buffer of their own, which is moved, not cloned. */
  submit(request: Request): Promise<Answer> {
    let chosen = 0;
    for (let i = 1; i < this.load.length; i++) if (this.load[i] < this.load[chosen]) chosen = i;
    this.load[chosen]++;
    const answer = new Promise<Answer>((resolve, reject) => this.pending.set(request.id, { resolve, reject, worker: chosen }));
    // Copied (Buffer#slice would share memory): the caller keeps its bytes, to go on from a batch handed back or lost.
    const bytes = new Uint8Array(request.bytes);
    this.workers[chosen].postMessage({ ...request, bytes }, [bytes.buffer as ArrayBuffer]);
    return answer;
  }

  /**
   * A submitted batch's answer; if its worker died, the batch is sent once more to a fresh one. Undefined,
   * with `lost` told why, when that fails too.
   */
  async answerOf(answer: Promise<Answer>, request: Request, lost: (request: Request, reason: string) => void): Promise<Answer | undefined> {
    try {
      return await answer;
    } catch (error) {
      if (!(error instanceof WorkerLostError)) throw error;
      try {
        return await this.submit(request);
      } catch (again) {
        lost(request, (again as Error).message);
        return undefined;
      }
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

/** The validation workers (worker.ts). */
export class ValidationPool extends BatchPool<JobSettings, BatchRequest, BatchAnswer> {
  constructor(jobs: number, settings: JobSettings) {
    super(jobs, settings, 'worker.js', 'validation');
  }
}
