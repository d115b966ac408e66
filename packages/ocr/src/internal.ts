/**
 * @zapis/ocr/internal: the parts under the public API, for the project's own tests, evaluations and training —
 * finding markers, QR codes and ruled grids, the page's homography, cell crops, CTC scoring. Not a stable API.
 */
export { Homography, type Point, type PointPair } from './homography.js';
export { sampleRect } from './sample-rect.js';
export { type CellImage, CELL_PIXELS_PER_POINT, cutCell, boxInk } from './cell-image.js';
export { type CtcFrames, CtcScores } from './ctc-scores.js';
export { type FrameModel, ctcReading, DEFAULT_BATCH_SIZE, DEFAULT_CTC_TEMPERATURE, DEFAULT_ENSEMBLE_WEIGHTS, defaultWeights } from './ctc-reader.js';
export { NOTATION_STRETCH, StretchedLinesModel, stretchedLine } from './stretched-lines.js';
export { STRIP_HEIGHT, lineStrip } from './line-strip.js';
export { type FoundMarker, type FindMarkersOptions, findMarkers } from './find-markers.js';
export { type QrReading, readQr } from './read-qr.js';
export { type LocateError, type LocateErrorCode, NO_SHEET_MESSAGE, locateSheet, moveCells, resultTicks } from './locate-sheet.js';
export { type GridLines, type UnitCell, gridLines, unitCells, gridRectPoints, ruledBlocks, templateCells, templateResultTicks } from './template-geometry.js';
export { type FoundGrid, type GridSearchFailure, type FindGridOptions, type RulingLines, findGrid, findRulingLines } from './find-grid.js';
export { type TemplateLocateError, type TemplateLocation, NO_SHEET_FOUND, locateByTemplate } from './locate-by-template.js';
export { type TwoBlockGridFailure, findTwoBlockGrid } from './find-two-block-grid.js';
export { type PrintedCell, cutPrintedCell } from './printed-cell.js';
export { type NumberCellEvidence, numberEvidence, legibleNumber, readPrintedNumbers } from './printed-move-numbers.js';
export { type HeadingEvidence, HEADING_WORDS, headingEvidence } from './heading-words.js';
export { type BlockFit, type BlockRows, type HeadingCell, MAX_ROW_SHIFT, MAX_NUMBERING_ERROR, fitGridRows } from './row-fit.js';
