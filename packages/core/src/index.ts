export { type Result, ok, err } from './result.js';
export {
  type Square, squareName, parseSquare, squareFile, squareRank, squareAt, isLightSquare, FILE_NAMES, RANK_NAMES,
} from './squares.js';
export { type Color, type Role, type PromotionRole, type Piece, ROLES } from './pieces.js';
export {
  type Move, moveFrom, moveTo, moveTarget, movePromotion, movePromotionIndex, isCastle, isEnPassant, castleSide, castleRookTarget,
  moveToUci, encodeMove, promotionIndex, moveKind, KIND_NORMAL, KIND_DOUBLE_PUSH, KIND_EN_PASSANT, KIND_CASTLE,
} from './move.js';
export { Position, type PositionSetup } from './position.js';
export { generateCastling, generateLegalMoves, legalMoves, hasLegalMove, MAX_MOVES } from './movegen.js';
export {
  parseFen, makeFen, boardFen, initialPosition, INITIAL_FEN,
  type FenError, type FenField, type ParseFenOptions, type MakeFenOptions, type CastlingStyle,
} from './fen.js';
export { perft, perftPosition, perftByCopy } from './perft.js';
export { isDeadByMaterial, hasMatingMaterial } from './material.js';
export { type Outcome, type DrawReason, gameOutcome, positionOutcome, isCheckmate, isStalemate } from './outcome.js';
export { hasLegalEnPassant, repetitionKey } from './repetition.js';
export { GameHistory, type ClaimableDraws } from './history.js';
export { type MoveDescription, type Disambiguation, describeMove, disambiguationOf } from './move-description.js';
export { englishSan } from './english-san.js';
export { parseUci } from './uci.js';
export { canReachIgnoringChecks } from './reach.js';
export { generateMovesTo } from './moves-to.js';
export { isCheckAfterMove } from './check-after.js';
