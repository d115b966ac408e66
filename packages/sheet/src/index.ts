export { type Rect, mm, POINTS_PER_MM, rectCentre } from './geometry.js';
export { type PaperName, type PaperSize, PAPER_NAMES, PAPER_SIZES, PAPER_METRICS, isPaperName } from './paper.js';
export { type SheetLanguage, type SheetLabels, SHEET_LANGUAGES, SHEET_LABELS, isSheetLanguage, labelsFor } from './labels.js';
export { type HeaderValues, type PlayerInfo, type HeaderFieldKey, type PlayerFieldKey, headerValue } from './header.js';
export {
  type Corner, type MarkerSlot, CORNERS, MARKER_DICTIONARY, MARKER_IDS, markerBits, markerCells,
} from './markers.js';
export {
  type QrPayload, type QrPayloadError, type QrHeaderKey, type CopyColour, QR_EVENT_MAX_LENGTH, QR_PAYLOAD_MAX_BYTES, encodeQrPayload,
  parseQrPayload, withPrintedHeader,
} from './qr-payload.js';
export {
  type SheetLayout, type SheetStyle, type Side, type TextSlot, type HeaderFieldSlot, type HalfMoveSlot, type MoveRowSlot,
  type MoveBlockSlot, type MoveGrid, type ResultCode, type ResultBoxSlot, type SignatureSlot, type CopyMarkSlot,
  type Footer, type QrSlot, LAYOUT_FORMAT, LAYOUT_VERSION, SHEET_STYLES, isSheetStyle,
} from './layout.js';
export { type SheetGeometryOptions, DEFAULT_CHARACTER_BOXES, layoutIdOf, parseLayoutId } from './layout-id.js';
export {
  type SheetOptions, type SheetOptionsError, DEFAULT_MOVES_PER_SHEET, MAX_MOVES_PER_SHEET, buildSheetLayout, resolveGeometry,
} from './layout-builder.js';
export { buildSheetSeries } from './series.js';
export {
  type WrittenMove, type WrittenGame, RESULT_CODES, pairPlies, sheetsNeeded, normaliseResult,
} from './moves.js';
export { type LayoutParseError, serialiseLayout, serialiseLayouts, parseLayoutJson } from './serialise.js';
export { formatTimeControl } from './time-control.js';
export { formatPgnDate, pgnDateOf } from './pgn-date.js';
export { type Signer, type LayoutVersion, LAYOUT_VERSIONS, isLayoutVersion } from './layout.js';
export { type FirstPly, firstPlyOfFen } from './moves.js';
export { parseLayoutsJson } from './serialise.js';
export { type JsonProblem, type JsonCheckError, type JsonCheckOptions, checkJsonText, jsonPathText, jsonSyntaxMessage } from './json-check.js';
