/**
 * @zapis/workers: one worker-thread pool for Node. Requests are answered in
 * any order and awaited in input order; a worker that dies costs only the
 * requests it held, and a fresh worker takes its slot.
 */
export { WorkerPool, type WorkerPoolOptions, type SubmitOptions } from './worker-pool.js';
export { answerRequests, workerSettings, type TellPart } from './answer-requests.js';
export { compiledWorker } from './compiled-worker.js';
export { WorkerLostError, WorkerTaskError, PoolClosedError } from './errors.js';
export { type RequestMessage, type ReplyMessage, type ReadyMessage } from './messages.js';
