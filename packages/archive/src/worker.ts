/** A validation worker: settings from workerData, then batches in and records out, in the order asked. */
import { parentPort, workerData } from 'node:worker_threads';
import { createJob, type BatchRequest, type JobSettings } from './batch-job.js';
import { transferables } from './clean-games.js';
import { ruleHooks } from './rule-hooks.js';

const job = createJob(workerData as JobSettings, ruleHooks);
parentPort?.on('message', (request: BatchRequest) => {
  const answer = job(request);
  parentPort?.postMessage(answer, answer.clean ? transferables(answer.clean) : []);
});
