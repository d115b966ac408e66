/** A conversion worker: settings from the pool, then batches in and converted games out, as UTF-8 bytes moved (not copied) to the main thread. */
import { answerRequests } from '@zapis/workers';
import { createConvertJob, type ConvertAnswer, type ConvertJobSettings, type ConvertRequest } from './convert-job.js';
import { startedWorkerSettings } from './worker-start.js';

const job = createConvertJob(startedWorkerSettings<ConvertJobSettings>());
// A batch that throws is reported for that batch alone, and this worker goes on with the next.
answerRequests<ConvertRequest, ConvertAnswer>(job, (answer) => [answer.output.buffer as ArrayBuffer]);
