/** A validation worker: settings from workerData, then batches in and records out, in the order asked. */
import { parentPort, workerData } from 'node:worker_threads';
import { createJob, type BatchRequest, type JobSettings } from './batch-job.js';
import { ruleHooks } from './rule-hooks.js';

const job = createJob(workerData as JobSettings, ruleHooks);
parentPort?.on('message', (request: BatchRequest) => {
  parentPort?.postMessage(job(request));
});
