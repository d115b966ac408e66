/**
 * The desk's storage reads with a watchdog: a connection that never answers
 * is replaced, and after the last silent try the read fails with
 * StorageSilent instead of hanging the desk's start. The stores here stand in
 * for IndexedDB connections: some never answer, the others answer from a map.
 */
import { describe, expect, it } from 'vitest';
import type { UseStore } from 'idb-keyval';
import { DeskStorage, StorageSilent } from '../src/desk-storage.js';

interface FakeRequest { result?: unknown; error?: unknown; onsuccess?: () => void; onerror?: () => void }

/** A connection that answers `get` from `values` (or fails every request), as idb-keyval drives a store. */
function answering(values: Map<string, unknown>, fail = false): UseStore {
  const objectStore = {
    get(key: string): FakeRequest {
      const request: FakeRequest = {};
      setTimeout(() => {
        if (fail) {
          request.error = new Error('the store is broken');
          request.onerror?.();
        } else {
          request.result = values.get(key);
          request.onsuccess?.();
        }
      }, 1);
      return request;
    },
  };
  return ((_mode: IDBTransactionMode, callback: (store: IDBObjectStore) => unknown) =>
    Promise.resolve(callback(objectStore as unknown as IDBObjectStore))) as UseStore;
}

const silent: UseStore = (() => new Promise(() => undefined)) as UseStore;

/** Hands out the given connections in turn, counting them. */
function connections(...stores: UseStore[]): { open: () => UseStore; opened: () => number } {
  let count = 0;
  return { open: () => stores[Math.min(count++, stores.length - 1)]!, opened: () => count };
}

describe('DeskStorage', () => {
  const saved = new Map<string, unknown>([['session', { inputIds: ['a'] }], ['a', 'scan a']]);

  it('reads through a connection that answers, on the first try', async () => {
    const pool = connections(answering(saved));
    const storage = new DeskStorage(pool.open, 50, 3);
    expect(await storage.get('session')).toEqual({ inputIds: ['a'] });
    expect(await storage.getMany(['a', 'missing'])).toEqual(['scan a', undefined]);
    expect(pool.opened()).toBe(1);
  });

  it('opens a fresh connection when one stays silent, and reads through it', async () => {
    const pool = connections(silent, silent, answering(saved));
    const storage = new DeskStorage(pool.open, 30, 3);
    expect(await storage.get('session')).toEqual({ inputIds: ['a'] });
    expect(pool.opened()).toBe(3);
    // The connection that answered is kept for the next read.
    expect(await storage.get('a')).toBe('scan a');
    expect(pool.opened()).toBe(3);
  });

  it('gives up with StorageSilent after its last silent try, and does not hang', async () => {
    const pool = connections(silent);
    const storage = new DeskStorage(pool.open, 20, 3);
    const started = Date.now();
    await expect(storage.get('session')).rejects.toBeInstanceOf(StorageSilent);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(pool.opened()).toBe(3);
  });

  it('passes a store\u2019s error on as that error, not as silence', async () => {
    const storage = new DeskStorage(connections(answering(saved, true)).open, 50, 3);
    const failure = await storage.get('session').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(StorageSilent);
    expect((failure as Error).message).toBe('the store is broken');
  });
});
