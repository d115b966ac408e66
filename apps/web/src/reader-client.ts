/**
 * Reads scan files with a small pool of reader workers (one per core, at
 * most two): an image goes to a worker as bytes; a PDF is rendered here page
 * by page (pdf.js needs the page's canvas) and each page goes to a worker.
 * Every page comes back as a plain outcome, plus an image to show it with.
 */
import pdfWorkerUrl from 'pdfjs-dist/legacy/build/pdf.worker.mjs?url';
import type { GrayImage, PlainOutcome } from '@zapis/ocr';
import type { ReaderReply, ReaderRequest } from './workers/reader-protocol.js';

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

interface Pending {
  readonly resolve: (reply: { outcome: PlainOutcome; milliseconds: number }) => void;
  readonly onStage: (stage: ReadProgress) => void;
}

/** A request that reads something (and gets an outcome). */
type ReadRequest = Exclude<ReaderRequest, { kind: 'warm' }>;

export class ReaderPool {
  private readonly workers: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly queue: { request: ReadRequest; transfer: Transferable[]; pending: Pending }[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextJob = 1;

  constructor(private readonly size = Math.max(1, Math.min(2, navigator.hardwareConcurrency || 1))) {}

  /** Reads one file; pages are reported as they are read. A bad file is an outcome with its error, never a throw. */
  async readFile(file: Blob, name: string, onPage: (page: ReadPage) => void, onStage: (stage: ReadProgress) => void): Promise<void> {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const { sniffScanKind } = await import('@zapis/ocr');
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
        reads.push(this.run({ kind: 'page', job: 0, name, page: number, image: { width: image.width, height: image.height, data } }, [data.buffer], onStage)
          .then((reply) => onPage({ ...reply, image: shown })));
      }
      await Promise.all(reads);
      return;
    }
    const buffer = bytes.buffer as ArrayBuffer;
    const reply = await this.run({ kind: 'image', job: 0, name, bytes: buffer }, [buffer], onStage);
    onPage({ ...reply, ...(kind ? { image: file } : {}) });
  }

  private run(request: ReadRequest, transfer: Transferable[], onStage: (stage: ReadProgress) => void): Promise<{ outcome: PlainOutcome; milliseconds: number }> {
    return new Promise((resolve) => {
      const job = this.nextJob++;
      this.queue.push({ request: { ...request, job }, transfer, pending: { resolve, onStage } });
      onStage('queued');
      this.pump();
    });
  }

  private pump(): void {
    // One more worker while work waits, up to the pool's size.
    if (this.queue.length > this.idle.length) this.spawn();
    while (this.queue.length > 0) {
      const worker = this.idle.pop();
      if (!worker) return;
      const { request, transfer, pending } = this.queue.shift()!;
      this.pending.set(request.job, pending);
      worker.postMessage(request, transfer);
    }
  }

  private warming = false;

  /**
   * Starts one worker loading the reader (a few seconds: the runtime and the model) while a person is still
   * choosing a file, so that the first sheet does not wait for it. One, not all: two loads at once on two
   * cores make the first one late; the others load when there is work for them.
   */
  warm(): void {
    if (this.warming) return;
    this.warming = true;
    if (this.workers.length === 0) this.spawn();
  }

  /** Starts a worker; it joins the idle ones when it says it listens. */
  private spawn(): void {
    if (this.workers.length >= this.size) return;
    const worker = new Worker(new URL('./workers/reader-worker.ts', import.meta.url), { type: 'module', name: 'zapis-reader' });
    worker.onmessage = (event: MessageEvent<ReaderReply>) => {
      if (event.data.kind === 'ready') {
        if (this.warming && this.workers[0] === worker) worker.postMessage({ kind: 'warm', job: 0 } satisfies ReaderRequest);
        this.idle.push(worker);
        this.pump();
        return;
      }
      this.receive(worker, event.data);
    };
    this.workers.push(worker);
  }

  private receive(worker: Worker, reply: Exclude<ReaderReply, { kind: 'ready' }>): void {
    const pending = this.pending.get(reply.job);
    if (!pending) return;
    if (reply.kind === 'stage') {
      pending.onStage(reply.stage === 'model' ? 'model' : 'reading');
      return;
    }
    this.pending.delete(reply.job);
    this.idle.push(worker);
    if (reply.kind === 'outcome') pending.resolve({ outcome: reply.outcome, milliseconds: reply.milliseconds });
    else pending.resolve({ outcome: { ok: false, file: '', code: 'unreadable', message: reply.message }, milliseconds: 0 });
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
