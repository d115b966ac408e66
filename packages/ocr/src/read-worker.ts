/** A reading thread: loads the recogniser once, then reads the files it is sent, telling each page as it is read (read-pool.ts). */
import { answerRequests, workerSettings } from '@zapis/workers';
import { loadReader, readFileBytes, readScanBytes, type ReadWorkerSettings, type ScanFileInput } from './read-pool.js';
import { plainOutcome, type PlainOutcome } from './read-transfer.js';

const settings = workerSettings<ReadWorkerSettings>();
const reader = await loadReader(settings.readerKind, settings.reader);

// A file that cannot be read (or whose reading throws) is its own failure: this thread goes on with the next.
answerRequests<ScanFileInput, void, PlainOutcome>(async (file, tell) => {
  const bytes = await readFileBytes(file);
  if (typeof bytes === 'string') throw new Error(bytes);
  for await (const outcome of readScanBytes(file.name, bytes, reader, settings.template, settings.dpi)) tell(plainOutcome(outcome));
});
