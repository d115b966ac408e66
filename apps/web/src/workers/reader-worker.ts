/**
 * A reader worker: cuts pages (decode, locate, cut the cells; no model
 * needed) and reads cells with the recogniser, loaded once on first need or
 * when the page asks (ONNX Runtime's WebAssembly build, the model from this
 * site's own assets, nothing from elsewhere). The page shares one sheet's
 * cells among its workers (reader-client.ts).
 */
import * as ort from 'onnxruntime-web/wasm';
import wasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url';
// Saved optimised at build time (vite-plugins/optimized-model-plugin.ts): the runtime skips optimising it here.
import modelUrl from 'zapis-reader-model/ch_PP-OCRv4_rec_infer.optimized.onnx?url';
import dictionaryUrl from 'zapis-ocr-models/ppocr_keys_v1.txt?url';
import notationModelUrl from '@zapis/ocr/models/notation-crnn.onnx?url';
import notationSymbolsUrl from '@zapis/ocr/models/notation-crnn.txt?url';
import {
  CtcReader, NotationModel, RecognizerModel, cutSheet, ensembleNetworks, grayFromRgba, loadImage, locateScanPage, plainCellReading,
  plainCutSheet, type GrayImage, type OnnxRuntime,
} from '@zapis/ocr';
import type { CutSource, ReaderReply, ReaderRequest } from './reader-protocol.js';
import { startRuntime } from './runtime-start.js';

ort.env.wasm.wasmPaths = { wasm: new URL(wasmUrl, self.location.href).href };
// One thread: on two cores a second runtime thread reads a sheet's cells no faster and makes loading slower. Two
// workers reading half the cells each are faster.
ort.env.wasm.numThreads = 1;

let reader: Promise<CtcReader> | undefined;

function loadedReader(): Promise<CtcReader> {
  if (!reader) {
    reader = loadReader();
    reader.then(() => post({ kind: 'model', job: 0, loaded: true }), () => {
      // The next task that needs the reader tries again, and reports why if it fails.
      reader = undefined;
      post({ kind: 'model', job: 0, loaded: false });
    });
  }
  return reader;
}

/**
 * The reader `zapis read --reader ensemble` uses: PP-OCR and the notation network, which reads each cell as written
 * and 1.5× wider. It reads photographed and blurred handwriting far better than PP-OCR alone.
 */
async function loadReader(): Promise<CtcReader> {
  const runtime = ort as unknown as OnnxRuntime;
  // The runtime compiles while the models download, rather than after.
  const [model, dictionary, notationModel, notationSymbols] = await Promise.all([
    fetch(modelUrl).then((response) => response.arrayBuffer()),
    fetch(dictionaryUrl).then((response) => response.text()),
    fetch(notationModelUrl).then((response) => response.arrayBuffer()),
    fetch(notationSymbolsUrl).then((response) => response.text()),
    startRuntime(runtime),
  ]);
  const recognizer = await RecognizerModel.load(runtime, { model: new Uint8Array(model), dictionary, optimized: true });
  const notation = await NotationModel.load(runtime, { model: new Uint8Array(notationModel), symbols: notationSymbols });
  return new CtcReader(ensembleNetworks(recognizer, notation), {}, 'ensemble');
}

/** The browser's own decoder is much faster than a JavaScript one; EXIF rotation is ignored, as the scan's pixels are what cells refer to. */
async function decodeImage(bytes: ArrayBuffer): Promise<{ ok: true; image: GrayImage } | { ok: false; message: string }> {
  try {
    const bitmap = await createImageBitmap(new Blob([bytes]), { imageOrientation: 'none' });
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2D canvas');
    context.drawImage(bitmap, 0, 0);
    bitmap.close();
    const rgba = context.getImageData(0, 0, canvas.width, canvas.height).data;
    return { ok: true, image: grayFromRgba(canvas.width, canvas.height, rgba) };
  } catch {
    // The package's own decoder says precisely what is wrong with a bad file.
    const decoded = loadImage(new Uint8Array(bytes));
    return decoded.ok ? { ok: true, image: decoded.value } : { ok: false, message: decoded.error.message };
  }
}

const post = (reply: ReaderReply, transfer: Transferable[] = []): void => (self as unknown as Worker).postMessage(reply, transfer);

async function cut(job: number, name: string, source: CutSource): Promise<void> {
  let image: GrayImage;
  const page = source.kind === 'page' ? source.page : 1;
  if (source.kind === 'image') {
    const decoded = await decodeImage(source.bytes);
    if (!decoded.ok) {
      post({ kind: 'outcome', job, outcome: { ok: false, file: name, page, code: 'unreadable', message: decoded.message } });
      return;
    }
    image = decoded.image;
  } else {
    image = source.image;
  }
  const located = locateScanPage(image, page);
  if (!located.ok) {
    post({ kind: 'outcome', job, outcome: { ok: false, file: name, page, code: located.code, message: located.message } });
    return;
  }
  const sheet = plainCutSheet(cutSheet(located.sheet));
  // The cells' pixels move rather than copy; an empty cell's line is its whole cell, one buffer listed once.
  const buffers = new Set<ArrayBufferLike>(sheet.cells.flatMap((cell) => [cell.image.cell.data.buffer, cell.image.line.data.buffer]));
  for (const field of sheet.header) buffers.add(field.line.data.buffer);
  post({ kind: 'cut', job, page, cut: sheet }, [...buffers] as ArrayBuffer[]);
}

/** ONNX Runtime's threads are this same script started again under this name: they only run the runtime. */
const isRuntimeThread = self.name.startsWith('em-pthread');

if (!isRuntimeThread) self.onmessage = async (event: MessageEvent<ReaderRequest>): Promise<void> => {
  const request = event.data;
  if (request.kind === 'warm') {
    loadedReader().catch(() => undefined);
    return;
  }
  try {
    if (request.kind === 'cut') {
      await cut(request.job, request.name, request.source);
    } else if (request.kind === 'cells') {
      const readings = await (await loadedReader()).readCells(request.lines);
      post({ kind: 'cells', job: request.job, readings: readings.map(plainCellReading) });
    } else {
      post({ kind: 'texts', job: request.job, texts: await (await loadedReader()).readTexts(request.lines) });
    }
  } catch (error) {
    post({ kind: 'failed', job: request.job, message: error instanceof Error ? error.message : String(error) });
  }
};
if (!isRuntimeThread) post({ kind: 'ready', job: 0 });
