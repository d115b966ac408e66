export { type SheetFonts, type FontFace, type FontBytes, FONT_FILES, embedSheetFonts } from './fonts.js';
export { PageCanvas, type LineWeight } from './primitives.js';
export { type SheetFill, drawSheet, drawForm, drawSheetSpecifics, formKey } from './sheet-renderer.js';
export {
  type SheetPage, type PdfMetadata, renderSheetsPdf, renderBlankSheet, gameSheetPages, renderGameSheets,
} from './document.js';
export {
  type Pairing, type PairingsError, parsePairings, parsePairingsCsv, parsePairingsJson, formatPairingsError,
} from './pairings.js';
export { type RoundOptions, roundSheetPages, renderRoundPdf } from './round.js';
export { type SheetWarning, type SheetsDocument, renderSheetsDocument } from './document.js';
export { type SheetTextCut } from './sheet-renderer.js';
export { type TextCut, type TextAlign } from './primitives.js';
export { type FitOptions, type FittedText } from './fit-text.js';
