/**
 * The anchor the issue asks for: what an arbiter gets today. Tesseract (the
 * tesseract.js build, offline traineddata from @tesseract.js-data/eng) reads
 * the whole page; its text goes to `zapis decode` as a transcription.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { existsSync } from 'node:fs';
import { createWorker, OEM, type Worker } from 'tesseract.js';

const require = createRequire(import.meta.url);

/** The folder holding eng.traineddata.gz (integer "best" LSTM model) inside the npm package. */
export function tesseractLangPath(): string {
  const folder = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
  if (!existsSync(join(folder, 'eng.traineddata.gz'))) throw new Error(`no eng.traineddata.gz in ${folder}`);
  return folder;
}

/**
 * A worker that never touches the network: langPath is a folder on disk (tesseract.js reads it with fs,
 * it fetches only when langPath is a URL), the worker script and the wasm core come from node_modules.
 */
export async function createOfflineWorker(): Promise<Worker> {
  const tesseractRoot = dirname(require.resolve('tesseract.js/package.json'));
  // The core is tesseract.js's own dependency: resolve it from there, not from this package.
  const corePath = dirname(createRequire(join(tesseractRoot, 'package.json')).resolve('tesseract.js-core/package.json'));
  const workerPath = join(tesseractRoot, 'src', 'worker-script', 'node', 'index.js');
  return createWorker('eng', OEM.LSTM_ONLY, {
    langPath: tesseractLangPath(), cacheMethod: 'none', gzip: true, corePath, workerPath,
  });
}

/** Whole-page text of one image file. */
export async function readPageText(worker: Worker, file: string): Promise<string> {
  const { data } = await worker.recognize(file);
  return data.text;
}

/**
 * A kinder anchor: only the tokens of tesseract's text that look like a move
 * (piece letters of any language, squares, capture and castling marks), so
 * the printed labels do not break the game at ply 1. Shows whether tesseract
 * reads the moves at all.
 */
export function moveLikeTokens(text: string): string {
  const tokens = text.split(/[\s|[\](){}]+/u).map((token) => token.replace(/^\d+\.+/u, ''));
  return tokens.filter((token) => /^([KQRBNSHWGLDTCF]?[a-h]?[1-8]?[x:]?[a-h][1-8](=?[QRBNHWGS])?[+#X]?|[0O]-[0O](-[0O])?[+#]?)$/u.test(token)).join(' ');
}
