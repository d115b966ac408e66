/**
 * @zapis/ocr: scans and photos of scoresheets to the sheet found, rectified
 * cells and reader scores that @zapis/decode turns into a checked game.
 */
export { type GrayImage, grayImage, grayFromRgba } from './raster.js';
export { type PageMap } from './page-map.js';
export { type CellReader, type CellReading, type TextAlternative } from './cell-reader.js';
export { type LocatedSheet, type MoveCellPlace, type ResultTickPlace } from './located-sheet.js';
export { Homography, type Point, type PointPair } from './homography.js';
export { sampleRect } from './sample-rect.js';
export { type CellImage, CELL_PIXELS_PER_POINT, cutCell, boxInk } from './cell-image.js';
export { type CtcFrames, CtcScores } from './ctc-scores.js';
export { type OnnxRuntime, type RecognizerFiles, RecognizerModel, NOTATION_SYMBOLS } from './recognizer-model.js';
export {
  type CtcReaderOptions, type CtcCellReading, type FrameModel, CtcReader, ctcReading, cellBatches, DEFAULT_BATCH_SIZE, DEFAULT_CTC_TEMPERATURE, DEFAULT_ENSEMBLE_WEIGHTS, ENSEMBLE_READERS, ALONE_READER, READER_NAMES, defaultWeights,
} from './ctc-reader.js';
export { type NotationModelFiles, NotationModel } from './notation-model.js';
export { NOTATION_STRETCH, StretchedLinesModel, ensembleNetworks, stretchedLine } from './stretched-lines.js';
export { STRIP_HEIGHT, lineStrip } from './line-strip.js';
export { type ReadCell, type SheetRead, type ReadLocation, readLocatedSheet, readCutSheet } from './read-sheet.js';
export { type CutCell, type CutSheet, cutSheet } from './cut-sheet.js';
export type { HeaderLine, HeaderRead } from './read-header.js';
export { type PageRead, type PageRef, type PlayerPages, type GameGroup, GameGrouper, groupGames } from './group-games.js';
export {
  type CellOnScan, type DecodeGroupOptions, type MoveRisk, type OtherReadingDecoder, type PendingDecode, type ReadCellOnScan, type ReadGame,
  type ReadProblem, type ReviewBy, HEADER_TAG_CONFIDENCE, decodeGroup, decodeOtherReading, rectOnImage, turnOnImage,
} from './read-game.js';
export {
  type ReviewRiskModel, type RiskEvidence, type SheetEvidence, DEFAULT_REVIEW_RISK, disputeForcesReview, disputeOutvoted, disputeStands, LISTED_ON_ITS_OWN, MOSTLY_IN_DOUBT, REVIEW_RISK_FEATURES, reviewByRisk, reviewListing, reviewRiskFeatures, reviewRiskScores, riskOf,
} from './review-risk.js';
export { type CrossChecked, type CrossCheckSummary, type DecodeOutcome, crossCheck, keptReading } from './cross-check.js';
export { type ReadDiagnostic, type ReadMoveJson, type ReadGameJson, readFailureJson, readGameDiagnostics, readGameJson, readGamePgn } from './read-report.js';
export {
  type PageOutcome, type PageLocation, type ReadFailureCode, type ReadScanOptions, readScanFile, readScanPage, locateScanPage,
} from './read-scan-file.js';
export {
  type PlainOutcome, type PlainCutSheet, type PlainCellReading, plainOutcome, outcomeFromPlain, plainCutSheet, plainCellReading, plainOutcomeFromCut,
  withoutCellImages,
} from './read-transfer.js';
export { grayPng } from './gray-png.js';
export { type ImageError, type ScanKind, MAX_IMAGE_MEGAPIXELS, loadImage, sniffScanKind } from './load-image.js';
export { type PdfPage, type PageError, type PdfPagesOptions, DEFAULT_PDF_DPI, pdfPages } from './pdf-pages.js';
export { type FoundMarker, type FindMarkersOptions, findMarkers } from './find-markers.js';
export { type QrReading, readQr } from './read-qr.js';
export { type LocateError, type LocateErrorCode, NO_SHEET_MESSAGE, locateSheet, moveCells, resultTicks } from './locate-sheet.js';
export {
  type SheetTemplate, type TemplateGrid, type TemplateBlock, type TemplateColumn, type TemplateResultBox, type ColumnKind,
  type MillimetreRect, type TemplateError, type TemplateProblem, TEMPLATE_FORMAT, TEMPLATE_VERSION, COLUMN_KINDS, parseTemplate,
} from './template.js';
export {
  type GridLines, type UnitCell, gridLines, unitCells, gridRectPoints, templateCells, templateResultTicks,
} from './template-geometry.js';
export { type FoundGrid, type GridSearchFailure, type FindGridOptions, findGrid } from './find-grid.js';
export { type TemplateLocateError, type TemplateLocation, NO_SHEET_FOUND, locateByTemplate } from './locate-by-template.js';
export { type RulingLines, findRulingLines } from './find-grid.js';
export { type TwoBlockGridFailure, findTwoBlockGrid } from './find-two-block-grid.js';
export { type ReadProblemCode } from './read-game.js';
export { type ReadDiagnosticCode } from './read-report.js';
