/**
 * @zapis/decode: noisy scoresheet readings (OCR'd text, per-cell OCR
 * alternatives) to the most likely legal game, with a calibrated confidence
 * per half-move and a review list. No OCR engine here: readings come in.
 * The tuning and evaluation tools' parts are in `@zapis/decode/internal`.
 */
export {
  decodeSheets, decodeText, PRINTED_LANGUAGE_ODDS,
  type DecodeOptions, type SearchOptions, type DecodedGame, type DecodedMove, type DecodeError, type DecodedTranscription,
  type Alternative, type Remainder, type CellAccount, type UnexplainedCell, type GameBreak, type ReviewReason, type Rival,
} from './decode.js';
export {
  decodeReadings, type SheetReadings, type ReadingsDecodeOptions, type DecodedReadings, type ReviewBy, type MoveRisk,
  type OtherReadingDecoder, type PendingDecode,
} from './decode-readings.js';
export { type CrossCheckSummary, type DecodeOutcome } from './cross-check.js';
export { SearchCache, isStoppedAhead, type DecodedAhead } from './search-cache.js';
export { sanKey } from './confirmed-moves.js';
export { decodedMoveJson, type DecodedMoveJson } from './move-json.js';
export { type Reading, type Cell, type CellScorer, type CellScoreBound, type CellWitness, type CellSource, type Sheet } from './readings.js';
export { parseTranscription, type Transcription } from './transcription.js';
export { whyNotAGame, type NotAGameReason } from './not-a-game.js';
export { DEFAULT_REVIEW_THRESHOLD, type ChannelParameters, type LayoutPriors } from './channel-parameters.js';
export { type MovePriorWeights } from './move-prior.js';
export { decodedGamePgn, reviewComment, readComment, type DecodedPgnOptions, type ReaderNames } from './pgn-output.js';
