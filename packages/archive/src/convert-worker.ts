/** A conversion worker: settings from workerData, then batches in and converted games out, as UTF-8 bytes moved (not copied) to the main thread. */
import { parentPort, workerData } from 'node:worker_threads';
import { createConvertJob, type ConvertAnswer, type ConvertJobSettings, type ConvertRequest } from './convert-job.js';

const job = createConvertJob(workerData as ConvertJobSettings);
parentPort?.on('message', (request: ConvertRequest) => {
  let answer: ConvertAnswer;
  try {
    answer = job(request);
  } catch (error) {
    // A bug on one batch: said for that batch, and this worker goes on with the next.
    answer = { id: request.id, output: new Uint8Array(0), games: 0, failed: 0, problems: [], failure: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer, [answer.output.buffer as ArrayBuffer]);
});
