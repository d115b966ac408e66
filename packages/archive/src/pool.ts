/**
 * Worker threads that validate batches. Answers come back in any order; the
 * caller gets one promise per batch and awaits them in input order, so output
 * order never depends on which worker was faster.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BatchAnswer, BatchRequest, JobSettings } from './batch-job.js';

/** The compiled worker: next to this file in dist, or in dist when running from the sources (tests). */
function workerPath(): string {
  const beside = fileURLToPath(new URL('./worker.js', import.meta.url));
  if (existsSync(beside)) return beside;
  return fileURLToPath(new URL('../dist/worker.js', import.meta.url));
}

/**
 * Heap per worker. A worker holds one batch of at most a few MiB (larger ones
 * stay in the main thread) and what reading it takes; without a bound V8 lets
 * each heap grow far past that before collecting, which is most of a run's
 * memory.
 */
const WORKER_OLD_GENERATION_MB = 64;
const WORKER_YOUNG_GENERATION_MB = 16;

interface Pending {
  readonly resolve: (answer: BatchAnswer) => void;
  readonly reject: (error: Error) => void;
}

export class ValidationPool {
  private readonly workers: Worker[] = [];
  private readonly load: number[] = [];
  private readonly pending = new Map<number, Pending>();
  private readonly owner = new Map<number, number>();
  private failure: Error | undefined;

  constructor(jobs: number, settings: JobSettings) {
    const path = workerPath();
    for (let i = 0; i < jobs; i++) {
      const worker = new Worker(path, {
        workerData: settings,
        resourceLimits: { maxOldGenerationSizeMb: WORKER_OLD_GENERATION_MB, ...(WORKER_YOUNG_GENERATION_MB > 0 ? { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } : {}) },
      });
      worker.on('message', (answer: BatchAnswer) => this.settle(i, answer));
      worker.on('error', (error: Error) => this.fail(error));
      worker.on('exit', (code) => {
        if (code !== 0) this.fail(new Error(`a validation worker stopped with exit code ${code}`));
      });
      this.workers.push(worker);
      this.load.push(0);
    }
  }

  private settle(worker: number, answer: BatchAnswer): void {
    this.load[worker]--;
    const waiting = this.pending.get(answer.id);
    this.pending.delete(answer.id);
    this.owner.delete(answer.id);
    waiting?.resolve(answer);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }

  /** Batches sent to the least busy worker and not yet answered. */
  get shortestQueue(): number {
    return Math.min(...this.load);
  }

  /** Sends a batch to the least busy worker; its bytes are handed over, not copied. */
  submit(request: BatchRequest): Promise<BatchAnswer> {
    if (this.failure) return Promise.reject(this.failure);
    let chosen = 0;
    for (let i = 1; i < this.load.length; i++) if (this.load[i] < this.load[chosen]) chosen = i;
    this.load[chosen]++;
    this.owner.set(request.id, chosen);
    const answer = new Promise<BatchAnswer>((resolve, reject) => this.pending.set(request.id, { resolve, reject }));
    // Copied into a buffer of its own (Buffer#slice would share memory), which is then moved, not cloned.
    const bytes = new Uint8Array(request.bytes);
    this.workers[chosen].postMessage({ ...request, bytes }, [bytes.buffer as ArrayBuffer]);
    return answer;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
