/**
 * The batch driver with real worker threads (test/fixtures/driver-worker.mjs;
 * it imports the built @zapis/workers): answers delivered in input order
 * whoever worked a batch through, a batch handed back finished here, a batch
 * that throws reported and passed, and a batch whose worker dies sent once
 * more to a fresh worker, then reported lost, costing no other batch.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { driveBatches, type BatchDriverOptions } from '../src/batch-driver.js';

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

async function drive(names: readonly string[], jobs: number, here = namesHere) {
  // One game a chunk, read as standard input: with the smallest batches, one game a batch.
  const stdin = Readable.from(names.map((name) => Buffer.from(`[Event "${name}"]\n\n1. e4 *\n\n`)));
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
  return { delivered, unreadable, share };
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
      'games.pgn: lines 1-5 not validated: validating them failed (bad batch); this is a bug in zapis, please report it',
      'games.pgn: lines 5-9 not validated: a validation worker was lost (it stopped with exit code 1); this is a bug in zapis, please report it',
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
    expect(unreadable).toEqual(['games.pgn: lines 5-9 not validated: validating them failed (bad batch); this is a bug in zapis, please report it']);
  });
});
