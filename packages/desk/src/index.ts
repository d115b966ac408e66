/**
 * @zapis/desk: the review session behind the arbiter's desk (apps/web).
 * Texts and read scan pages to games; a game decoded with the moves a person
 * confirmed; a typed move read in any notation; one PGN of the round.
 * Browser-safe: no Node APIs.
 */
export { type DeskInput, type DeskFailure } from './desk-input.js';
export { type DeskGameSource, type DeskTextSource, type DeskScanSource, type ReadPage, type TextSheet } from './game-source.js';
export { gamesOf, type GamesOfOptions } from './games-of.js';
export { type Confirmations } from './confirmations.js';
export { likelyConfirmations, confirmationKey, requestTag, type LikelyConfirmationOptions } from './likely-confirmations.js';
export { DecodeAhead, type AheadGames, type DecodeAheadOptions } from './decode-ahead.js';
export { type DeskGame, type DeskMove, type DeskDiagnostic } from './desk-game.js';
export { type DeskDecodeOptions } from './decode-options.js';
export { decodeDeskGame } from './decode-desk-game.js';
export { decodeKeptGame, decodeKeptGameGivingWay, keptAheadGames, type KeptSearch } from './decode-kept.js';
export { DeepSearches, type DeepSearchState, type DeepAnswer } from './deep-searches.js';
export { markChangedMoves } from './changed-moves.js';
export { markBeforeRefused } from './refused-moves.js';
export { KeptGames, KEPT_GAMES, WARM_GAMES, type KeptGame, type KeptGamesOptions } from './kept-games.js';
export { parseTypedMove, typedMoveStem, type TypedMove } from './typed-move.js';
export { roundPgn, type RoundPgn } from './round-pgn.js';
export { OtherReadingClient, type OtherReadingGame, type OtherReadingLink } from './other-reading-client.js';
export { OtherReadingHost, type OtherReadingReplies } from './other-reading-host.js';
export { type OtherReadingMessage, type OtherReadingMode, type SentDecodeOptions } from './other-reading-messages.js';
export { outcomeFromJson, outcomeToJson } from './outcome-json.js';
