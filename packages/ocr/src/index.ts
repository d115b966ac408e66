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
