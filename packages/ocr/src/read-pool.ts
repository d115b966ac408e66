/**
 * Reads many scan files in Node, spread over worker threads like `validate`
 * (one pool, @zapis/workers): each worker loads the recogniser once and reads
 * whole files, telling each page as it is read; outcomes come back in input
 * order whatever order the workers finish in, and a worker that dies costs
 * only the file it held. One job reads in this thread.
 */
import { readFile } from 'node:fs/promises';
import { compiledWorker, WorkerLostError, WorkerPool } from '@zapis/workers';
import type { CellReader } from './cell-reader.js';
import { CtcReader, type CtcReaderOptions } from './ctc-reader.js';
import { TesseractReader } from './tesseract-reader.js';
import { loadNodeNotationModel, loadNodeRecognizer } from './node-recognizer.js';
import { ensembleNetworks } from './stretched-lines.js';
import { loadImageFast } from './node-image-decode.js';
import { readScanFile, type PageOutcome } from './read-scan-file.js';
import { outcomeFromPlain, type PlainOutcome } from './read-transfer.js';
import type { SheetTemplate } from './template.js';

export interface ScanFileInput {
  /** As shown in messages (relative to where the command runs). */
  readonly name: string;
  /** Where to read it. */
  readonly path: string;
}

export interface ReadPoolOptions {
  readonly jobs?: number;
  /** A foreign sheet's description (parsed and checked by the caller: parseTemplate); given to every worker. */
  readonly template?: SheetTemplate;
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

/** What every reading worker starts with. */
export interface ReadWorkerSettings {
  readonly template?: SheetTemplate;
  readonly dpi?: number;
  readonly reader?: CtcReaderOptions;
  readonly readerKind?: ReaderKind;
}

export async function readFileBytes(file: ScanFileInput): Promise<Uint8Array | string> {
  try {
    return new Uint8Array(await readFile(file.path));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'EISDIR' ? 'is a directory' : code === 'ENOENT' ? 'no such file' : (error as Error).message;
  }
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
  const { template } = options;
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

/** The outcome of a file whose reading failed, or whose worker died (after the pages it had told). */
function unreadableFile(file: ScanFileInput, error: unknown): PageOutcome {
  const message = error instanceof WorkerLostError ? `reading stopped: ${error.message}` : error instanceof Error ? error.message : String(error);
  return { ok: false, file: file.name, code: 'unreadable', message };
}

async function* readInWorkers(files: readonly ScanFileInput[], options: ReadPoolOptions, jobs: number): AsyncGenerator<PageOutcome> {
  const { template, dpi, reader, readerKind } = options;
  const settings: ReadWorkerSettings = { ...(template ? { template } : {}), ...(dpi !== undefined ? { dpi } : {}), ...(reader ? { reader } : {}), ...(readerKind ? { readerKind } : {}) };
  const pool = new WorkerPool<ScanFileInput, void, ReadWorkerSettings, PlainOutcome>({ worker: compiledWorker('read-worker.js', import.meta.url), workers: jobs, settings, workName: 'reading' });
  // Each file's pages as its worker tells them; the file in turn is yielded from as they come, the later ones wait.
  const pages = files.map((): PlainOutcome[] => []);
  let wake: (() => void) | undefined;
  const ends = files.map((file, index) => pool.submit(file, {
    onPart: (page) => {
      pages[index].push(page);
      wake?.();
    },
  }).then(() => undefined, (error: unknown) => unreadableFile(file, error)));
  try {
    for (const [index, end] of ends.entries()) {
      let ended = false;
      let failure: PageOutcome | undefined;
      void end.then((failed) => {
        [ended, failure] = [true, failed];
        wake?.();
      });
      while (true) {
        for (const page of pages[index].splice(0)) yield outcomeFromPlain(page, reader);
        if (ended) break;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
      if (failure) yield failure;
    }
  } finally {
    await pool.close();
  }
}
