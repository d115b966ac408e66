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
export { DecodeReuse, isStoppedAhead, type DecodedAhead } from './decode-reuse.js';
export { sanKey } from './confirmed-moves.js';
export { likelyLanguage, type LanguageChoice } from './search-languages.js';
export { nearestOtherMove } from './nearest-move.js';
export { GAME_END_RIVAL_PROBABILITY } from './rival.js';
export { type Reading, type Cell, type CellScorer, type CellScoreBound, type CellWitness, type CellSource, type Sheet } from './readings.js';
export { parseTranscription, type Transcription } from './transcription.js';
export { MOVE_LIKE_SHARE, notAGame, type NotAGame } from './not-a-game.js';
export {
  DEFAULT_CHANNEL_PARAMETERS, DEFAULT_SPELLING, SPELLING_BY_LANGUAGE, DEFAULT_LAYOUT, DEFAULT_REVIEW_THRESHOLD,
  type ChannelParameters, type CharacterRates, type ConfusionTable, type SpellingPriors, type LayoutPriors,
} from './channel-parameters.js';
export { fitChannel, type ChannelPair, type FitChannelOptions } from './fit-channel.js';
export { DEFAULT_MOVE_PRIOR, type MovePriorWeights } from './move-prior.js';
export { type MoveFeature } from './move-features.js';
export { fitMovePrior, PriorSamples, type FitMovePriorOptions, type FittedMovePrior } from './fit-move-prior.js';
export { type CellUse } from './search.js';
export { decodedGamePgn, reviewComment, readComment, type DecodedPgnOptions, type ReaderNames } from './pgn-output.js';
