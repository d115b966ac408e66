/**
 * @zapis/ocr: scans and photos of scoresheets to the sheet found, rectified cells and each cell's reading — the
 * pixels' half of the scan path. What the readings mean is `@zapis/decode`'s and `@zapis/reading`'s; the lower-level
 * parts (markers, QR, grids, homographies) are in `@zapis/ocr/internal`.
 */
export { type GrayImage, grayImage, grayFromRgba } from './raster.js';
export { grayPng } from './gray-png.js';
export { type ImageError, type ScanKind, MAX_IMAGE_MEGAPIXELS, loadImage, sniffScanKind } from './load-image.js';
export { type PdfPage, type PageError, type PdfPagesOptions, DEFAULT_PDF_DPI, pdfPages } from './pdf-pages.js';
export {
  type PageOutcome, type PageLocation, type ReadFailureCode, type ReadScanOptions, readScanFile, readScanPage, locateScanPage,
} from './read-scan-file.js';
export { type ReadCell, type SheetRead, type ReadLocation, readLocatedSheet, readCutSheet } from './read-sheet.js';
export type { HeaderLine, HeaderRead } from './read-header.js';
export { HEADER_READER_LETTERS } from './header-text.js';
export { type RulingEvidence } from './layout-by-ruling.js';
export { type PrintedWordsLanguage, readPrintedWordsLanguage } from './printed-language.js';
export { type LocatedSheet, type MoveCellPlace, type ResultTickPlace, type RuledBlock, type ColumnSpan } from './located-sheet.js';
export type { RowRegistration, BlockRegistration, RegistrationStatus, NumberRead } from './row-registration.js';
export { registerRows, registrationRefusal } from './register-rows.js';
export { type PageMap } from './page-map.js';
export { type CutCell, type CutSheet, cutSheet } from './cut-sheet.js';
export { type CellReader, type CellReading, type CellWitness, type TextAlternative } from './cell-reader.js';
export {
  type CtcReaderOptions, type CtcCellReading, type ScoredText, CtcReader, cellBatches, ENSEMBLE_READERS, ALONE_READER, READER_NAMES,
} from './ctc-reader.js';
export { type OnnxRuntime, type RecognizerFiles, RecognizerModel, NOTATION_SYMBOLS } from './recognizer-model.js';
export { type NotationModelFiles, NotationModel } from './notation-model.js';
export { ensembleNetworks } from './stretched-lines.js';
export {
  type PlainOutcome, type PlainCutSheet, type PlainCellReading, plainOutcome, outcomeFromPlain, plainCutSheet, plainCellReading, plainOutcomeFromCut,
  withoutCellImages,
} from './read-transfer.js';
export {
  type SheetTemplate, type TemplateGrid, type TemplateBlock, type TemplateColumn, type TemplateResultBox, type ColumnKind,
  type MillimetreRect, type TemplateError, type TemplateProblem, TEMPLATE_FORMAT, TEMPLATE_VERSION, COLUMN_KINDS, parseTemplate,
} from './template.js';
