/**
 * @zapis/ocr/node: the parts that need Node — loading the recogniser and
 * tesseract.js from installed packages, fast image decoding, and reading
 * many files over worker threads.
 */
export {
  loadNodeRecognizer, loadNodeNotationModel, writeOptimizedRecognizer, NOTATION_MODEL_URL, NOTATION_SYMBOLS_URL,
} from './node-recognizer.js';
export { type ScanFileInput, type ReadPoolOptions, readScanFiles } from './read-pool.js';
export { loadImageFast } from './node-image-decode.js';
export { type ReaderKind, READER_KINDS, DEFAULT_READER_KIND, crossChecks, loadReader } from './read-pool.js';
export { TesseractReader, tesseractLanguagePath } from './tesseract-reader.js';
