/** A validation worker: settings from workerData, then batches in and records out, in the order asked. */
import { parentPort, workerData } from 'node:worker_threads';
import { createJob, type BatchAnswer, type BatchRequest, type JobSettings } from './batch-job.js';
import { transferables } from './clean-games.js';
import { ruleHooks } from './rule-hooks.js';

const job = createJob(workerData as JobSettings, ruleHooks);
parentPort?.on('message', (request: BatchRequest) => {
  let answer: BatchAnswer;
  try {
    answer = job(request);
  } catch (error) {
    // A bug on one batch: said for that batch, and this worker goes on with the next.
    answer = { id: request.id, records: [], failure: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer, answer.clean ? transferables(answer.clean) : []);
});
