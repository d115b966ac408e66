/**
 * Reads many scan files in Node, spread over worker threads like `validate`:
 * each worker loads the recogniser once and reads whole files; outcomes come
 * back in input order whatever order the workers finish in. One job reads in
 * this thread.
 */
import { readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import type { CellReader } from './cell-reader.js';
import { CtcReader, type CtcReaderOptions } from './ctc-reader.js';
import { TesseractReader } from './tesseract-reader.js';
import { loadNodeNotationModel, loadNodeRecognizer } from './node-recognizer.js';
import { ensembleNetworks } from './stretched-lines.js';
import { loadImageFast } from './node-image-decode.js';
import { readScanFile, type PageOutcome } from './read-scan-file.js';
import { outcomeFromPlain, type PlainOutcome } from './read-transfer.js';
import { parseTemplate, type SheetTemplate } from './template.js';

export interface ScanFileInput {
  /** As shown in messages (relative to where the command runs). */
  readonly name: string;
  /** Where to read it. */
  readonly path: string;
}

export interface ReadPoolOptions {
  readonly jobs?: number;
  /** A template's JSON text (already checked by the caller). */
  readonly templateText?: string;
  readonly dpi?: number;
  readonly reader?: CtcReaderOptions;
  /** Which reader reads the cells (DEFAULT_READER_KIND when not given). */
  readonly readerKind?: ReaderKind;
}

/**
 * `auto`: both networks read every cell, the game is decoded by their ensemble and by PP-OCR alone, the decoding with
 * fewer moves in doubt is kept and every move the other decodes otherwise goes to review (cross-check.ts);
 * `ctc`: PP-OCR's recogniser; `notation`: the notation CRNN trained for this package; `ensemble`: both, their
 * scores summed, the notation CRNN reading each cell as written and 1.5× wider (stretched-lines.ts); `tesseract`: tesseract.js (printed text).
 */
export const READER_KINDS = ['auto', 'ctc', 'ensemble', 'notation', 'tesseract'] as const;
export type ReaderKind = (typeof READER_KINDS)[number];
/**
 * Cross-checked reading is the default: on the held-out bench it reads degraded images nearly as well as the ensemble
 * and clean and pre-filled ones as well as PP-OCR alone, and of the readers it is the one whose unflagged moves meet
 * every target (README, "How well it reads").
 */
export const DEFAULT_READER_KIND: ReaderKind = 'auto';

/** Whether games read by this reader are decoded twice and compared (`DecodeGroupOptions.crossCheck`). */
export const crossChecks = (kind: ReaderKind): boolean => kind === 'auto';

/** Loads the reader once (per thread). */
export async function loadReader(kind: ReaderKind = DEFAULT_READER_KIND, options: CtcReaderOptions = {}): Promise<CellReader> {
  switch (kind) {
    case 'tesseract': return TesseractReader.load();
    case 'ctc': return new CtcReader(await loadNodeRecognizer(), options, 'ctc');
    case 'notation': return new CtcReader(await loadNodeNotationModel(), options, 'notation');
    case 'ensemble':
    case 'auto': return new CtcReader(ensembleNetworks(await loadNodeRecognizer(), await loadNodeNotationModel()), options, kind);
  }
}

/** What a worker is sent: one file at a time. */
export interface ReadTask {
  readonly index: number;
  readonly file: ScanFileInput;
}

/** What a worker sends back. */
export type ReadWorkerMessage =
  | { readonly kind: 'page'; readonly index: number; readonly outcome: PlainOutcome }
  | { readonly kind: 'done'; readonly index: number }
  | { readonly kind: 'failed'; readonly index: number; readonly message: string };

export async function readFileBytes(file: ScanFileInput): Promise<Uint8Array | string> {
  try {
    return new Uint8Array(await readFile(file.path));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'EISDIR' ? 'is a directory' : code === 'ENOENT' ? 'no such file' : (error as Error).message;
  }
}

/** The template a run was given (already checked by the caller), in any thread. */
export function templateOf(text: string | undefined): SheetTemplate | undefined {
  if (text === undefined) return undefined;
  const parsed = parseTemplate(text);
  return parsed.ok ? parsed.value : undefined;
}

/** One file's pages, read the way every thread reads them (Skia decoding in Node). */
export function readScanBytes(name: string, bytes: Uint8Array, reader: CellReader, template: SheetTemplate | undefined, dpi: number | undefined): AsyncGenerator<PageOutcome> {
  return readScanFile(name, bytes, { reader, decodeImage: loadImageFast, ...(template ? { template } : {}), ...(dpi !== undefined ? { dpi } : {}) });
}

export async function* readScanFiles(files: readonly ScanFileInput[], options: ReadPoolOptions = {}): AsyncGenerator<PageOutcome> {
  const jobs = Math.max(1, Math.min(options.jobs ?? 1, files.length));
  if (jobs <= 1) {
    yield* readInThisThread(files, options);
    return;
  }
  yield* readInWorkers(files, options, jobs);
}

async function* readInThisThread(files: readonly ScanFileInput[], options: ReadPoolOptions): AsyncGenerator<PageOutcome> {
  const reader = await loadReader(options.readerKind, options.reader);
  const template = templateOf(options.templateText);
  try {
    for (const file of files) {
      const bytes = await readFileBytes(file);
      if (typeof bytes === 'string') {
        yield { ok: false, file: file.name, code: 'unreadable', message: bytes };
        continue;
      }
      yield* readScanBytes(file.name, bytes, reader, template, options.dpi);
    }
  } finally {
    await reader.dispose();
  }
}

async function* readInWorkers(files: readonly ScanFileInput[], options: ReadPoolOptions, jobs: number): AsyncGenerator<PageOutcome> {
  const pending = new Map<number, PageOutcome[]>();
  const finished = new Set<number>();
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  let next = 0;
  const workers: Worker[] = [];
  const feed = (worker: Worker) => {
    if (next >= files.length) {
      void worker.terminate();
      return;
    }
    const task: ReadTask = { index: next, file: files[next] };
    next += 1;
    worker.postMessage(task);
  };
  for (let w = 0; w < jobs; w += 1) {
    const worker = new Worker(new URL('./read-worker.js', import.meta.url), {
      workerData: { templateText: options.templateText, dpi: options.dpi, reader: options.reader, readerKind: options.readerKind },
    });
    let current = -1;
    worker.on('message', (message: ReadWorkerMessage) => {
      current = message.index;
      const list = pending.get(message.index) ?? [];
      pending.set(message.index, list);
      if (message.kind === 'page') list.push(outcomeFromPlain(message.outcome, options.reader));
      else if (message.kind === 'failed') list.push({ ok: false, file: files[message.index].name, code: 'unreadable', message: message.message });
      if (message.kind !== 'page') {
        finished.add(message.index);
        current = -1;
        feed(worker);
      }
      notify();
    });
    worker.on('error', (error) => {
      // A worker that dies costs only the file it held, reported as unreadable.
      if (current >= 0 && !finished.has(current)) {
        const list = pending.get(current) ?? [];
        list.push({ ok: false, file: files[current].name, code: 'unreadable', message: `reading stopped: ${error.message}` });
        pending.set(current, list);
        finished.add(current);
      }
      notify();
    });
    worker.on('exit', () => {
      if (current >= 0 && !finished.has(current)) {
        const list = pending.get(current) ?? [];
        list.push({ ok: false, file: files[current].name, code: 'unreadable', message: 'the reading thread stopped' });
        pending.set(current, list);
        finished.add(current);
        // Its remaining files go to a fresh thread's queue: simplest is to report them too.
        notify();
      }
    });
    workers.push(worker);
    feed(worker);
  }
  try {
    for (let index = 0; index < files.length; index += 1) {
      while (!finished.has(index)) {
        const list = pending.get(index);
        if (list && list.length > 0) {
          yield* list.splice(0);
          continue;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
      yield* pending.get(index) ?? [];
      pending.delete(index);
    }
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
