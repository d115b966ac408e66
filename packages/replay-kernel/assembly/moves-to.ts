/**
 * Legal moves landing on one square, found backwards from it (as @zapis/core's
 * moves-to.ts finds them), castling by side, and whether the side to move has
 * any legal move at all (asked after a check, for the mate mark).
 */
import {
  DIRECTION_TO, KING_COUNTS, KING_TARGETS, KNIGHT_COUNTS, KNIGHT_MASKS, KNIGHT_TARGETS, LINE_MASKS, RAYS, RAY_LENGTHS, RAY_MASKS, nearestOnRay,
} from './geometry';
import {
  BISHOP, BOARD, CASTLE_ROOKS, KIND_CASTLE, KIND_DOUBLE_PUSH, KIND_EN_PASSANT, KIND_NORMAL, KING, KINGS, KNIGHT,
  PAWN, PIECE_COUNTS, PIECE_SETS, PIECE_SQUARES, QUEEN, ROOK, WHITE, bit, epSquare, isSquareAttacked, occupied, openBetween, turn,
} from './position';

export const CANDIDATES = changetype<StaticArray<i32>>(memory.data(sizeof<i32>() * 256, 16));

@inline export function encodeMove(from: i32, to: i32, promotion: i32, kind: i32): i32 {
  return from | (to << 6) | (promotion << 12) | (kind << 15);
}

/** Set per call: the mover is known not to be in check, so only pieces aligned with the king need a test. */
let outOfCheck = false;

/**
 * Out of check, a non-king piece capturing (if at all) on its target exposes
 * its king only by leaving a line to an enemy slider: the piece nearest the
 * king on that line, once the move is made, must not be one.
 */
@inline function isUnpinnedMove(from: i32, to: i32, king: i32, us: i32): bool {
  const direction = <i32>unchecked(DIRECTION_TO[king * 64 + from]);
  if (direction < 0) return true;
  const onLine = unchecked(RAY_MASKS[direction * 64 + king]) & ((occupied & ~bit(from)) | bit(to));
  if (onLine === 0) return true;
  const nearest = nearestOnRay(onLine, direction);
  if (nearest === to) return true;
  // A piece between the king and `from` is no enemy slider of this line: the king would be in check.
  const them = (us ^ 1) << 3;
  const code = <i32>unchecked(BOARD[nearest]);
  return code !== ((direction < 4 ? ROOK : BISHOP) | them) && code !== (QUEEN | them);
}

/** Would moving `from` → `to` (capturing on `capturedSquare`) leave the mover's king safe? */
@inline function isSafe(from: i32, to: i32, capturedSquare: i32): bool {
  const piece = <i32>unchecked(BOARD[from]);
  if (outOfCheck && capturedSquare === to && (piece & 7) !== KING) {
    return isUnpinnedMove(from, to, unchecked(KINGS[turn]), turn);
  }
  const us = turn;
  const captured = unchecked(BOARD[capturedSquare]);
  const onTarget = unchecked(BOARD[to]);
  const before = occupied;
  unchecked((BOARD[capturedSquare] = 0));
  unchecked((BOARD[from] = 0));
  unchecked((BOARD[to] = <i8>piece));
  occupied = (before & ~(bit(capturedSquare) | bit(from))) | bit(to);
  const king = (piece & 7) === KING ? to : unchecked(KINGS[us]);
  const safe = !isSquareAttacked(king, us ^ 1);
  unchecked((BOARD[to] = onTarget));
  unchecked((BOARD[from] = <i8>piece));
  unchecked((BOARD[capturedSquare] = captured));
  occupied = before;
  return safe;
}

/** Knights of code `piece` a leap away from `to`. */
@inline function knightsTo(to: i32, piece: i32): i32 {
  let count = 0;
  for (let knights = unchecked(PIECE_SETS[piece]) & unchecked(KNIGHT_MASKS[to]); knights !== 0; knights &= knights - 1) {
    const from = <i32>ctz(knights);
    if (isSafe(from, to, to)) unchecked((CANDIDATES[count++] = encodeMove(from, to, 0, KIND_NORMAL)));
  }
  return count;
}

/** The king of code `piece`, if a step away from `to`. */
@inline function kingTo(to: i32, piece: i32): i32 {
  const from = unchecked(KINGS[piece >> 3]);
  if (max(abs((from & 7) - (to & 7)), abs((from >> 3) - (to >> 3))) !== 1 || !isSafe(from, to, to)) return 0;
  unchecked((CANDIDATES[0] = encodeMove(from, to, 0, KIND_NORMAL)));
  return 1;
}

/** Sliders of code `piece` that reach `to` along straight lines, diagonals, or both. */
@inline function slidersTo(to: i32, piece: i32, straight: bool, diagonal: bool): i32 {
  const lines = (straight ? unchecked(LINE_MASKS[to]) : 0) | (diagonal ? unchecked(LINE_MASKS[64 + to]) : 0);
  let count = 0;
  for (let aligned = unchecked(PIECE_SETS[piece]) & lines; aligned !== 0; aligned &= aligned - 1) {
    const from = <i32>ctz(aligned);
    if (openBetween(from, to, <i32>unchecked(DIRECTION_TO[from * 64 + to])) && isSafe(from, to, to)) {
      unchecked((CANDIDATES[count++] = encodeMove(from, to, 0, KIND_NORMAL)));
    }
  }
  return count;
}

@inline function pushPawnMoves(count: i32, from: i32, to: i32, kind: i32): i32 {
  const rank = to >> 3;
  if (rank === 7 || rank === 0) {
    unchecked((CANDIDATES[count++] = encodeMove(from, to, QUEEN, kind)));
    unchecked((CANDIDATES[count++] = encodeMove(from, to, KNIGHT, kind)));
    unchecked((CANDIDATES[count++] = encodeMove(from, to, ROOK, kind)));
    unchecked((CANDIDATES[count++] = encodeMove(from, to, BISHOP, kind)));
    return count;
  }
  unchecked((CANDIDATES[count++] = encodeMove(from, to, 0, kind)));
  return count;
}

@inline function pawnsTo(to: i32, count: i32): i32 {
  const us = turn;
  const pawn = PAWN | (us << 3);
  const target = <i32>unchecked(BOARD[to]);
  const ahead = us === WHITE ? 8 : -8;
  const behind = to - ahead;
  const file = to & 7;
  if (behind < 0 || behind >= 64) return count;
  if (target !== 0) {
    if (file > 0 && <i32>unchecked(BOARD[behind - 1]) === pawn && isSafe(behind - 1, to, to)) count = pushPawnMoves(count, behind - 1, to, KIND_NORMAL);
    if (file < 7 && <i32>unchecked(BOARD[behind + 1]) === pawn && isSafe(behind + 1, to, to)) count = pushPawnMoves(count, behind + 1, to, KIND_NORMAL);
    return count;
  }
  const onBehind = <i32>unchecked(BOARD[behind]);
  if (onBehind === pawn) {
    if (isSafe(behind, to, to)) count = pushPawnMoves(count, behind, to, KIND_NORMAL);
  } else if (onBehind === 0 && to >> 3 === (us === WHITE ? 3 : 4) && <i32>unchecked(BOARD[behind - ahead]) === pawn) {
    if (isSafe(behind - ahead, to, to)) unchecked((CANDIDATES[count++] = encodeMove(behind - ahead, to, 0, KIND_DOUBLE_PUSH)));
  }
  if (to === epSquare && onBehind === (PAWN | ((us ^ 1) << 3))) {
    if (file > 0 && <i32>unchecked(BOARD[behind - 1]) === pawn && isSafe(behind - 1, to, behind)) unchecked((CANDIDATES[count++] = encodeMove(behind - 1, to, 0, KIND_EN_PASSANT)));
    if (file < 7 && <i32>unchecked(BOARD[behind + 1]) === pawn && isSafe(behind + 1, to, behind)) unchecked((CANDIDATES[count++] = encodeMove(behind + 1, to, 0, KIND_EN_PASSANT)));
  }
  return count;
}

/**
 * Writes the legal non-castling moves of pieces of `role` (1 pawn … 6 king)
 * landing on `to` into CANDIDATES; returns how many.
 */
@inline export function generateMovesTo(to: i32, role: i32, inCheck: bool): i32 {
  outOfCheck = !inCheck;
  const us = turn;
  const target = <i32>unchecked(BOARD[to]);
  if (target !== 0 && target >> 3 === us) return 0;
  const own = us << 3;
  switch (role) {
    case PAWN: return pawnsTo(to, 0);
    case KNIGHT: return knightsTo(to, KNIGHT | own);
    case BISHOP: return slidersTo(to, BISHOP | own, false, true);
    case ROOK: return slidersTo(to, ROOK | own, true, false);
    case QUEEN: return slidersTo(to, QUEEN | own, true, true);
    case KING: return kingTo(to, KING | own);
  }
  return 0;
}

function pathClear(from: i32, to: i32, king: i32, rook: i32): bool {
  const low = min(from, to);
  const high = max(from, to);
  for (let square = low; square <= high; square++) {
    if (square !== king && square !== rook && unchecked(BOARD[square]) !== 0) return false;
  }
  return true;
}

/** The legal castling move on one side (0 king side, 1 queen side), or -1 (FIDE Art. 3.8.2, as core's generateCastling). */
export function castlingMove(side: i32): i32 {
  const us = turn;
  const them = us ^ 1;
  const kingFrom = unchecked(KINGS[us]);
  const backRank = us === WHITE ? 0 : 56;
  if ((kingFrom & 56) !== backRank) return -1;
  const rookFrom = unchecked(CASTLE_ROOKS[us * 2 + side]);
  if (rookFrom < 0) return -1;
  const kingTo = backRank + (side === 0 ? 6 : 2);
  const rookTo = backRank + (side === 0 ? 5 : 3);
  if (!pathClear(kingFrom, kingTo, kingFrom, rookFrom) || !pathClear(rookFrom, rookTo, kingFrom, rookFrom)) return -1;
  const king = unchecked(BOARD[kingFrom]);
  const rook = unchecked(BOARD[rookFrom]);
  unchecked((BOARD[kingFrom] = 0));
  unchecked((BOARD[rookFrom] = 0));
  const before = occupied;
  occupied = before & ~(bit(kingFrom) | bit(rookFrom));
  let safe = true;
  const step = kingTo >= kingFrom ? 1 : -1;
  for (let square = kingFrom; ; square += step) {
    if (isSquareAttacked(square, them)) {
      safe = false;
      break;
    }
    if (square === kingTo) break;
  }
  unchecked((BOARD[kingFrom] = king));
  unchecked((BOARD[rookFrom] = rook));
  occupied = before;
  return safe ? encodeMove(kingFrom, rookFrom, 0, KIND_CASTLE) : -1;
}

/** Can the piece on `from` move to `to` (empty or an enemy's) without exposing its king? */
@inline function canGo(from: i32, to: i32, us: i32): bool {
  const code = <i32>unchecked(BOARD[to]);
  return (code === 0 || code >> 3 !== us) && isSafe(from, to, to);
}

/** Does a slider of code `piece` have a legal move along directions [first, last)? */
function sliderCanMove(piece: i32, first: i32, last: i32, us: i32): bool {
  for (let i = 0, n = unchecked(PIECE_COUNTS[piece]); i < n; i++) {
    const from = unchecked(PIECE_SQUARES[piece * 16 + i]);
    for (let direction = first; direction < last; direction++) {
      const base = (direction * 64 + from) * 8;
      for (let k = 0, length = <i32>unchecked(RAY_LENGTHS[direction * 64 + from]); k < length; k++) {
        const to = <i32>unchecked(RAYS[base + k]);
        const code = <i32>unchecked(BOARD[to]);
        if (code !== 0 && code >> 3 === us) break;
        if (isSafe(from, to, to)) return true;
        if (code !== 0) break;
      }
    }
  }
  return false;
}

/**
 * Does the side to move (in check or not, as `inCheck` says) have a legal
 * move? A safe king step is looked for first, then each piece's moves.
 */
export function hasLegalMove(inCheck: bool): bool {
  const us = turn;
  const king = unchecked(KINGS[us]);
  const ownKing = unchecked(BOARD[king]);
  unchecked((BOARD[king] = 0));
  const before = occupied;
  occupied = before & ~bit(king);
  let escape = false;
  for (let i = 0, n = <i32>unchecked(KING_COUNTS[king]); i < n && !escape; i++) {
    const to = <i32>unchecked(KING_TARGETS[king * 8 + i]);
    const code = <i32>unchecked(BOARD[to]);
    if ((code === 0 || code >> 3 !== us) && !isSquareAttacked(to, us ^ 1)) escape = true;
  }
  unchecked((BOARD[king] = ownKing));
  occupied = before;
  if (escape) return true;
  outOfCheck = !inCheck;
  const own = us << 3;
  const pawn = PAWN | own;
  const ahead = us === WHITE ? 8 : -8;
  for (let i = 0, n = unchecked(PIECE_COUNTS[pawn]); i < n; i++) {
    const from = unchecked(PIECE_SQUARES[pawn * 16 + i]);
    const to = from + ahead;
    if (unchecked(BOARD[to]) === 0) {
      if (isSafe(from, to, to)) return true;
      const twoAhead = to + ahead;
      if (from >> 3 === (us === WHITE ? 1 : 6) && unchecked(BOARD[twoAhead]) === 0 && isSafe(from, twoAhead, twoAhead)) return true;
    }
    const file = from & 7;
    for (let side = -1; side <= 1; side += 2) {
      if ((side < 0 && file === 0) || (side > 0 && file === 7)) continue;
      const target = to + side;
      const code = <i32>unchecked(BOARD[target]);
      if (code !== 0 && code >> 3 !== us && isSafe(from, target, target)) return true;
      if (target === epSquare && code === 0 && <i32>unchecked(BOARD[target - ahead]) === (PAWN | ((us ^ 1) << 3)) && isSafe(from, target, target - ahead)) return true;
    }
  }
  const knight = KNIGHT | own;
  for (let i = 0, n = unchecked(PIECE_COUNTS[knight]); i < n; i++) {
    const from = unchecked(PIECE_SQUARES[knight * 16 + i]);
    for (let k = 0, targets = <i32>unchecked(KNIGHT_COUNTS[from]); k < targets; k++) {
      if (canGo(from, <i32>unchecked(KNIGHT_TARGETS[from * 8 + k]), us)) return true;
    }
  }
  if (sliderCanMove(BISHOP | own, 4, 8, us) || sliderCanMove(ROOK | own, 0, 4, us) || sliderCanMove(QUEEN | own, 0, 8, us)) return true;
  return !inCheck && (castlingMove(0) >= 0 || castlingMove(1) >= 0);
}

/** Can the side to move capture en passant (what makes the en-passant square part of a repetition key)? */
export function hasLegalEnPassant(): bool {
  if (epSquare < 0) return false;
  const count = generateMovesTo(epSquare, PAWN, true);
  for (let i = 0; i < count; i++) if (((unchecked(CANDIDATES[i]) >> 15) & 3) === KIND_EN_PASSANT) return true;
  return false;
}
