/** A conversion worker: settings from workerData, then batches in and converted games out, as bytes moved to the main thread. */
import { parentPort, workerData } from 'node:worker_threads';
import { createConvertJob, type ConvertAnswer, type ConvertJobSettings, type ConvertRequest } from './convert-job.js';

const job = createConvertJob(workerData as ConvertJobSettings);
const encoder = new TextEncoder();
parentPort?.on('message', (request: ConvertRequest) => {
  let answer: ConvertAnswer;
  try {
    const converted = job(request);
    // Encoded here, in parallel, so the thread that writes the output only hands bytes on.
    answer = { ...converted, output: encoder.encode(converted.output as string) };
  } catch (error) {
    // A bug on one batch: said for that batch, and this worker goes on with the next.
    answer = { id: request.id, output: '', games: 0, failed: 0, problems: [], failure: error instanceof Error ? error.message : String(error) };
  }
  const bytes = answer.output;
  parentPort?.postMessage(answer, typeof bytes === 'string' ? [] : [bytes.buffer as ArrayBuffer]);
});
