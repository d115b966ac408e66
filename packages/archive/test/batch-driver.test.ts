/**
 * The batch driver with real worker threads (test/fixtures/driver-worker.mjs;
 * it imports the built @zapis/workers): answers delivered in input order
 * whoever worked a batch through, a batch handed back finished here, a batch
 * that throws reported and passed, and a batch whose worker dies sent once
 * more to a fresh worker, then reported lost, costing no other batch. A
 * worker gets batches once it says it is ready, never while it loads.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout } from 'node:timers/promises';
import { BroadcastChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { driveBatches, type BatchDriverOptions } from '../src/batch-driver.js';
import { SNIFF_BYTES } from '../src/limits.js';

interface NamesRequest {
  readonly file: string;
  readonly firstLine: number;
  readonly bytes: Uint8Array;
  readonly from?: number;
}
interface NamesAnswer {
  readonly names: readonly string[];
  readonly resumeAt?: number;
}

const EVENT = /\[Event "([^"]*)"\]/g;
/** This thread's job: every game's name from `from` on (it neither crashes, throws nor hands back). */
const namesHere = (request: NamesRequest): NamesAnswer => ({
  names: [...new TextDecoder().decode(request.bytes).matchAll(EVENT)].filter((match) => match.index >= (request.from ?? 0)).map((match) => match[1]),
});

/** A game that goes first and is validated here while the workers load (the driver waits for none). */
const WARM_UP = 'warm-up';

/**
 * One game a chunk: with the smallest batches, one game a batch. With workers, the games after WARM_UP come once
 * every worker said it is ready (fixtures/driver-worker.mjs), so the batches go to them as to workers at work.
 */
async function* gameChunks(names: readonly string[], workers: number): AsyncGenerator<Buffer> {
  const channel = new BroadcastChannel('zapis-driver-test');
  let ready = 0;
  const allReady = new Promise<void>((resolve) => {
    channel.onmessage = () => {
      if (++ready === workers) resolve();
    };
  });
  try {
    for (const [index, name] of [WARM_UP, ...names].entries()) {
      // The second chunk lets the first batch be cut, which starts the workers; the third cuts the second.
      if (index === 2 && workers > 0) {
        await allReady;
        await setTimeout(50);
      }
      // The first chunk is long enough to be sniffed as text on its own (SNIFF_BYTES), so batches are cut at once.
      const filler = index === 0 ? ` {${'x'.repeat(SNIFF_BYTES)}}` : '';
      yield Buffer.from(`[Event "${name}"]\n\n1. e4${filler} *\n\n`);
    }
  } finally {
    channel.close();
  }
}

async function drive(names: readonly string[], jobs: number, here = namesHere) {
  const stdin = Readable.from(gameChunks(names, jobs - 1));
  const delivered: string[] = [];
  const unreadable: string[] = [];
  const options: BatchDriverOptions<NamesRequest, NamesAnswer, undefined> = {
    work: 'validation', inputs: [{ name: 'games.pgn' }], jobs,
    batching: { batchBytes: 1, stdin },
    worker: { file: '../test/fixtures/driver-worker.mjs', settings: undefined },
    request: (batch) => ({ file: batch.file, firstLine: batch.firstLine, bytes: batch.bytes }),
    here,
    deliver: (_request, answer) => {
      delivered.push(...answer.names);
    },
    rest: (request, from) => ({ ...request, from }),
    onUnreadable: (file, reason) => unreadable.push(`${file}: ${reason}`),
  };
  const share = await driveBatches(options);
  expect(delivered[0]).toBe(WARM_UP);
  return { delivered: delivered.slice(1), unreadable, share: { here: share.here - 1, workers: share.workers } };
}

describe('driveBatches', () => {
  it('delivers in input order, here and at the workers alike', async () => {
    const names = Array.from({ length: 60 }, (_, index) => `game ${index + 1}`);
    const { delivered, unreadable, share } = await drive(names, 3);
    expect(delivered).toEqual(names);
    expect(unreadable).toEqual([]);
    expect(share.workers).toBeGreaterThan(0);
    expect(share.here + share.workers).toBe(60);
  });

  it('finishes here a batch handed back, reports one that throws, and sends one whose worker died once more, then reports it lost', async () => {
    // With two workers the first four batches go to them (two each), in turn: throw and handback to the first, crash and game 4 to the second.
    const names = ['throw', 'crash', 'handback', 'game 4', ...Array.from({ length: 20 }, (_, index) => `game ${index + 5}`)];
    const { delivered, unreadable, share } = await drive(names, 3);
    expect(share.workers).toBeGreaterThanOrEqual(4);
    expect(delivered).toEqual(names.filter((name) => name !== 'throw' && name !== 'crash'));
    expect(unreadable).toEqual([
      'games.pgn: lines 5-9 not validated: validating them failed (bad batch); this is a bug in zapis, please report it',
      'games.pgn: lines 9-13 not validated: a validation worker was lost (it stopped with exit code 1); this is a bug in zapis, please report it',
    ]);
  });

  it('reports a batch that throws in this thread and goes on', async () => {
    const failing = (request: NamesRequest): NamesAnswer => {
      const answer = namesHere(request);
      if (answer.names.includes('throw')) throw new Error('bad batch');
      return answer;
    };
    const { delivered, unreadable, share } = await drive(['game 1', 'throw', 'game 3'], 1, failing);
    expect(share).toEqual({ here: 3, workers: 0 });
    expect(delivered).toEqual(['game 1', 'game 3']);
    expect(unreadable).toEqual(['games.pgn: lines 9-13 not validated: validating them failed (bad batch); this is a bug in zapis, please report it']);
  });

  it('keeps a batch\'s bytes its own until it is delivered, though the buffers are read into again, and holds few batches at once', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'zapis-driver-'));
    try {
      const names = Array.from({ length: 3000 }, (_, index) => `game ${index + 1}`);
      const file = join(folder, 'games.pgn');
      writeFileSync(file, names.map((name) => `[Event "${name}"]\n\n1. e4 e5 2. Nf3 *\n\n`).join(''));
      const jobs = 2;
      const delivered: string[] = [];
      const stale: string[] = [];
      let inFlight = 0;
      let mostInFlight = 0;
      const share = await driveBatches<NamesRequest, NamesAnswer, undefined>({
        work: 'validation', inputs: [{ name: 'games.pgn', path: file }], jobs,
        batching: { batchBytes: 2048 },
        worker: { file: '../test/fixtures/driver-worker.mjs', settings: undefined },
        request: (batch) => {
          mostInFlight = Math.max(mostInFlight, ++inFlight);
          return { file: batch.file, firstLine: batch.firstLine, bytes: batch.bytes };
        },
        here: namesHere,
        deliver: (request, answer) => {
          inFlight--;
          // The batch's bytes as they are now: what was worked through, unless its buffer was given to another batch.
          const now = namesHere(request).names;
          if (now.join() !== answer.names.join()) stale.push(`${answer.names[0]} read as ${now[0]}`);
          delivered.push(...answer.names);
        },
        rest: (request, from) => ({ ...request, from }),
        onUnreadable: (name, reason) => stale.push(`${name}: ${reason}`),
      });
      expect(stale).toEqual([]);
      expect(delivered).toEqual(names);
      expect(share.here + share.workers).toBeGreaterThan(50);
      // Two batches waiting at every job, and one more.
      expect(mostInFlight).toBeLessThanOrEqual(jobs * 2 + 1);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
