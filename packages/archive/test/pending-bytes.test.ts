/**
 * The buffers batches are read into: a batch cut off keeps its bytes, the
 * rest goes on in another buffer, a released buffer takes the next batch, and
 * a run of bytes longer than a buffer gets a larger one.
 */
import { describe, expect, it } from 'vitest';
import { PendingBytes } from '../src/pending-bytes.js';

const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString('latin1');

/** Fills `pending` with all of `content` (as many fills as it takes) and says how many there were. */
function fillAll(pending: PendingBytes, content: string): number {
  const bytes = Buffer.from(content, 'latin1');
  let fills = 0;
  for (let taken = 0; taken < bytes.length; fills++) taken += pending.fill(bytes, taken);
  return fills;
}

describe('PendingBytes', () => {
  it('cuts a batch off with its own bytes and goes on with the rest', () => {
    const pending = new PendingBytes(16);
    fillAll(pending, 'first game|second');
    const first = pending.cut(11);
    expect(text(first.bytes)).toBe('first game|');
    expect(text(pending.view())).toBe('second');
    fillAll(pending, ' game|third');
    expect(text(first.bytes)).toBe('first game|');
    expect(text(pending.view())).toBe('second game|third');
  });

  it('reads the next batch into a released buffer, never into one still held', () => {
    const pending = new PendingBytes(8);
    fillAll(pending, 'aaaabbbb');
    const first = pending.cut(4);
    fillAll(pending, 'cc');
    first.release();
    first.release();
    // The rest after this cut goes on in the buffer the first batch gave back.
    const second = pending.cut(6);
    expect(second.bytes.buffer).not.toBe(first.bytes.buffer);
    fillAll(pending, 'dddd');
    const third = pending.cut(4);
    expect(third.bytes.buffer).toBe(first.bytes.buffer);
    expect(text(second.bytes)).toBe('bbbbcc');
    expect(text(third.bytes)).toBe('dddd');
    // Held, not released: the next batch gets a buffer of its own.
    fillAll(pending, 'ee');
    const fourth = pending.cut(2);
    expect([first, second, third].map((batch) => batch.bytes.buffer)).not.toContain(fourth.bytes.buffer);
    expect(text(third.bytes)).toBe('dddd');
  });

  it('moves a run of bytes longer than a buffer into a larger one, and drops bytes from the front', () => {
    const pending = new PendingBytes(4);
    const long = 'one game longer than a buffer';
    expect(fillAll(pending, long)).toBeGreaterThan(1);
    expect(text(pending.view())).toBe(long);
    pending.drop(4);
    expect(text(pending.view())).toBe(long.slice(4));
    const batch = pending.cut(pending.size);
    expect(text(batch.bytes)).toBe(long.slice(4));
    expect(pending.size).toBe(0);
  });
});
