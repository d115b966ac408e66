/**
 * The reader worker loads PP-OCR's recognition model as ONNX Runtime saves it
 * optimised, so that the browser's runtime can skip its own graph optimisation:
 * the session starts in 1.3–1.6 s instead of 2.3–2.4 s on the first sheet. The
 * file is made from the installed model when a build or the dev server starts
 * (a few seconds, onnxruntime-node), never committed; @zapis/ocr's tests check
 * that it reads as the original does.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** Where the optimised model is written; `zapis-reader-model/` is aliased to it. */
export const OPTIMIZED_MODEL_FOLDER = join(dirname(fileURLToPath(import.meta.url)), '..', '.model');
const OPTIMIZED_MODEL_FILE = 'ch_PP-OCRv4_rec_infer.optimized.onnx';

export function optimizedModelPlugin(): Plugin {
  let written: Promise<void> | undefined;
  return {
    name: 'zapis-optimized-reader-model',
    buildStart() {
      written ??= (async () => {
        mkdirSync(OPTIMIZED_MODEL_FOLDER, { recursive: true });
        const { writeOptimizedRecognizer } = await import('@zapis/ocr/node');
        await writeOptimizedRecognizer(join(OPTIMIZED_MODEL_FOLDER, OPTIMIZED_MODEL_FILE));
      })();
      return written;
    },
  };
}
