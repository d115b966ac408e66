/**
 * @zapis/decode/internal: what the project's own tools use beyond the public API — the search's settings, the
 * review model's parts, and fitting the channel and move prior from data. Not a stable API.
 */
export { searchSheets, channelOf, type SearchSeen } from './decode.js';
export type { Lattice, LatticeEdge, LatticeNode } from './search.js';
export { crossCheck, keptReading, type CrossChecked } from './cross-check.js';
export {
  type ReviewRiskModel, type RiskEvidence, type SheetEvidence, CROSS_CHECK_READER, DEFAULT_REVIEW_RISK, MOSTLY_IN_DOUBT, LISTED_ON_ITS_OWN,
  REVIEW_RISK_FEATURES, alsoAlwaysWhenKept, alwaysReviewed, disputeForcesReview, disputeOutvoted, disputeStands, reviewByRisk, reviewListing,
  reviewRiskFeatures, reviewRiskScores, riskOf,
} from './review-risk.js';
export {
  fitLogistic, highestPassingThreshold, logisticScore, reviewModelSource, standardise, type LogisticModel, type StandardisedRows,
} from './fit-logistic.js';
export { likelyLanguage, type LanguageChoice } from './search-languages.js';
export { nearestOtherMove } from './nearest-move.js';
export { GAME_END_RIVAL_PROBABILITY } from './rival.js';
export { MOVE_LIKE_SHARE } from './not-a-game.js';
export {
  DEFAULT_CHANNEL_PARAMETERS, DEFAULT_SPELLING, SPELLING_BY_LANGUAGE, DEFAULT_LAYOUT,
  type CharacterRates, type ConfusionTable, type SpellingPriors,
} from './channel-parameters.js';
export { fitChannel, type ChannelPair, type FitChannelOptions } from './fit-channel.js';
export { DEFAULT_MOVE_PRIOR } from './move-prior.js';
export { type MoveFeature } from './move-features.js';
export { fitMovePrior, PriorSamples, type FitMovePriorOptions, type FittedMovePrior } from './fit-move-prior.js';
export { type CellUse } from './search.js';
