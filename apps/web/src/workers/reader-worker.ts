/**
 * A reader worker: loads the recogniser once (ONNX Runtime's WebAssembly
 * build, the model from this site's own assets, nothing from elsewhere),
 * then locates and reads one page per request with @zapis/ocr.
 */
import * as ort from 'onnxruntime-web/wasm';
import wasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url';
// Saved optimised at build time (vite-plugins/optimized-model-plugin.ts): the runtime skips optimising it here.
import modelUrl from 'zapis-reader-model/ch_PP-OCRv4_rec_infer.optimized.onnx?url';
import dictionaryUrl from 'zapis-ocr-models/ppocr_keys_v1.txt?url';
import {
  CtcReader, RecognizerModel, grayFromRgba, loadImage, plainOutcome, readScanPage,
  type GrayImage, type OnnxRuntime,
} from '@zapis/ocr';
import type { ReaderReply, ReaderRequest } from './reader-protocol.js';

ort.env.wasm.wasmPaths = { wasm: new URL(wasmUrl, self.location.href).href };
// Threads need a cross-origin isolated page (the server's COOP/COEP headers); without them the reader runs on one.
ort.env.wasm.numThreads = self.crossOriginIsolated ? Math.max(1, Math.min(4, navigator.hardwareConcurrency || 1)) : 1;

let reader: Promise<CtcReader> | undefined;

async function loadReader(): Promise<CtcReader> {
  const [model, dictionary] = await Promise.all([
    fetch(modelUrl).then((response) => response.arrayBuffer()),
    fetch(dictionaryUrl).then((response) => response.text()),
  ]);
  const recognizer = await RecognizerModel.load(ort as unknown as OnnxRuntime, { model: new Uint8Array(model), dictionary, optimized: true });
  return new CtcReader(recognizer);
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

const post = (reply: ReaderReply): void => (self as unknown as Worker).postMessage(reply);

/** ONNX Runtime's threads are this same script started again under this name: they only run the runtime. */
const isRuntimeThread = self.name.startsWith('em-pthread');

if (!isRuntimeThread) self.onmessage = async (event: MessageEvent<ReaderRequest>): Promise<void> => {
  const request = event.data;
  if (request.kind === 'warm') {
    reader ??= loadReader();
    // A failed load is reported by the request that needs the reader; it is tried again then.
    reader.catch(() => { reader = undefined; });
    return;
  }
  const started = performance.now();
  try {
    post({ kind: 'stage', job: request.job, stage: 'model' });
    reader ??= loadReader();
    const cellReader = await reader;
    post({ kind: 'stage', job: request.job, stage: 'reading' });
    let image: GrayImage;
    let page = 1;
    if (request.kind === 'image') {
      const decoded = await decodeImage(request.bytes);
      if (!decoded.ok) {
        post({ kind: 'outcome', job: request.job, milliseconds: performance.now() - started,
          outcome: { ok: false, file: request.name, page: 1, code: 'unreadable', message: decoded.message } });
        return;
      }
      image = decoded.image;
    } else {
      image = request.image;
      page = request.page;
    }
    const outcome = await readScanPage(request.name, page, image, { reader: cellReader });
    post({ kind: 'outcome', job: request.job, outcome: plainOutcome(outcome), milliseconds: performance.now() - started });
  } catch (error) {
    reader = undefined;
    post({ kind: 'failed', job: request.job, message: error instanceof Error ? error.message : String(error) });
  }
};
if (!isRuntimeThread) post({ kind: 'ready', job: 0 });
