/** A reading thread: loads the recogniser once, then reads the files it is sent (read-pool.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import type { CtcReaderOptions } from './ctc-reader.js';
import { loadReader, readFileBytes, readScanBytes, templateOf, type ReaderKind, type ReadTask, type ReadWorkerMessage } from './read-pool.js';
import { plainOutcome } from './read-transfer.js';

const settings = workerData as { templateText?: string; dpi?: number; reader?: CtcReaderOptions; readerKind?: ReaderKind };
const template = templateOf(settings.templateText);
const reader = await loadReader(settings.readerKind, settings.reader);
const port = parentPort;
const send = (message: ReadWorkerMessage) => port?.postMessage(message);

port?.on('message', async (task: ReadTask) => {
  try {
    const bytes = await readFileBytes(task.file);
    if (typeof bytes === 'string') {
      send({ kind: 'failed', index: task.index, message: bytes });
      return;
    }
    for await (const outcome of readScanBytes(task.file.name, bytes, reader, template, settings.dpi)) {
      send({ kind: 'page', index: task.index, outcome: plainOutcome(outcome) });
    }
    send({ kind: 'done', index: task.index });
  } catch (error) {
    send({ kind: 'failed', index: task.index, message: error instanceof Error ? error.message : String(error) });
  }
});
