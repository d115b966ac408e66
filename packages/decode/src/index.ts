/**
 * @zapis/decode: noisy scoresheet readings (OCR'd text, per-cell OCR
 * alternatives) to the most likely legal game, with a calibrated confidence
 * per half-move and a review list. No OCR engine here: readings come in.
 */
export {
  decodeSheets, decodeText,
  type DecodeOptions, type DecodedGame, type DecodedMove, type DecodeError, type DecodedTranscription,
  type Alternative, type CellAccount, type UnexplainedCell, type GameBreak, type ReviewReason, type Rival,
} from './decode.js';
export { DecodeReuse } from './decode-reuse.js';
export { isCorrection, readingContent, writtenContents } from './corrections.js';
export { readingErrors, noiseScaleOf, scaledChannelParameters, SHEET_NOISE, type SheetReadingErrors } from './sheet-noise.js';
export { type Reading, type Cell, type CellScorer, type CellSource, type Sheet, cellsOf, cellText } from './readings.js';
export { parseTranscription, type Transcription } from './transcription.js';
export {
  DEFAULT_CHANNEL_PARAMETERS, DEFAULT_SPELLING, SPELLING_BY_LANGUAGE, DEFAULT_LAYOUT, DEFAULT_REVIEW_THRESHOLD,
  type ChannelParameters, type CharacterRates, type ConfusionTable, type SpellingPriors, type LayoutPriors,
} from './channel-parameters.js';
export { NoisyChannel, MAX_READING_LENGTH, type SlotVariant, type SpellingSlots, type EncodedSlots } from './channel.js';
export { fitChannel, alignTexts, type ChannelPair, type FitChannelOptions } from './fit-channel.js';
export { moveSpellings, likeliestSpelling, spellingPriorsOf } from './spellings.js';
export { DEFAULT_MOVE_PRIOR, type MovePriorWeights } from './move-prior.js';
export { MOVE_FEATURES, type MoveFeature } from './move-features.js';
export { fitMovePrior, PriorSamples, type FitMovePriorOptions, type FittedMovePrior } from './fit-move-prior.js';
export { languageCandidates } from './language-candidates.js';
export { type CellUse } from './search.js';
export { snapEachMove, type SnappedGame } from './snap-baseline.js';
export { decodedGamePgn, reviewComment, readComment, rivalText, CONFIRMED_COMMENT, type DecodedPgnOptions } from './pgn-output.js';
export { sanKey } from './confirmed-moves.js';
