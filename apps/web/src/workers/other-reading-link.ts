/**
 * The desk worker and the other reading's worker (other-reading-worker.ts) answer each other through shared memory:
 * the desk worker waits for PP-OCR alone's decode inside a synchronous decode, where no message could reach it.
 * Requests go by MessagePort; an answer is written to `payload` as UTF-8 JSON and announced in `control`.
 */
import type { OtherReadingLink, OtherReadingMessage, OtherReadingReplies } from '@zapis/desk';

/** control[STATE]: EMPTY, WRITING (the other worker fills the payload) or FILLED (an answer waits to be read). */
const STATE = 0;
/** The request the answer in the payload is for, and its length in bytes (-1: not decoded there; decode it here). */
const SEQ = 1;
const LENGTH = 2;
/** Requests up to this number are no longer wanted (the desk worker's requests are numbered upwards). */
const CANCELLED = 3;
/** 1 once the other worker listens. */
const READY = 4;
const EMPTY = 0;
const WRITING = 1;
const FILLED = 2;

/** An answer larger than this is not sent: the desk worker decodes that reading itself (a long game's is far smaller). */
export const PAYLOAD_BYTES = 8 * 1024 * 1024;

export interface SharedAnswers {
  readonly control: Int32Array;
  readonly payload: Uint8Array;
}

/** The other worker as the desk worker reaches it: a port for requests and the shared memory answers come in. */
export interface OtherReadingPort extends SharedAnswers {
  readonly port: MessagePort;
}

export function sharedAnswers(): SharedAnswers {
  return { control: new Int32Array(new SharedArrayBuffer(5 * 4)), payload: new Uint8Array(new SharedArrayBuffer(PAYLOAD_BYTES)) };
}

/** The other worker stopped (an error the page saw): the desk worker decodes every reading itself from now on. */
export function otherReadingStopped({ control }: SharedAnswers): void {
  Atomics.store(control, READY, 0);
  Atomics.notify(control, STATE);
}

/** How long the desk worker waits for an answer before it decodes the reading itself (a worker that hung). */
const GIVE_UP_MS = 60_000;

/** The desk worker's side. */
export function deskLink({ port, control, payload }: OtherReadingPort): OtherReadingLink {
  const text = new TextDecoder();
  const cancel = (seq: number): void => {
    if (Atomics.load(control, CANCELLED) < seq) Atomics.store(control, CANCELLED, seq);
  };
  return {
    ready: () => Atomics.load(control, READY) === 1,
    post: (message: OtherReadingMessage) => port.postMessage(message),
    cancel,
    answer(seq, whileWaiting) {
      const deadline = performance.now() + GIVE_UP_MS;
      for (;;) {
        const state = Atomics.load(control, STATE);
        if (Atomics.load(control, READY) !== 1) return undefined;
        if (state === FILLED) {
          const answered = Atomics.load(control, SEQ);
          // A later request's answer is left for whoever waits for it: this one will not come.
          if (answered > seq) return undefined;
          const length = Atomics.load(control, LENGTH);
          // TextDecoder reads no shared memory: the bytes are copied out first.
          const answer = answered === seq && length >= 0 ? text.decode(payload.slice(0, length)) : undefined;
          Atomics.store(control, STATE, EMPTY);
          Atomics.notify(control, STATE);
          if (answered === seq) return answer;
          // An earlier request's answer, which nobody waits for any more, is dropped.
          continue;
        }
        whileWaiting();
        if (performance.now() > deadline) {
          cancel(seq);
          return undefined;
        }
        Atomics.wait(control, STATE, state, 5);
      }
    },
  };
}

/** The other reading's worker's side. */
export function otherReadingReplies({ control, payload }: SharedAnswers): OtherReadingReplies & { listening(): void } {
  const text = new TextEncoder();
  const cancelled = (seq: number): boolean => Atomics.load(control, CANCELLED) >= seq;
  return {
    listening: () => Atomics.store(control, READY, 1),
    cancelled,
    reply(seq, answer) {
      let bytes = answer === undefined ? undefined : text.encode(answer);
      if (bytes && bytes.length > payload.length) bytes = undefined;
      // The answer before must have been read (or dropped) before this one is written over it.
      for (;;) {
        if (cancelled(seq)) return;
        if (Atomics.compareExchange(control, STATE, EMPTY, WRITING) === EMPTY) break;
        Atomics.wait(control, STATE, FILLED, 50);
      }
      if (bytes) payload.set(bytes);
      Atomics.store(control, SEQ, seq);
      Atomics.store(control, LENGTH, bytes ? bytes.length : -1);
      Atomics.store(control, STATE, FILLED);
      Atomics.notify(control, STATE);
    },
  };
}
