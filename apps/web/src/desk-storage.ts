/**
 * The browser's storage of the desk (IndexedDB, through idb-keyval; the
 * database keeps idb-keyval's default name, so sessions saved before are read).
 *
 * Chromium now and then leaves a page's first storage request unanswered
 * after a reload: no success, no error. A read is therefore watched: after a
 * silent spell it is tried again on a fresh connection, and after the last
 * silent try it fails with `StorageSilent`, so the desk can start and say so
 * instead of waiting forever.
 */
import { clear, createStore, get, getMany, set, setMany, type UseStore } from 'idb-keyval';

/** One try's time to answer: a healthy read of a saved round (megabytes of readings) takes well under a second. */
export const ANSWER_WITHIN_MS = 4000;
export const READ_ATTEMPTS = 3;

export class StorageSilent extends Error {
  constructor(attempts: number) {
    super(`the browser's storage did not answer (${attempts} tries)`);
    this.name = 'StorageSilent';
  }
}

/** A new connection to the desk's store. */
export const openDeskStore = (): UseStore => createStore('keyval-store', 'keyval');

export class DeskStorage {
  private store: UseStore;

  constructor(private readonly open: () => UseStore = openDeskStore, private readonly answerWithinMs = ANSWER_WITHIN_MS,
    private readonly attempts = READ_ATTEMPTS) {
    this.store = open();
  }

  get<T>(key: string): Promise<T | undefined> {
    return this.watched((store) => get<T>(key, store));
  }

  getMany<T>(keys: readonly string[]): Promise<(T | undefined)[]> {
    return this.watched((store) => getMany<T>([...keys], store));
  }

  set(key: string, value: unknown): Promise<void> {
    return set(key, value, this.store);
  }

  /** Writes every entry in one transaction: all of them are kept, or none. */
  setMany(entries: readonly (readonly [string, unknown])[]): Promise<void> {
    return setMany(entries.map(([key, value]) => [key, value]), this.store);
  }

  clear(): Promise<void> {
    return clear(this.store);
  }

  private async watched<T>(read: (store: UseStore) => Promise<T>): Promise<T> {
    for (let attempt = 1; attempt <= this.attempts; attempt += 1) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const silence = new Promise<'silent'>((resolve) => { timer = setTimeout(() => resolve('silent'), this.answerWithinMs); });
      try {
        const answer = await Promise.race([read(this.store).then((value) => ({ value })), silence]);
        if (answer !== 'silent') return answer.value;
      } finally {
        clearTimeout(timer);
      }
      // The connection may be the one that hangs: the next try opens its own.
      if (attempt < this.attempts) this.store = this.open();
    }
    throw new StorageSilent(this.attempts);
  }
}
