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
