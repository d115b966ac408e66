/**
 * The pool with real worker threads (test/fixtures/echo-worker.mjs, which
 * imports the built package: `pnpm build` first): answers awaited in input
 * order whatever order workers finish in, a worker that dies costing only the
 * requests it held, a fresh worker taking its slot, transfer lists both ways.
 */
import { existsSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PoolClosedError, WorkerLostError, WorkerPool, WorkerTaskError, type WorkerPoolOptions } from '../src/index.js';

interface EchoRequest {
  readonly value: number;
  readonly delayMs?: number;
  readonly exitCode?: number;
  readonly throw?: string;
  readonly hoard?: boolean;
  readonly bytes?: Uint8Array;
  /** Parts told before the answer. */
  readonly parts?: number;
}
interface EchoAnswer {
  readonly value: number;
  readonly thread: number;
  readonly bytes?: Uint8Array;
}

const WORKER = new URL('./fixtures/echo-worker.mjs', import.meta.url);
const pools: WorkerPool<EchoRequest, EchoAnswer, { factor: number }, number>[] = [];

function echoPool(options: Partial<WorkerPoolOptions<{ factor: number }>> = {}): WorkerPool<EchoRequest, EchoAnswer, { factor: number }, number> {
  const pool = new WorkerPool<EchoRequest, EchoAnswer, { factor: number }, number>({ worker: WORKER, workers: 2, settings: { factor: 10 }, workName: 'test', ...options });
  pools.push(pool);
  return pool;
}

/** Every promise's outcome, awaited in input order: the answer's value, or the error. */
async function inOrder(answers: readonly Promise<EchoAnswer>[]): Promise<(number | Error)[]> {
  const outcomes: (number | Error)[] = [];
  for (const answer of answers) outcomes.push(await answer.then((settled) => settled.value, (error: Error) => error));
  return outcomes;
}

beforeAll(() => {
  if (!existsSync(new URL('../dist/index.js', import.meta.url))) throw new Error('the fixture worker imports the built package: run pnpm build first');
});

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

describe('WorkerPool', () => {
  it('counts a worker as ready once it answers requests, and not while it loads', async () => {
    const pool = echoPool({ workers: 1 });
    // The worker thread has not even started running: nothing can be ready yet.
    expect(pool.shortestReadyQueue).toBe(Infinity);
    expect(pool.shortestQueue).toBe(0);
    expect((await pool.submit({ value: 2 })).value).toBe(20);
    expect(pool.shortestReadyQueue).toBe(0);
    const held = pool.submit({ value: 3, delayMs: 100 });
    expect(pool.shortestReadyQueue).toBe(1);
    expect((await held).value).toBe(30);
  });

  it('gives the settings to every worker and answers in input order when workers finish out of order', async () => {
    const pool = echoPool();
    const finished: number[] = [];
    const answers = [{ value: 1, delayMs: 400 }, { value: 2 }, { value: 3 }, { value: 4, delayMs: 100 }].map((request) => {
      const answer = pool.submit(request);
      void answer.then((settled) => finished.push(settled.value));
      return answer;
    });
    expect(await inOrder(answers)).toEqual([10, 20, 30, 40]);
    // The first request's worker was still busy while the other answered the rest.
    expect(finished[finished.length - 1]).toBe(10);
    expect(new Set((await Promise.all(answers)).map((answer) => answer.thread)).size).toBe(2);
  });

  it('loses only the request of a worker that exits, and a fresh worker takes its slot', async () => {
    const pool = echoPool({ workers: 1 });
    const first = await pool.submit({ value: 1 });
    const answers = [{ value: 2, delayMs: 100 }, { value: 3, exitCode: 3 }, { value: 4 }, { value: 5 }].map((request) => pool.submit(request));
    const outcomes = await inOrder(answers);
    expect(outcomes[0]).toBe(20);
    expect(outcomes[1]).toBeInstanceOf(WorkerLostError);
    expect((outcomes[1] as WorkerLostError).reason).toBe('it stopped with exit code 3');
    expect((outcomes[1] as Error).message).toBe('a test worker was lost (it stopped with exit code 3)');
    expect(outcomes.slice(2)).toEqual([40, 50]);
    const after = await pool.submit({ value: 6 });
    expect(after.thread).not.toBe(first.thread);
  });

  it('with two workers, a crash costs the requests its worker held and no other', async () => {
    const pool = echoPool({ requestsPerWorker: 2 });
    const requests: EchoRequest[] = [{ value: 1, delayMs: 200 }, { value: 2, delayMs: 300 }, { value: 3, exitCode: 1 }, { value: 4 }, { value: 5 }, { value: 6 }];
    const outcomes = await inOrder(requests.map((request) => pool.submit(request)));
    const lost = outcomes.flatMap((outcome, index) => (outcome instanceof WorkerLostError ? [index] : []));
    // Requests 0 and 2 went to one worker, 1 and 3 to the other; the crash takes 0 (held with it) and itself.
    // Request 2 fails while the caller still awaits request 0: its rejection waits, not reported as unhandled.
    expect(lost).toEqual([0, 2]);
    expect(outcomes.filter((outcome) => typeof outcome === 'number')).toEqual([20, 40, 50, 60]);
  });

  it('says when a request throws, and the worker goes on', async () => {
    const pool = echoPool({ workers: 1 });
    const [failed, next] = await Promise.allSettled([pool.submit({ value: 1, throw: 'no such game' }), pool.submit({ value: 2 })]);
    expect(failed.status === 'rejected' && failed.reason).toBeInstanceOf(WorkerTaskError);
    expect(failed.status === 'rejected' && (failed.reason as Error).message).toBe('no such game');
    expect(next.status === 'fulfilled' && next.value.value).toBe(20);
  });

  it('holds each worker to its resource limits: one that exceeds them costs only its request', async () => {
    const pool = echoPool({ workers: 1, resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 } });
    const outcomes = await inOrder([pool.submit({ value: 1, hoard: true }), pool.submit({ value: 2 })]);
    expect(outcomes[0]).toBeInstanceOf(WorkerLostError);
    expect((outcomes[0] as Error).message).toMatch(/memory/);
    expect(outcomes[1]).toBe(20);
  });

  it('moves what the transfer lists name, both ways', async () => {
    const pool = echoPool({ workers: 1 });
    const bytes = new Uint8Array([1, 2, 3]);
    const answer = await pool.submit({ value: 1, bytes }, { transfer: [bytes.buffer] });
    expect(bytes.byteLength).toBe(0);
    expect([...answer.bytes!]).toEqual([10, 20, 30]);
  });

  it('hands on the parts a worker tells before its answer, and those told before it died', async () => {
    const pool = echoPool();
    const told: string[] = [];
    const answers = [{ value: 1, parts: 3 }, { value: 2, parts: 2, exitCode: 1 }].map((request) =>
      pool.submit(request, { onPart: (part) => told.push(`${request.value}:${part}`) }).then((answer) => {
        told.push(`${request.value}:answer`);
        return answer;
      }));
    // The second worker may die before the first answer is awaited: its derived promise is awaited later, not lost.
    for (const answer of answers) answer.catch(() => undefined);
    const outcomes = await inOrder(answers);
    expect(outcomes[0]).toBe(10);
    expect(outcomes[1]).toBeInstanceOf(WorkerLostError);
    expect(told.filter((entry) => entry.startsWith('1:'))).toEqual(['1:0', '1:1', '1:2', '1:answer']);
    expect(told.filter((entry) => entry.startsWith('2:'))).toEqual(['2:0', '2:1']);
  });

  it('queues requests beyond what the workers hold and reports the shortest queue', async () => {
    const pool = echoPool({ requestsPerWorker: 2 });
    expect(pool.shortestQueue).toBe(0);
    const answers = [1, 2, 3, 4, 5, 6].map((value) => pool.submit({ value, delayMs: 50 }));
    expect(pool.shortestQueue).toBe(2);
    expect(await inOrder(answers)).toEqual([10, 20, 30, 40, 50, 60]);
    expect(pool.shortestQueue).toBe(0);
  });

  it('rejects what is unanswered when closed', async () => {
    const pool = echoPool({ workers: 1 });
    const answer = pool.submit({ value: 1, delayMs: 1000 });
    await pool.close();
    await expect(answer).rejects.toBeInstanceOf(PoolClosedError);
    await expect(pool.submit({ value: 2 })).rejects.toBeInstanceOf(PoolClosedError);
  });

  it('needs at least one worker', () => {
    expect(() => new WorkerPool({ worker: WORKER, workers: 0 })).toThrow(RangeError);
  });
});
