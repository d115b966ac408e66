/** The worker's side of a WorkerPool: its settings, and one answer per request. */
import type { TransferListItem } from 'node:worker_threads';
import type { ReadyMessage, ReplyMessage, RequestMessage } from './messages.js';

/** The settings the pool was given (`WorkerPoolOptions.settings`), as this worker received them. */
export function workerSettings<Settings>(): Settings {
  return process.getBuiltinModule('node:worker_threads').workerData as Settings;
}

/** Tells the pool a part of the answer on the way (SubmitOptions.onPart hears it); `transfer` is moved, not copied. */
export type TellPart<Part> = (part: Part, transfer?: readonly TransferListItem[]) => void;

/**
 * Answers each request the pool sends with `answer` (which may be async, and may `tell` parts of the answer
 * on the way). `transferOf` lists what of an answer is moved to the pool's thread rather than copied. An
 * answer that throws is reported for its request alone (WorkerTaskError in the pool) and the worker goes on
 * with the next. The pool hears that the worker is ready once this is called.
 */
export function answerRequests<Request, Answer, Part = never>(
  answer: (request: Request, tell: TellPart<Part>) => Answer | Promise<Answer>,
  transferOf?: (answer: Answer) => readonly TransferListItem[],
): void {
  const port = process.getBuiltinModule('node:worker_threads').parentPort;
  if (port === null) throw new Error('answerRequests runs in a worker thread started by a WorkerPool');
  const reply = (message: ReplyMessage<Answer, Part>, transfer: readonly TransferListItem[] = []): void => port.postMessage(message, transfer);
  const fail = (id: number, error: unknown): void => reply({ id, error: error instanceof Error ? error.message : String(error) });
  const send = (id: number, result: Answer): void => {
    try {
      reply({ id, answer: result }, transferOf?.(result));
    } catch (error) {
      // An answer that cannot be cloned or moved is this request's failure, not the worker's.
      fail(id, error);
    }
  };
  port.on('message', ({ id, request }: RequestMessage<Request>) => {
    let result: Answer | Promise<Answer>;
    try {
      result = answer(request, (part, transfer) => reply({ id, part }, transfer));
    } catch (error) {
      fail(id, error);
      return;
    }
    if (result instanceof Promise) result.then((settled) => send(id, settled), (error: unknown) => fail(id, error));
    else send(id, result);
  });
  // The pool may now count on this worker (WorkerPool.shortestReadyQueue): until here it was loading.
  const ready: ReadyMessage = { ready: true };
  port.postMessage(ready);
}
