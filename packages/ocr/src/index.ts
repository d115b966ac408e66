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
export { type ImageError, type ScanKind, MAX_IMAGE_MEGAPIXELS, loadImage, sniffScanKind } from './load-image.js';
export { type PdfPage, type PageError, type PdfPagesOptions, DEFAULT_PDF_DPI, pdfPages } from './pdf-pages.js';
export { type FoundMarker, type FindMarkersOptions, findMarkers } from './find-markers.js';
export { type QrReading, readQr } from './read-qr.js';
export { type LocateError, type LocateErrorCode, NO_SHEET_MESSAGE, locateSheet, moveCells, resultTicks } from './locate-sheet.js';
