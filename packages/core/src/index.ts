/**
 * @zapis/core: chess rules. Positions (checked on entry), FEN/X-FEN/Shredder-FEN,
 * legal moves, Chess960, outcomes, perft. Hot-path internals for the other zapis
 * packages live behind `@zapis/core/internal`.
 */
export { type Result, ok, err } from './result.js';
export {
  type Square, squareName, parseSquare, squareFile, squareRank, squareAt, isLightSquare, FILE_NAMES, RANK_NAMES,
} from './squares.js';
export { type Color, type Role, type PromotionRole, type Piece, ROLES } from './pieces.js';
export {
  type Move, moveFrom, moveTo, moveTarget, movePromotion, isCastle, isEnPassant, castleSide, castleRookTarget, moveToUci,
} from './move.js';
export { Position, type PositionSetup, type ReadonlyBoard, type IllegalMoveError } from './position.js';
export { type SetupError, type SetupProblem, type SetupOptions } from './setup-check.js';
export { legalMoves, hasLegalMove } from './movegen.js';
export {
  parseFen, makeFen, boardFen, initialPosition, INITIAL_FEN,
  type FenError, type FenField, type ParseFenOptions, type MakeFenOptions, type CastlingStyle,
} from './fen.js';
export { perft, perftPosition } from './perft.js';
export { isDeadByMaterial, hasMatingMaterial } from './material.js';
export { type Outcome, type DrawReason, gameOutcome, positionOutcome, isCheckmate, isStalemate } from './outcome.js';
export { hasLegalEnPassant, repetitionKey } from './repetition.js';
export { GameHistory, type ClaimableDraws } from './history.js';
export { type MoveDescription, type Disambiguation, describeMove } from './move-description.js';
export { parseUci } from './uci.js';
