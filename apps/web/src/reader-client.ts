/**
 * Reads scan files with a small pool of reader workers (one per core, at
 * most two). A page is read in tasks: first its cut (decode, locate, cut
 * the cells; no model needed), then its cells in the reader's own batches,
 * and its header lines. Cuts go to a worker without the model, cells to the
 * one that has it (pump says why): on a page just opened one worker cuts the
 * first sheet while the other loads the model, then it cuts the next sheets
 * while the first reads cells. A PDF is rendered here page by page (pdf.js
 * needs the page's canvas).
 */
import pdfWorkerUrl from 'pdfjs-dist/legacy/build/pdf.worker.mjs?url';
import type { GrayImage, PlainCellReading, PlainOutcome, TextAlternative } from '@zapis/ocr';
import { sniffScanKind } from '@zapis/ocr/scan-kind';
import type { CutSource, ReaderReply, ReaderRequest } from './workers/reader-protocol.js';

/** pdf.js, loaded with the first PDF; @zapis/ocr's pdfPages then finds it configured. */
async function pdfRenderer(): Promise<typeof import('@zapis/ocr')['pdfPages']> {
  const [{ GlobalWorkerOptions }, { pdfPages }] = await Promise.all([import('pdfjs-dist/legacy/build/pdf.mjs'), import('@zapis/ocr')]);
  GlobalWorkerOptions.workerSrc = pdfWorkerUrl;
  return pdfPages;
}

export interface ReadPage {
  readonly outcome: PlainOutcome;
  /** The page as an image the browser shows (the file itself, or a rendered PDF page). */
  readonly image?: Blob;
  readonly milliseconds: number;
}

export type ReadProgress = 'queued' | 'model' | 'reading' | 'rendering';

type TaskRequest = Exclude<ReaderRequest, { kind: 'warm' }>;
type TaskReply = Exclude<ReaderReply, { kind: 'ready' | 'model' }>;

interface Task {
  readonly request: TaskRequest;
  readonly transfer: Transferable[];
  readonly done: (reply: TaskReply) => void;
  /** Runs when a worker takes the task. */
  readonly onStart?: () => void;
}

interface ReaderSlot {
  readonly worker: Worker;
  listening: boolean;
  busy: boolean;
  model: 'none' | 'loading' | 'loaded';
}

/** Cuts go to a worker without the model first (a cut needs none); cells to one that has it or is loading it. */
const CUT_PREFERENCE = ['none', 'loading', 'loaded'] as const;
const READ_PREFERENCE = ['loaded', 'loading'] as const;

export class ReaderPool {
  private readonly slots: ReaderSlot[] = [];
  /** Cells and header lines of pages already cut: taken before new cuts, so that the first sheet finishes first. */
  private readonly reads: Task[] = [];
  private readonly cuts: Task[] = [];
  private readonly pending = new Map<number, (reply: TaskReply) => void>();
  private nextJob = 1;
  private warming = false;

  constructor(private readonly size = Math.max(1, Math.min(2, navigator.hardwareConcurrency || 1))) {}

  /** Reads one file; pages are reported as they are read. A bad file is an outcome with its error, never a throw. */
  async readFile(file: Blob, name: string, onPage: (page: ReadPage) => void, onStage: (stage: ReadProgress) => void): Promise<void> {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const kind = sniffScanKind(bytes);
    if (kind === 'pdf') {
      onStage('rendering');
      const pdfPages = await pdfRenderer();
      const reads: Promise<void>[] = [];
      for await (const page of pdfPages(bytes)) {
        if (!page.ok) {
          const outcome: PlainOutcome = { ok: false, file: name, ...(page.error.page !== undefined ? { page: page.error.page } : {}), code: 'unreadable', message: page.error.message };
          onPage({ outcome, milliseconds: 0 });
          continue;
        }
        const { image, page: number } = page.value;
        const shown = await grayBlob(image);
        const data = new Uint8Array(image.data);
        reads.push(this.readPage(name, { kind: 'page', page: number, image: { width: image.width, height: image.height, data } }, [data.buffer], onStage)
          .then((read) => onPage({ ...read, image: shown })));
      }
      await Promise.all(reads);
      return;
    }
    const buffer = bytes.buffer as ArrayBuffer;
    const read = await this.readPage(name, { kind: 'image', bytes: buffer }, [buffer], onStage);
    onPage({ ...read, ...(kind ? { image: file } : {}) });
  }

  /**
   * Starts the workers (their code only: the model loads when it is needed), so that a first file does not
   * wait for them to start. Called when the page is idle.
   */
  prepare(): void {
    while (this.slots.length < this.size) this.spawn();
  }

  /**
   * Starts a worker loading the reader (a few seconds: the runtime and the model) while a person is still
   * choosing a file, so that the first sheet does not wait for it.
   */
  warm(): void {
    this.warming = true;
    this.pump();
  }

  private async readPage(name: string, source: CutSource, transfer: Transferable[], onStage: (stage: ReadProgress) => void): Promise<{ outcome: PlainOutcome; milliseconds: number }> {
    onStage('queued');
    // The reading library (to split and assemble the page) loads here while a worker cuts it.
    const library = import('@zapis/ocr');
    // A page that fails before it is needed must not leave its rejection unhandled.
    library.catch(() => undefined);
    let started = 0;
    const cut = await this.task(this.cuts, { kind: 'cut', job: 0, name, source }, transfer, () => {
      started = performance.now();
      onStage('reading');
    });
    const elapsed = (): number => performance.now() - started;
    if (cut.kind === 'outcome') return { outcome: cut.outcome, milliseconds: elapsed() };
    const page = source.kind === 'page' ? source.page : 1;
    const failed = (message: string): { outcome: PlainOutcome; milliseconds: number } =>
      ({ outcome: { ok: false, file: name, page, code: 'unreadable', message }, milliseconds: elapsed() });
    if (cut.kind !== 'cut') return failed(cut.kind === 'failed' ? cut.message : 'the page was not cut');
    if (!this.slots.some((slot) => slot.model === 'loaded')) onStage('model');
    const { cellBatches, plainOutcomeFromCut, withoutCellImages } = await library;
    const lines = cut.cut.cells.map((cell) => cell.image.line);
    const readings = new Array<PlainCellReading>(lines.length);
    let texts: readonly (readonly TextAlternative[])[] = [];
    const replies = await Promise.all([
      ...cellBatches(lines).map(async (batch) => {
        const reply = await this.task(this.reads, { kind: 'cells', job: 0, lines: batch.map((index) => lines[index]) }, []);
        if (reply.kind !== 'cells') return reply;
        onStage('reading');
        batch.forEach((index, k) => { readings[index] = reply.readings[k]; });
        return undefined;
      }),
      (async () => {
        if (cut.cut.header.length === 0) return undefined;
        const reply = await this.task(this.reads, { kind: 'texts', job: 0, lines: cut.cut.header.map((field) => field.line) }, []);
        if (reply.kind !== 'texts') return reply;
        texts = reply.texts;
        return undefined;
      })(),
    ]);
    const failure = replies.find((reply) => reply !== undefined);
    if (failure) return failed(failure.kind === 'failed' ? failure.message : 'the page was not read');
    // The desk keeps a round's pages (and stores them for a reload): each cell's crops, which it never shows (it cuts
    // them from the scan), are most of a page's size.
    return { outcome: withoutCellImages(plainOutcomeFromCut(name, page, cut.cut, readings, texts)), milliseconds: elapsed() };
  }

  /** Queues a task; `onStart` runs when a worker takes it. */
  private task(queue: Task[], request: TaskRequest, transfer: Transferable[], onStart?: () => void): Promise<TaskReply> {
    return new Promise((done) => {
      queue.push({ request: { ...request, job: this.nextJob++ }, transfer, done, ...(onStart ? { onStart } : {}) });
      this.pump();
    });
  }

  /**
   * Gives queued tasks to free workers, and starts the model loading. One worker reads cells, the other cuts
   * pages: on two cores, two loads at once, or a load beside reading, slow each other down, and a second reader
   * makes a sheet little faster once both have loaded. So one worker loads the model while the other cuts the
   * first sheet, and it cuts the next sheets while the first reads cells.
   */
  private pump(): void {
    const busy = this.cuts.length + this.reads.length + this.pending.size > 0;
    if (this.warming || busy) this.prepare();
    for (;;) {
      // With no model anywhere yet, a worker without one takes cells (and loads it for them).
      const anyModel = this.slots.some((slot) => slot.model !== 'none');
      const reader = this.reads.length > 0 ? this.freeSlot(anyModel ? READ_PREFERENCE : ['none']) : undefined;
      if (reader) {
        this.assign(reader, this.reads.shift()!);
        continue;
      }
      // Cells wait for a worker with the model; a cut may still go to any free worker.
      const cutter = this.cuts.length > 0 ? this.freeSlot(CUT_PREFERENCE) : undefined;
      if (!cutter) break;
      this.assign(cutter, this.cuts.shift()!);
    }
    if (this.slots.some((slot) => slot.model !== 'none') || !(this.warming || busy)) return;
    const cold = this.slots.find((slot) => slot.listening && !slot.busy);
    if (cold) {
      cold.model = 'loading';
      cold.worker.postMessage({ kind: 'warm', job: 0 } satisfies ReaderRequest);
    }
  }

  private assign(slot: ReaderSlot, task: Task): void {
    slot.busy = true;
    if (task.request.kind !== 'cut' && slot.model === 'none') slot.model = 'loading';
    this.pending.set(task.request.job, task.done);
    task.onStart?.();
    slot.worker.postMessage(task.request, task.transfer);
  }

  private freeSlot(preference: readonly ReaderSlot['model'][]): ReaderSlot | undefined {
    for (const model of preference) {
      const slot = this.slots.find((candidate) => candidate.listening && !candidate.busy && candidate.model === model);
      if (slot) return slot;
    }
    return undefined;
  }

  /** Starts a worker; it takes tasks once it says it listens. */
  private spawn(): void {
    const worker = new Worker(new URL('./workers/reader-worker.ts', import.meta.url), { type: 'module', name: 'zapis-reader' });
    const slot: ReaderSlot = { worker, listening: false, busy: false, model: 'none' };
    worker.onmessage = (event: MessageEvent<ReaderReply>) => this.receive(slot, event.data);
    this.slots.push(slot);
  }

  private receive(slot: ReaderSlot, reply: ReaderReply): void {
    if (reply.kind === 'ready') {
      slot.listening = true;
    } else if (reply.kind === 'model') {
      slot.model = reply.loaded ? 'loaded' : 'none';
    } else {
      const done = this.pending.get(reply.job);
      if (!done) return;
      this.pending.delete(reply.job);
      slot.busy = false;
      done(reply);
    }
    this.pump();
  }
}

/** A grey page as a PNG to show (a rendered PDF page has no file of its own). */
async function grayBlob(image: GrayImage): Promise<Blob> {
  const canvas = new OffscreenCanvas(image.width, image.height);
  const context = canvas.getContext('2d')!;
  const rgba = new ImageData(image.width, image.height);
  for (let i = 0; i < image.data.length; i += 1) {
    const value = image.data[i];
    rgba.data[4 * i] = value;
    rgba.data[4 * i + 1] = value;
    rgba.data[4 * i + 2] = value;
    rgba.data[4 * i + 3] = 255;
  }
  context.putImageData(rgba, 0, 0);
  return canvas.convertToBlob({ type: 'image/png' });
}
