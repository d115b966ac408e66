/** A validation worker: settings from the pool, then batches in and records out (batch-driver.ts). */
import { answerRequests } from '@zapis/workers';
import { createJob, type BatchAnswer, type BatchRequest, type JobSettings } from './batch-job.js';
import { transferables } from './clean-games.js';
import { ruleHooks } from './rule-hooks.js';
import { startedWorkerSettings } from './worker-start.js';

const job = createJob(startedWorkerSettings<JobSettings>(), ruleHooks);
// A batch that throws is reported for that batch alone, and this worker goes on with the next.
answerRequests<BatchRequest, BatchAnswer>(job, (answer) => (answer.clean ? transferables(answer.clean) : []));
