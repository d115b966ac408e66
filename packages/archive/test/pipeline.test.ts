/**
 * The streaming pipeline must not change an answer: batch size, worker count,
 * gzip, standard input and sharding all give the same games, numbered alike,
 * with the file's own line numbers.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readText, sharedPath, skipWithoutShared } from '@zapis/testkit';
import { parsePgn, splitSections } from '@zapis/notation';
import { analyseGame } from '@zapis/game';
import { DEFAULT_RULE_CONFIG, DuplicateGames, runValidation, type GameRecord, type InputSource, type Shard } from '../src/index.js';
import { scannedCuts } from './support/scanned-cuts.js';
import { countLineBreaks, nextGameStart } from '../src/game-boundary.js';

const skip = skipWithoutShared();
const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

async function collect(inputs: InputSource[], options: { jobs?: number; batchBytes?: number; shard?: Shard; stdin?: NodeJS.ReadableStream } = {}): Promise<GameRecord[]> {
  const records: GameRecord[] = [];
  await runValidation({
    inputs,
    jobs: options.jobs ?? 1,
    language: 'auto',
    ...(options.batchBytes ? { batchBytes: options.batchBytes } : {}),
    ...(options.shard ? { shard: options.shard } : {}),
    ...(options.stdin ? { stdin: options.stdin } : {}),
    onRecord: (record) => {
      records.push(record);
    },
  });
  return records;
}

/** What must not depend on how the input was read: everything but the file's name. */
const essence = (records: readonly GameRecord[]) =>
  records.map(({ file: _file, ...rest }) => JSON.stringify(rest).replaceAll('"file":"<stdin>"', '"file":"games"'));

describe('game boundaries in raw bytes', () => {
  const text = '[Event "a"]\n[Site "b"]\n\n1. e4 e5 *\n\n[Event "c"]\n\n1. d4 *\n{ comment\n\n[Note "x"] }\n';
  const data = bytes(text);

  it('finds a tag line after move text, not a second tag of the same section', () => {
    const second = text.indexOf('[Event "c"]');
    expect(nextGameStart(data, 1, data.length)).toBe(second);
    expect(nextGameStart(data, second + 1, data.length)).toBe(text.indexOf('[Note'));
  });

  it('cuts batches only where the game splitter starts a section: not at a tag line inside a tag section or a comment', () => {
    const tricky = '[Event "a"]\n{a note}\n[Site "b"]\n\n1. e4 *\n[Event "c"]\n\n1. d4 { open\n[Date "x"] }\n';
    // Fed in pieces as chunks arrive, cutting at each start found as readBatches does: every cut is a true start.
    const cuts = (input: string, pieces: number): number[] => {
      const whole = bytes(input);
      return scannedCuts(whole, Array.from({ length: pieces }, (_, piece) => Math.ceil((whole.length * (piece + 1)) / pieces)));
    };
    const expected = [tricky.indexOf('[Event "c"]'), tricky.indexOf('[Date')];
    expect(cuts(tricky, tricky.length)).toEqual(expected);
    for (const pieces of [1, 2, 3, 7]) for (const cut of cuts(tricky, pieces)) expect(expected, `${pieces} pieces`).toContain(cut);
    expect([...splitSections(tricky)].map((section) => section.start).slice(1)).toEqual(expected);
  });

  it('counts \\n, \\r\\n and lone \\r as one line break each, also across a cut', () => {
    const mixed = bytes('a\nb\r\nc\rd\r');
    expect(countLineBreaks(mixed, 0, mixed.length)).toBe(4);
    // A cut between \r and \n: the \n does not end a second line.
    expect(countLineBreaks(mixed, 0, 4) + countLineBreaks(mixed, 4, mixed.length, mixed[3])).toBe(4);
  });
});

describe.skipIf(skip)('the pipeline on 3,000 real games', () => {
  let folder = '';
  let plain = '';
  let gzipped = '';
  let text = '';
  let reference: GameRecord[] = [];

  beforeAll(async () => {
    const all = await readText(sharedPath('corpora', 'gnu-book', 'games-000001-100000.pgn.gz'));
    let cut = 0;
    for (let games = 0; games < 3_000; games++) cut = all.indexOf('\n[Event ', cut + 1);
    // A bad game in the middle, so not every record is the fast lane's.
    text = all.slice(0, cut + 1).replace('2.Nf3 ', '2.Nf4 ');
    folder = mkdtempSync(join(tmpdir(), 'zapis-pipeline-'));
    plain = join(folder, 'games.pgn');
    gzipped = join(folder, 'games.pgn.gz');
    writeFileSync(plain, text);
    writeFileSync(gzipped, gzipSync(text));
    reference = await collect([{ name: 'games', path: plain }]);
  }, 600_000);
  afterAll(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('gives what parse + analyse give, game by game, with the file\'s line numbers', () => {
    const parsed = parsePgn(text);
    expect(reference.length).toBe(parsed.length);
    const differences: string[] = [];
    parsed.forEach((game, i) => {
      const report = analyseGame(game, { file: 'games' });
      const record = reference[i];
      if (record.index !== i + 1 || record.line !== report.line || record.status !== report.status || record.san?.join(' ') !== report.san.join(' ')) {
        differences.push(`game ${i + 1}`);
      }
      const codes = report.diagnostics.map((d) => `${d.code}@${d.line}:${d.column}`);
      const recordCodes = record.diagnostics.filter((d) => codes.some((c) => c.startsWith(`${d.code}@`))).map((d) => `${d.code}@${d.line}:${d.column}`);
      if (codes.join() !== recordCodes.join()) differences.push(`game ${i + 1}: ${codes.join()} vs ${recordCodes.join()}`);
    });
    expect(differences.slice(0, 5)).toEqual([]);
    expect(reference.some((record) => record.status === 'error')).toBe(true);
  });

  it('leaves san and fen out when asked (keepMoves: false) and changes nothing else, duplicates included', async () => {
    /** Time a worker is given to load, many times what it needs on an idle machine. */
    const WORKER_LOAD_ALLOWANCE_MS = 3_000;
    const run = async (keepMoves: boolean, everyGame = true): Promise<GameRecord[]> => {
      const records: GameRecord[] = [];
      const duplicates = new DuplicateGames(DEFAULT_RULE_CONFIG);
      // The same file twice: every clean game of the second copy repeats one of the first. Small batches, so the
      // worker (which gets batches once it has loaded) validates a good part of them.
      await runValidation({
        inputs: [{ name: 'first', path: plain }, { name: 'second', path: plain }], jobs: 2, language: 'auto', batchBytes: 16_384,
        ruleConfig: DEFAULT_RULE_CONFIG, keepMoves, everyGame, duplicates: (record) => duplicates.check(record),
        onRecord: (record) => {
          records.push(record);
          // The first delivery waits: the worker, loading meanwhile, is then ready for the batches after it,
          // even on a busy machine where this thread would otherwise work through every batch before it loads.
          if (records.length === 1) return setTimeout(WORKER_LOAD_ALLOWANCE_MS);
        },
      });
      return records;
    };
    const full = await run(true);
    const lean = await run(false);
    expect(lean.every((record) => record.san === undefined && record.fen === undefined)).toBe(true);
    expect(lean.map(({ duplicateKey: _key, ...rest }) => rest)).toEqual(full.map(({ san: _san, fen: _fen, duplicateKey: _key, ...rest }) => rest));
    const repeats = lean.filter((record) => record.diagnostics.some((diagnostic) => diagnostic.code === 'duplicate-game'));
    expect(repeats.length).toBeGreaterThan(2_900);
    expect(repeats.every((record) => record.file === 'second' || record.tags?.White === undefined)).toBe(true);

    // Clean games sent as counts only (everyGame: false): the same games, lines, findings and keys, without tags.
    const counted = await run(false, false);
    const withoutTags = (records: GameRecord[]) => records.map(({ tags: _tags, outcome: _outcome, duplicateKey, ...rest }) => ({ ...rest, duplicateKey }));
    expect(withoutTags(counted)).toEqual(withoutTags(lean));
    // Only a worker's clean games come as counts: some must have, or nothing above was compared.
    expect(counted.filter((record) => record.tags === undefined).length).toBeGreaterThan(0);
    expect(counted.every((record) => record.tags !== undefined || (record.status === 'ok' && record.diagnostics.every((d) => d.code === 'duplicate-game')))).toBe(true);
  });

  it('does not depend on batch size, worker count, gzip or standard input', async () => {
    const expected = essence(reference);
    expect(essence(await collect([{ name: 'games', path: plain }], { batchBytes: 8_192 }))).toEqual(expected);
    expect(essence(await collect([{ name: 'games', path: plain }], { jobs: 2, batchBytes: 65_536 }))).toEqual(expected);
    // Sized by the driver for the input's size and the jobs.
    expect(essence(await collect([{ name: 'games', path: plain }], { jobs: 2 }))).toEqual(expected);
    expect(essence(await collect([{ name: 'games', path: gzipped }], { jobs: 2 }))).toEqual(expected);
    expect(essence(await collect([{ name: 'games', path: gzipped }]))).toEqual(expected);
    expect(essence(await collect([{ name: '<stdin>' }], { stdin: Readable.from([Buffer.from(text)]) }))).toEqual(expected);
  });

  it('cuts a short file into smaller batches when jobs share it, and the same games come out', async () => {
    const run = async (jobs: number) => {
      const records: GameRecord[] = [];
      const result = await runValidation({
        inputs: [{ name: 'games', path: plain }], jobs, language: 'auto',
        onRecord: (record) => {
          records.push(record);
        },
      });
      return { records, batches: result.batches.here + result.batches.workers };
    };
    const one = await run(1);
    const two = await run(2);
    // About 1.7 MB: two 1 MiB batches for one job; batches of 256 KiB, the smallest, for two.
    expect(one.batches).toBe(2);
    expect(two.batches).toBeGreaterThanOrEqual(6);
    expect(essence(two.records)).toEqual(essence(reference));
    expect(essence(one.records)).toEqual(essence(reference));
  });

  it('shares batches between this thread and the workers, and boots no worker for an input of one batch', async () => {
    const run = async (jobs: number, batchBytes: number) => {
      const records: GameRecord[] = [];
      // Standard input in 8 KiB pieces: a batch can be cut at every piece. They come a few milliseconds apart, as
      // from a pipe, so the workers are ready (they get batches only then) long before the input ends.
      const pieces = Array.from({ length: Math.ceil(text.length / 8_192) }, (_, i) => Buffer.from(text.slice(i * 8_192, (i + 1) * 8_192)));
      async function* piped(): AsyncGenerator<Buffer> {
        for (const piece of pieces) {
          await setTimeout(4);
          yield piece;
        }
      }
      const result = await runValidation({
        inputs: [{ name: '<stdin>' }], stdin: Readable.from(piped()), jobs, batchBytes, language: 'auto',
        onRecord: (record) => {
          records.push(record);
        },
      });
      return { records, batches: result.batches };
    };
    const expected = essence(reference);
    const shared = await run(3, 8_192);
    expect(essence(shared.records)).toEqual(expected);
    // With two workers kept busy, this thread validates batches too: it is one of the three jobs.
    expect(shared.batches.here + shared.batches.workers).toBeGreaterThan(100);
    expect(shared.batches.here).toBeGreaterThan(10);
    expect(shared.batches.workers).toBeGreaterThan(0);
    const single = await run(2, 1 << 30);
    expect(essence(single.records)).toEqual(expected);
    expect(single.batches).toEqual({ here: 1, workers: 0 });
  });

  it('splits into n shards whose games, renumbered in shard order, are exactly the whole run (n = 1..7)', async () => {
    const expected = essence(reference);
    for (let count = 1; count <= 7; count++) {
      const union: GameRecord[] = [];
      for (let index = 1; index <= count; index++) {
        const shard = await collect([{ name: 'games', path: plain }], { shard: { index, count }, batchBytes: 65_536 });
        for (const record of shard) union.push({ ...record, index: union.length + 1 });
      }
      expect(essence(union), `${count} shards`).toEqual(expected);
    }
  });
});
