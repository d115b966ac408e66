/**
 * Worker threads that answer requests. Each request gets its own promise and
 * workers answer in any order, so a caller that awaits the promises in input
 * order gets its output in input order whichever worker was faster. A worker
 * that dies costs only the requests it held: they are rejected with
 * WorkerLostError, and a fresh worker takes its slot.
 */
import type { ResourceLimits, TransferListItem, Worker } from 'node:worker_threads';
import { PoolClosedError, WorkerLostError, WorkerTaskError } from './errors.js';
import type { ReadyMessage, ReplyMessage, RequestMessage } from './messages.js';

export interface WorkerPoolOptions<Settings> {
  /** The worker's module (compiled JavaScript): a file URL or a path. It answers with `answerRequests`. */
  readonly worker: URL | string;
  /** How many workers run. */
  readonly workers: number;
  /** Given to every worker (structured-cloned) as its `workerSettings()`. */
  readonly settings?: Settings;
  /** Names the work in the message of a lost request: `a validation worker was lost (…)`. */
  readonly workName?: string;
  /**
   * Requests a worker holds at once (default 1); the rest wait in the pool for the first worker with room.
   * More than one keeps a worker busy while its next request travels; one lets whichever worker is free first
   * take the next request, and a worker that dies loses only the one.
   */
  readonly requestsPerWorker?: number;
  /** Each worker's heap limits (a worker that exceeds them dies and costs only its requests). */
  readonly resourceLimits?: ResourceLimits;
}

export interface SubmitOptions<Part> {
  /** What is moved to the worker rather than copied (the caller must not use it afterwards). */
  readonly transfer?: readonly TransferListItem[];
  /** Hears each part the worker tells on the way (`tell` in answerRequests), in the order told, before the answer. */
  readonly onPart?: (part: Part) => void;
}

interface Waiting<Request> {
  readonly id: number;
  readonly request: Request;
  readonly transfer: readonly TransferListItem[];
}

interface Unanswered<Answer, Part> {
  readonly resolve: (answer: Answer) => void;
  readonly reject: (error: Error) => void;
  readonly onPart: ((part: Part) => void) | undefined;
  /** The slot of the worker holding the request; undefined while it waits in the pool. */
  slot?: number;
}

/** `Part`: what a worker may tell of an answer before the answer itself (see SubmitOptions.onPart). */
export class WorkerPool<Request, Answer, Settings = unknown, Part = never> {
  private readonly workers: Worker[] = [];
  /** Requests each slot's worker holds. */
  private readonly load: number[] = [];
  /** Whether each slot's worker said it is ready (answerRequests was called): a worker still loading answers late. */
  private readonly ready: boolean[] = [];
  private readonly unanswered = new Map<number, Unanswered<Answer, Part>>();
  private readonly waiting: Waiting<Request>[] = [];
  private readonly perWorker: number;
  private nextId = 0;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions<Settings>) {
    if (!Number.isInteger(options.workers) || options.workers < 1) throw new RangeError(`a pool needs at least one worker, not ${options.workers}`);
    this.perWorker = options.requestsPerWorker ?? 1;
    if (!(this.perWorker >= 1)) throw new RangeError(`a worker holds at least one request, not ${this.perWorker}`);
    for (let slot = 0; slot < options.workers; slot++) {
      this.load.push(0);
      this.ready.push(false);
      this.workers.push(this.start(slot));
    }
  }

  /**
   * Sends `request` to the least busy worker with room, or queues it until one has room. The promise
   * rejects with WorkerLostError, WorkerTaskError or PoolClosedError.
   */
  submit(request: Request, options: SubmitOptions<Part> = {}): Promise<Answer> {
    if (this.closed) return Promise.reject(new PoolClosedError());
    const id = this.nextId++;
    const answer = new Promise<Answer>((resolve, reject) => this.unanswered.set(id, { resolve, reject, onPart: options.onPart }));
    // Answers are awaited in input order, so a later request may fail before anyone awaits it: that is not unhandled.
    answer.catch(() => undefined);
    this.waiting.push({ id, request, transfer: options.transfer ?? [] });
    this.dispatch();
    return answer;
  }

  /** Requests held by the least busy worker (0 when one is idle). */
  get shortestQueue(): number {
    return Math.min(...this.load);
  }

  /**
   * Requests held by the least busy worker that is ready (see answerRequests); Infinity while every worker is
   * still loading. A caller that can do the work itself does it rather than queue it behind a worker's start.
   */
  get shortestReadyQueue(): number {
    let shortest = Infinity;
    for (let slot = 0; slot < this.load.length; slot++) if (this.ready[slot] && this.load[slot] < shortest) shortest = this.load[slot];
    return shortest;
  }

  /** Stops every worker; requests not yet answered are rejected with PoolClosedError. */
  async close(): Promise<void> {
    this.closed = true;
    this.waiting.length = 0;
    for (const unanswered of this.unanswered.values()) unanswered.reject(new PoolClosedError());
    this.unanswered.clear();
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private start(slot: number): Worker {
    const { worker: file, settings, resourceLimits } = this.options;
    // Loaded here, not at import: a command that never starts a worker never loads worker_threads.
    const { Worker: WorkerThread } = process.getBuiltinModule('node:worker_threads');
    const worker = new WorkerThread(file, { workerData: settings, ...(resourceLimits ? { resourceLimits } : {}) });
    this.ready[slot] = false;
    worker.on('message', (reply: ReplyMessage<Answer, Part> | ReadyMessage) => {
      if ('ready' in reply) this.ready[slot] = this.workers[slot] === worker;
      else this.settle(slot, reply);
    });
    worker.on('error', (error: Error) => this.lose(slot, worker, error.message));
    // A worker never stops by itself while the pool is open: any exit, even with code 0, loses what it held.
    worker.on('exit', (code) => this.lose(slot, worker, code === 0 ? 'it stopped' : `it stopped with exit code ${code}`));
    return worker;
  }

  /** Hands waiting requests to the least busy workers with room. */
  private dispatch(): void {
    while (this.waiting.length > 0) {
      let slot = 0;
      for (let other = 1; other < this.load.length; other++) if (this.load[other] < this.load[slot]) slot = other;
      if (this.load[slot] >= this.perWorker) return;
      const { id, request, transfer } = this.waiting.shift()!;
      const unanswered = this.unanswered.get(id);
      if (unanswered === undefined) continue;
      unanswered.slot = slot;
      this.load[slot]++;
      const message: RequestMessage<Request> = { id, request };
      this.workers[slot].postMessage(message, transfer);
    }
  }

  private settle(slot: number, reply: ReplyMessage<Answer, Part>): void {
    const unanswered = this.unanswered.get(reply.id);
    if (unanswered === undefined) return;
    if ('part' in reply) {
      unanswered.onPart?.(reply.part);
      return;
    }
    this.unanswered.delete(reply.id);
    this.load[slot]--;
    if ('error' in reply) unanswered.reject(new WorkerTaskError(reply.error));
    else unanswered.resolve(reply.answer);
    this.dispatch();
  }

  /** The worker in `slot` died: the requests it held are rejected, and a fresh worker takes the slot. */
  private lose(slot: number, worker: Worker, reason: string): void {
    if (this.closed || this.workers[slot] !== worker) return;
    for (const [id, unanswered] of this.unanswered) {
      if (unanswered.slot !== slot) continue;
      this.unanswered.delete(id);
      unanswered.reject(new WorkerLostError(this.options.workName, reason));
    }
    void worker.terminate();
    this.load[slot] = 0;
    this.workers[slot] = this.start(slot);
    this.dispatch();
  }
}
