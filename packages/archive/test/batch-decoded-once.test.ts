/**
 * A batch handed back (a finding budget spent) comes to the job again with the same bytes; the job decodes them
 * once. Decoded again at each return, a megabyte of binary garbage between good games took 0.96 s to validate
 * instead of 0.54 s (`pnpm --filter @zapis/archive bench:scaling`, the binary garbage row).
 */
import { garbageBytes } from '@zapis/testkit';
import { describe, expect, it, vi } from 'vitest';
import type { GameRecord } from '../src/index.js';

const decoded = vi.hoisted(() => ({ count: 0 }));
vi.mock('../src/decode-batch.js', async (original) => {
  const actual = await original<typeof import('../src/decode-batch.js')>();
  return {
    ...actual,
    decodeTextBytes: (bytes: Uint8Array): string => {
      decoded.count += 1;
      return actual.decodeTextBytes(bytes);
    },
  };
});

const { createJob } = await import('../src/batch-job.js');

const GOOD = '[Event "Good"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n';

describe('a batch handed back', () => {
  it('is decoded once by the job, however often it comes back, and gives the records of one pass', () => {
    const bytes = Buffer.concat([Buffer.from(`${GOOD}\n`), garbageBytes(200_000, 3), Buffer.from(`\n\n${GOOD}`)]);
    const request = { id: 1, file: 'garbage.pgn', firstLine: 1, bytes };
    const whole = createJob({ language: 'auto' })(request).records;
    decoded.count = 0;
    const job = createJob({ language: 'auto', limits: { diagnosticsBudget: 500 } });
    const parts: GameRecord[] = [];
    let answer = job(request);
    let returns = 0;
    for (;;) {
      parts.push(...answer.records);
      if (answer.resumeAt === undefined) break;
      returns += 1;
      answer = job({ ...request, from: answer.resumeAt });
    }
    expect(returns).toBeGreaterThan(10);
    expect(decoded.count).toBe(1);
    const strip = (records: GameRecord[]): unknown[] => records.map(({ index: _index, ...rest }) => rest);
    expect(strip(parts)).toEqual(strip(whole));
    expect(parts.at(-1)?.status).toBe('ok');
  });

  it('is decoded again when other bytes come between', () => {
    const job = createJob({ language: 'auto' });
    decoded.count = 0;
    const first = { id: 1, file: 'a.pgn', firstLine: 1, bytes: Buffer.from(GOOD) };
    const second = { id: 2, file: 'b.pgn', firstLine: 1, bytes: Buffer.from(GOOD.replace('Good', 'Other')) };
    expect(job(first).records[0]?.tags?.Event).toBe('Good');
    expect(job(second).records[0]?.tags?.Event).toBe('Other');
    expect(job(first).records[0]?.tags?.Event).toBe('Good');
    expect(decoded.count).toBe(3);
  });
});
