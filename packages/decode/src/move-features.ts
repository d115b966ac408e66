/**
 * What the move prior looks at: cheap facts about a legal move in its position, no engine. Each is a
 * number (mostly 0 or 1), seen from the side to move; the prior is a weighted sum of them (log-linear,
 * move-prior.ts), the weights fitted on real games (fit-move-prior.ts).
 */
import { ROLES, squareFile, squareRank, type MoveDescription, type Position, type Role } from '@zapis/core';
import { attackedSquares } from '@zapis/core/internal';

export const MOVE_FEATURES = [
  'capture', 'recapture', 'check', 'castle', 'queenPromotion', 'underPromotion',
  'knight', 'bishop', 'rook', 'queen', 'king',
  /** A king move (not castling) while its side may still castle. */
  'kingWalk',
  /** A king move in an endgame (no queens, or little material left). */
  'endgameKing',
  /** Opening (first 12 moves): a knight or bishop leaving its first rank. */
  'development',
  /** Opening: a queen move. */
  'openingQueen',
  /** Opening: a pawn of the c, d, e or f file. */
  'openingCentralPawn',
  /** Opening: a pawn of the a, b, g or h file. */
  'openingWingPawn',
  'pawnDoublePush',
  /** Ranks gained towards the opponent by a piece (not a pawn), over 7: negative for a retreat. */
  'advance',
  /** A piece (not a pawn) going back to its first rank. */
  'backRank',
  /** A piece (not a pawn) landing nearer the centre: 1 in the middle four squares, 0 on the edge. */
  'centrality',
  /** A piece (not a pawn, not capturing) landing where an enemy pawn takes it. */
  'intoPawnAttack',
  /** The moving piece stood attacked. */
  'fromAttacked',
  /** The destination is attacked by the opponent (as the board stands before the move). */
  'toAttacked',
  /** What a capture takes, in pawns, over 9. */
  'capturedValue',
  /** What a capture takes less what the capturer is worth, in pawns, over 9. */
  'captureGain',
  'mate',
  /** A pawn move after move 40. */
  'latePawn',
  /** A passed-pawn-like push: a pawn reaching its sixth or seventh rank. */
  'pawnToSixthOrSeventh',
  /** A capture on a square the opponent does not attack: material won outright. */
  'safeCapture',
  /** A capture on an attacked square by a piece worth more than what it takes, in pawns over 9. */
  'losingCapture',
  /** A piece (not a pawn) that an enemy pawn attacks moves. */
  'fromPawnAttack',
] as const;

export type MoveFeature = (typeof MOVE_FEATURES)[number];
export const FEATURE_COUNT = MOVE_FEATURES.length;
const at = Object.fromEntries(MOVE_FEATURES.map((name, index) => [name, index])) as Record<MoveFeature, number>;

const VALUE: Record<Role, number> = { pawn: 1, knight: 3, bishop: 3, rook: 5, queen: 9, king: 0 };
const PIECE_FEATURE: Partial<Record<Role, number>> = {
  knight: at.knight, bishop: at.bishop, rook: at.rook, queen: at.queen, king: at.king,
};
/** Board codes: colour in bit 3, role 1..6 (pawn … king) in the low bits. */
const PAWN_CODE = 1;
const QUEEN_CODE = 5;
const COLOR_BIT = 8;
/** VALUE by role code (1 pawn … 6 king; 0 empty). */
const VALUE_BY_CODE = [0, ...ROLES.map((role) => VALUE[role])];

/** Whether a pawn of the opponent of `mover` (0 white, 1 black) attacks `square`. */
function enemyPawnAttacks(board: ArrayLike<number>, square: number, mover: number): boolean {
  const enemyPawn = PAWN_CODE | ((mover ^ 1) * COLOR_BIT);
  const rank = squareRank(square) + (mover === 0 ? 1 : -1);
  if (rank < 0 || rank > 7) return false;
  const file = squareFile(square);
  return (file > 0 && board[rank * 8 + file - 1] === enemyPawn) || (file < 7 && board[rank * 8 + file + 1] === enemyPawn);
}

/** An endgame: no queens left, or at most 13 pawns' worth of pieces besides kings and pawns. */
function isEndgame(position: Position): boolean {
  const counts = position.pieceCounts;
  const queens = counts[QUEEN_CODE] + counts[QUEEN_CODE | COLOR_BIT];
  let material = 0;
  for (let role = PAWN_CODE + 1; role <= QUEEN_CODE; role++) material += VALUE_BY_CODE[role] * (counts[role] + counts[role | COLOR_BIT]);
  return queens === 0 || material <= 13;
}

/**
 * The part of the game a position's move priors depend on besides the position itself (its Zobrist hash):
 * the same position met in the opening and later gets other priors, so caches of a position's moves key on both.
 */
export function priorPhase(position: Position): number {
  return position.fullmoves <= 12 ? 0 : position.fullmoves > 40 ? 2 : 1;
}

/** Where `attackedSquares` writes, for PositionFacts to copy from. */
const attackedScratch = new Int32Array(2);

/**
 * What stays the same for every move of one position, and the squares the opponent attacks: found on the first
 * question, all at once (a position's moves ask about most of the squares they touch), and kept in the facts
 * themselves, so facts of other positions asked in between never disturb them.
 */
export class PositionFacts {
  readonly mover: number;
  readonly opening: boolean;
  readonly late: boolean;
  readonly endgame: boolean;
  readonly mayCastle: boolean;
  /** The squares the opponent attacks, as two 32-bit halves, once found (`attackedKnown`). */
  private attackedKnown = false;
  private attackedLow = 0;
  private attackedHigh = 0;

  constructor(position: Position) {
    const color = position.turn;
    const phase = priorPhase(position);
    this.mover = color === 'white' ? 0 : 1;
    this.opening = phase === 0;
    this.late = phase === 2;
    this.endgame = isEndgame(position);
    this.mayCastle = position.castlingRook(color, 'king') !== undefined || position.castlingRook(color, 'queen') !== undefined;
  }

  /** Whether the opponent attacks `square` in `position` (the position these facts are of, as it stood when made). */
  isAttacked(position: Position, square: number): boolean {
    if (!this.attackedKnown) {
      // Into one shared scratch, kept as numbers: a search makes facts for thousands of positions, and small typed
      // arrays are slow to allocate.
      attackedSquares(position.board, this.mover ^ 1, attackedScratch);
      this.attackedLow = attackedScratch[0];
      this.attackedHigh = attackedScratch[1];
      this.attackedKnown = true;
    }
    // A shift count is taken modulo 32: `1 << square` is the square's bit in its half.
    return ((square < 32 ? this.attackedLow : this.attackedHigh) & (1 << square)) !== 0;
  }
}

export function positionFacts(position: Position): PositionFacts {
  return new PositionFacts(position);
}

/**
 * Σ weights[f] · feature f of `move`, added in the features' order: exactly the dot product of `weights` with what
 * `moveFeatures` fills in (a feature that is 0 adds nothing), without a vector filled and summed per move. A search
 * asks this of every legal move of every position it meets, so it allocates nothing.
 */
export function weightedMoveFeatures(position: Position, facts: PositionFacts, move: MoveDescription, lastCaptureSquare: number,
  weights: Float64Array): number {
  const { mover } = facts;
  const piece = move.piece;
  const pawn = piece === 'pawn';
  const castle = move.castle !== undefined;
  const fromRank = mover === 0 ? squareRank(move.from) : 7 - squareRank(move.from);
  const toRank = mover === 0 ? squareRank(move.to) : 7 - squareRank(move.to);
  let score = 0;
  if (move.capture) score += move.to === lastCaptureSquare ? weights[at.recapture] : weights[at.capture];
  if (move.check) score += weights[at.check];
  if (castle) score += weights[at.castle];
  if (move.promotion) score += move.promotion === 'queen' ? weights[at.queenPromotion] : weights[at.underPromotion];
  const pieceFeature = PIECE_FEATURE[piece];
  if (pieceFeature !== undefined) score += weights[pieceFeature];
  if (piece === 'king' && !castle) {
    if (facts.mayCastle) score += weights[at.kingWalk];
    if (facts.endgame) score += weights[at.endgameKing];
  }
  if (facts.opening) {
    if ((piece === 'knight' || piece === 'bishop') && fromRank === 0) score += weights[at.development];
    if (piece === 'queen') score += weights[at.openingQueen];
    if (pawn) {
      const file = squareFile(move.from);
      score += file >= 2 && file <= 5 ? weights[at.openingCentralPawn] : weights[at.openingWingPawn];
    }
  }
  if (pawn && Math.abs(toRank - fromRank) === 2) score += weights[at.pawnDoublePush];
  const piecePlaced = !pawn && !castle;
  let fromPawnAttack = false;
  if (piecePlaced) {
    score += weights[at.advance] * ((toRank - fromRank) / 7);
    if (toRank === 0 && fromRank !== 0) score += weights[at.backRank];
    const file = squareFile(move.to);
    const rank = squareRank(move.to);
    score += weights[at.centrality] * ((3.5 - Math.max(Math.abs(file - 3.5), Math.abs(rank - 3.5))) / 3);
    if (!move.capture && enemyPawnAttacks(position.board, move.to, mover)) score += weights[at.intoPawnAttack];
    fromPawnAttack = enemyPawnAttacks(position.board, move.from, mover);
  }
  const toAttacked = !castle && facts.isAttacked(position, move.to);
  if (!castle) {
    if (facts.isAttacked(position, move.from)) score += weights[at.fromAttacked];
    if (toAttacked) score += weights[at.toAttacked];
  }
  if (move.captured) {
    score += weights[at.capturedValue] * (VALUE[move.captured] / 9);
    score += weights[at.captureGain] * ((VALUE[move.captured] - VALUE[piece]) / 9);
  }
  if (move.mate) score += weights[at.mate];
  if (pawn) {
    if (facts.late) score += weights[at.latePawn];
    if (toRank === 5 || toRank === 6) score += weights[at.pawnToSixthOrSeventh];
  }
  if (move.captured) {
    if (!toAttacked) score += weights[at.safeCapture];
    else score += weights[at.losingCapture] * (Math.max(0, VALUE[piece] - VALUE[move.captured]) / 9);
  }
  if (fromPawnAttack) score += weights[at.fromPawnAttack];
  return score;
}

/** Fills `out` (FEATURE_COUNT long) with the features of `move` in `position` (before it is played). */
export function moveFeatures(position: Position, facts: PositionFacts, move: MoveDescription, lastCaptureSquare: number, out: Float64Array): void {
  out.fill(0);
  const { mover } = facts;
  const piece = move.piece;
  const fromRank = mover === 0 ? squareRank(move.from) : 7 - squareRank(move.from);
  const toRank = mover === 0 ? squareRank(move.to) : 7 - squareRank(move.to);
  if (move.capture) out[move.to === lastCaptureSquare ? at.recapture : at.capture] = 1;
  if (move.check) out[at.check] = 1;
  if (move.mate) out[at.mate] = 1;
  if (move.castle) out[at.castle] = 1;
  if (move.promotion) out[move.promotion === 'queen' ? at.queenPromotion : at.underPromotion] = 1;
  const pieceFeature = PIECE_FEATURE[piece];
  if (pieceFeature !== undefined) out[pieceFeature] = 1;
  if (piece === 'king' && !move.castle) {
    if (facts.mayCastle) out[at.kingWalk] = 1;
    if (facts.endgame) out[at.endgameKing] = 1;
  }
  if (facts.opening) {
    if ((piece === 'knight' || piece === 'bishop') && fromRank === 0) out[at.development] = 1;
    if (piece === 'queen') out[at.openingQueen] = 1;
    if (piece === 'pawn') {
      const file = squareFile(move.from);
      out[file >= 2 && file <= 5 ? at.openingCentralPawn : at.openingWingPawn] = 1;
    }
  }
  if (piece === 'pawn') {
    if (Math.abs(toRank - fromRank) === 2) out[at.pawnDoublePush] = 1;
    if (facts.late) out[at.latePawn] = 1;
    if (toRank === 5 || toRank === 6) out[at.pawnToSixthOrSeventh] = 1;
  } else if (!move.castle) {
    out[at.advance] = (toRank - fromRank) / 7;
    if (toRank === 0 && fromRank !== 0) out[at.backRank] = 1;
    const file = squareFile(move.to);
    const rank = squareRank(move.to);
    out[at.centrality] = (3.5 - Math.max(Math.abs(file - 3.5), Math.abs(rank - 3.5))) / 3;
    if (!move.capture && enemyPawnAttacks(position.board, move.to, mover)) out[at.intoPawnAttack] = 1;
    if (enemyPawnAttacks(position.board, move.from, mover)) out[at.fromPawnAttack] = 1;
  }
  if (!move.castle) {
    if (facts.isAttacked(position, move.from)) out[at.fromAttacked] = 1;
    if (facts.isAttacked(position, move.to)) out[at.toAttacked] = 1;
  }
  if (move.captured) {
    out[at.capturedValue] = VALUE[move.captured] / 9;
    out[at.captureGain] = (VALUE[move.captured] - VALUE[piece]) / 9;
    if (out[at.toAttacked] === 0) out[at.safeCapture] = 1;
    else out[at.losingCapture] = Math.max(0, VALUE[piece] - VALUE[move.captured]) / 9;
  }
}
