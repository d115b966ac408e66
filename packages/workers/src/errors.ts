/** Why a request submitted to a pool got no answer. */

/** The worker holding the request died (it crashed, ran out of memory, or exited); a fresh worker has taken its slot. */
export class WorkerLostError extends Error {
  override readonly name = 'WorkerLostError';

  /** `reason`: why the worker stopped, as said in the message (`it stopped with exit code 1`). */
  constructor(workName: string | undefined, readonly reason: string) {
    super(`${workName === undefined ? 'a' : `a ${workName}`} worker was lost (${reason})`);
  }
}

/** The worker's handler threw on this request; the message is the error's. The worker went on with its next request. */
export class WorkerTaskError extends Error {
  override readonly name = 'WorkerTaskError';
}

/** The pool was closed before the request was answered. */
export class PoolClosedError extends Error {
  override readonly name = 'PoolClosedError';

  constructor() {
    super('the worker pool was closed before the request was answered');
  }
}
