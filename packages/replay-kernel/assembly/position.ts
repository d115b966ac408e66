/**
 * The kernel's one position: the same piece codes, castling slots, en-passant
 * rule and counters as @zapis/core's Position, played forward only (a replay
 * that fails is abandoned, never taken back). A 64-bit Zobrist key per
 * position serves the repetition count.
 *
 * The kernel's tables are static memory (memory.data), not arrays made at
 * start: their addresses are then constants in the compiled code, and no
 * access reads a global first. They have no array header, so every access
 * is unchecked (asconfig.json's uncheckedBehavior).
 */
import { DIRECTION_TO, KNIGHT_MASKS, LINE_MASKS, squaresBetween } from './geometry';

export const PAWN = 1;
export const KNIGHT = 2;
export const BISHOP = 3;
export const ROOK = 4;
export const QUEEN = 5;
export const KING = 6;
export const WHITE = 0;

export const KIND_NORMAL = 0;
export const KIND_DOUBLE_PUSH = 1;
export const KIND_EN_PASSANT = 2;
export const KIND_CASTLE = 3;

/** Index in PIECE_COUNTS of the light-square bishops of a colour (white, then black). */
export const LIGHT_BISHOPS = 16;

/** Piece codes by square: role | colour << 3, 0 for empty. */
export const BOARD = changetype<StaticArray<i8>>(memory.data(sizeof<i8>() * 64, 16));
export const KINGS = changetype<StaticArray<i32>>(memory.data(sizeof<i32>() * 2, 16));
/** Rook squares that keep a castling right, by slot colour * 2 + side (0 king side), -1 for none. */
export const CASTLE_ROOKS = changetype<StaticArray<i32>>(memory.data(sizeof<i32>() * 4, 16));
/** Pieces by code, and at LIGHT_BISHOPS + colour the bishops on light squares. */
export const PIECE_COUNTS = changetype<StaticArray<i32>>(memory.data(sizeof<i32>() * 18, 16));
/**
 * Where the pieces of each code stand: PIECE_SQUARES[code * 16 + i] for
 * i < PIECE_COUNTS[code]. A SAN token names the piece's kind, so its few
 * candidates are looked at directly instead of searched for along every ray.
 */
export const PIECE_SQUARES = changetype<StaticArray<i32>>(memory.data(sizeof<i32>() * 16 * 16, 16));
/** PIECE_SETS[code]: the squares of PIECE_SQUARES[code * 16 …] as a bit set, to find the pieces on a line or a leap away at once. */
export const PIECE_SETS = changetype<StaticArray<u64>>(memory.data(sizeof<u64>() * 16, 16));
/** LIST_INDEX[square]: where the piece on `square` stands in its code's list. */
const LIST_INDEX = changetype<StaticArray<i32>>(memory.data(sizeof<i32>() * 64, 16));

export let turn: i32 = 0;
export let epSquare: i32 = -1;
export let halfmoves: i32 = 0;
export let fullmoves: i32 = 1;
export let hash: u64 = 0;
/**
 * The occupied squares as a bit set (bit n for square n), kept equal to
 * BOARD at every step, also where callers lift or move pieces for a
 * question: whether a line is open is then one mask and one test.
 */
export let occupied: u64 = 0;

@inline export function bit(square: i32): u64 {
  return <u64>1 << <u64>square;
}

const PIECE_KEYS = changetype<StaticArray<u64>>(memory.data(sizeof<u64>() * 16 * 64, 16));
const CASTLE_KEYS = changetype<StaticArray<u64>>(memory.data(sizeof<u64>() * 4 * 8, 16));
const EP_KEYS = changetype<StaticArray<u64>>(memory.data(sizeof<u64>() * 8, 16));
let SIDE_KEY: u64 = 0;

let seed: u64 = 0x7a617069;
function nextKey(): u64 {
  // splitmix64: fixed seed, so keys are the same in every run.
  seed += 0x9e3779b97f4a7c15;
  let z = seed;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
  z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
  return z ^ (z >> 31);
}

export function fillKeys(): void {
  for (let i = 0; i < 16 * 64; i++) unchecked((PIECE_KEYS[i] = nextKey()));
  for (let i = 0; i < 4 * 8; i++) unchecked((CASTLE_KEYS[i] = nextKey()));
  for (let i = 0; i < 8; i++) unchecked((EP_KEYS[i] = nextKey()));
  SIDE_KEY = nextKey();
}

export function epKey(file: i32): u64 {
  return unchecked(EP_KEYS[file]);
}

@inline function isLight(square: i32): bool {
  return (((square >> 3) + (square & 7)) & 1) === 1;
}

const START_ROW: StaticArray<i32> = [ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK];

/** The standard starting position (the only start the fast lane reads). */
export function resetToStart(): void {
  for (let square = 0; square < 64; square++) unchecked((BOARD[square] = 0));
  for (let file = 0; file < 8; file++) {
    unchecked((BOARD[file] = <i8>START_ROW[file]));
    unchecked((BOARD[8 + file] = <i8>PAWN));
    unchecked((BOARD[48 + file] = <i8>(PAWN | 8)));
    unchecked((BOARD[56 + file] = <i8>(unchecked(START_ROW[file]) | 8)));
  }
  unchecked((KINGS[0] = 4));
  unchecked((KINGS[1] = 60));
  unchecked((CASTLE_ROOKS[0] = 7));
  unchecked((CASTLE_ROOKS[1] = 0));
  unchecked((CASTLE_ROOKS[2] = 63));
  unchecked((CASTLE_ROOKS[3] = 56));
  for (let i = 0; i < 18; i++) unchecked((PIECE_COUNTS[i] = 0));
  for (let i = 0; i < 16; i++) unchecked((PIECE_SETS[i] = 0));
  let key: u64 = 0;
  occupied = 0xffff00000000ffff;
  for (let square = 0; square < 64; square++) {
    const code = <i32>unchecked(BOARD[square]);
    if (code === 0) continue;
    countOn(code, square);
    key ^= unchecked(PIECE_KEYS[code * 64 + square]);
  }
  for (let slot = 0; slot < 4; slot++) key ^= unchecked(CASTLE_KEYS[slot * 8 + (CASTLE_ROOKS[slot] & 7)]);
  turn = WHITE;
  epSquare = -1;
  halfmoves = 0;
  fullmoves = 1;
  hash = key;
}

/**
 * Is `square` attacked by a piece of colour `by`? The attackers are looked up
 * in their piece sets. Callers may have lifted or moved pieces on BOARD for
 * the question (the sets then lag): a piece counts only while BOARD still
 * holds it on its square, which leaves out a piece just captured.
 */
export function isSquareAttacked(square: i32, by: i32): bool {
  const file = square & 7;
  const rank = square >> 3;
  const pawn = PAWN | (by << 3);
  if (by === WHITE) {
    if (file > 0 && square >= 9 && <i32>unchecked(BOARD[square - 9]) === pawn) return true;
    if (file < 7 && square >= 7 && <i32>unchecked(BOARD[square - 7]) === pawn) return true;
  } else {
    if (file > 0 && square <= 56 && <i32>unchecked(BOARD[square + 7]) === pawn) return true;
    if (file < 7 && square <= 54 && <i32>unchecked(BOARD[square + 9]) === pawn) return true;
  }
  const king = unchecked(KINGS[by]);
  if (max(abs((king & 7) - file), abs((king >> 3) - rank)) === 1) return true;
  const knight = KNIGHT | (by << 3);
  for (let knights = unchecked(PIECE_SETS[knight]) & unchecked(KNIGHT_MASKS[square]); knights !== 0; knights &= knights - 1) {
    if (<i32>unchecked(BOARD[<i32>ctz(knights)]) === knight) return true;
  }
  const queen = QUEEN | (by << 3);
  const queens = unchecked(PIECE_SETS[queen]);
  return sliderAttacks(square, queens | unchecked(PIECE_SETS[ROOK | (by << 3)]), ROOK | (by << 3), queen, 0) ||
    sliderAttacks(square, queens | unchecked(PIECE_SETS[BISHOP | (by << 3)]), BISHOP | (by << 3), queen, 64);
}

/** Does a slider of code `piece` or `queen`, among `sliders`, reach `square` along an open line of LINE_MASKS[`lines` + square]? */
@inline function sliderAttacks(square: i32, sliders: u64, piece: i32, queen: i32, lines: i32): bool {
  for (let aligned = sliders & unchecked(LINE_MASKS[lines + square]); aligned !== 0; aligned &= aligned - 1) {
    const from = <i32>ctz(aligned);
    const code = <i32>unchecked(BOARD[from]);
    if ((code === piece || code === queen) && openBetween(from, square, <i32>unchecked(DIRECTION_TO[from * 64 + square]))) return true;
  }
  return false;
}

/** Is every square strictly between `from` and `to` (on one line, in `direction` from `from`) empty? */
@inline export function openBetween(from: i32, to: i32, direction: i32): bool {
  return (squaresBetween(from, to, direction) & occupied) === 0;
}

export function isCheck(): bool {
  return isSquareAttacked(unchecked(KINGS[turn]), turn ^ 1);
}

@inline function togglePiece(code: i32, square: i32): void {
  hash ^= unchecked(PIECE_KEYS[code * 64 + square]);
}

/** A piece of `code` arrives on `square` (counts and lists). */
@inline function countOn(code: i32, square: i32): void {
  const index = unchecked(PIECE_COUNTS[code]);
  unchecked((PIECE_SQUARES[code * 16 + index] = square));
  unchecked((LIST_INDEX[square] = index));
  unchecked((PIECE_COUNTS[code] = index + 1));
  unchecked((PIECE_SETS[code] |= bit(square)));
  if ((code & 7) === BISHOP && isLight(square)) unchecked(PIECE_COUNTS[LIGHT_BISHOPS + (code >> 3)]++);
}

/** The piece of `code` on `square` leaves the board: the last of its list takes its place. */
@inline function countOff(code: i32, square: i32): void {
  const last = unchecked(PIECE_COUNTS[code]) - 1;
  const index = unchecked(LIST_INDEX[square]);
  const moved = unchecked(PIECE_SQUARES[code * 16 + last]);
  unchecked((PIECE_SQUARES[code * 16 + index] = moved));
  unchecked((LIST_INDEX[moved] = index));
  unchecked((PIECE_COUNTS[code] = last));
  unchecked((PIECE_SETS[code] &= ~bit(square)));
  if ((code & 7) === BISHOP && isLight(square)) unchecked(PIECE_COUNTS[LIGHT_BISHOPS + (code >> 3)]--);
}

/** The piece of `code` moves from one square to another (its place in the list stays). */
@inline function relist(code: i32, from: i32, to: i32): void {
  const index = unchecked(LIST_INDEX[from]);
  unchecked((PIECE_SQUARES[code * 16 + index] = to));
  unchecked((LIST_INDEX[to] = index));
  unchecked((PIECE_SETS[code] = (PIECE_SETS[code] & ~bit(from)) | bit(to)));
  if ((code & 7) === BISHOP && isLight(from) !== isLight(to)) {
    // Bishops keep their square colour; only a promotion could change it, and that goes through countOff/countOn.
    unchecked(PIECE_COUNTS[LIGHT_BISHOPS + (code >> 3)] += isLight(to) ? 1 : -1);
  }
}

@inline function dropCastleRight(slot: i32): void {
  const rook = unchecked(CASTLE_ROOKS[slot]);
  if (rook < 0) return;
  hash ^= unchecked(CASTLE_KEYS[slot * 8 + (rook & 7)]);
  unchecked((CASTLE_ROOKS[slot] = -1));
}

/** Plays a legal move, encoded as in @zapis/core (from | to << 6 | promotion << 12 | kind << 15; castling is king takes rook). */
@inline export function play(move: i32): void {
  const from = move & 63;
  const to = (move >> 6) & 63;
  const kind = (move >> 15) & 3;
  const us = turn;
  const them = us ^ 1;
  const piece = <i32>unchecked(BOARD[from]);
  let captured = 0;
  halfmoves++;
  epSquare = -1;
  if (kind === KIND_CASTLE) {
    const rook = <i32>unchecked(BOARD[to]);
    const backRank = from & 56;
    const kingSide = (to & 7) > (from & 7);
    const kingTarget = backRank + (kingSide ? 6 : 2);
    const rookTarget = backRank + (kingSide ? 5 : 3);
    unchecked((BOARD[from] = 0));
    unchecked((BOARD[to] = 0));
    unchecked((BOARD[kingTarget] = <i8>piece));
    unchecked((BOARD[rookTarget] = <i8>rook));
    occupied = (occupied & ~(bit(from) | bit(to))) | bit(kingTarget) | bit(rookTarget);
    togglePiece(piece, from);
    togglePiece(rook, to);
    togglePiece(piece, kingTarget);
    togglePiece(rook, rookTarget);
    relist(piece, from, kingTarget);
    relist(rook, to, rookTarget);
    unchecked((KINGS[us] = kingTarget));
    dropCastleRight(us * 2);
    dropCastleRight(us * 2 + 1);
  } else {
    if (kind === KIND_EN_PASSANT) {
      const capturedSquare = us === WHITE ? to - 8 : to + 8;
      captured = <i32>unchecked(BOARD[capturedSquare]);
      unchecked((BOARD[capturedSquare] = 0));
      occupied &= ~bit(capturedSquare);
      togglePiece(captured, capturedSquare);
      countOff(captured, capturedSquare);
    } else {
      captured = <i32>unchecked(BOARD[to]);
      if (captured !== 0) {
        togglePiece(captured, to);
        countOff(captured, to);
        if (unchecked(CASTLE_ROOKS[them * 2]) === to) dropCastleRight(them * 2);
        else if (unchecked(CASTLE_ROOKS[them * 2 + 1]) === to) dropCastleRight(them * 2 + 1);
      }
    }
    const promotion = (move >> 12) & 7;
    const placed = promotion !== 0 ? promotion | (us << 3) : piece;
    if (promotion !== 0) {
      countOff(piece, from);
      countOn(placed, to);
    } else {
      relist(piece, from, to);
    }
    unchecked((BOARD[from] = 0));
    unchecked((BOARD[to] = <i8>placed));
    occupied = (occupied & ~bit(from)) | bit(to);
    togglePiece(piece, from);
    togglePiece(placed, to);
    const role = piece & 7;
    if (role === PAWN || captured !== 0) halfmoves = 0;
    if (role === KING) {
      unchecked((KINGS[us] = to));
      dropCastleRight(us * 2);
      dropCastleRight(us * 2 + 1);
    } else if (role === ROOK) {
      if (unchecked(CASTLE_ROOKS[us * 2]) === from) dropCastleRight(us * 2);
      else if (unchecked(CASTLE_ROOKS[us * 2 + 1]) === from) dropCastleRight(us * 2 + 1);
    } else if (kind === KIND_DOUBLE_PUSH) {
      // Recorded only when an enemy pawn stands ready to take it, as core records it.
      const enemyPawn = PAWN | (them << 3);
      const file = to & 7;
      if ((file > 0 && <i32>unchecked(BOARD[to - 1]) === enemyPawn) || (file < 7 && <i32>unchecked(BOARD[to + 1]) === enemyPawn)) {
        epSquare = (from + to) >> 1;
      }
    }
  }
  if (us === 1) fullmoves++;
  turn = them;
  hash ^= SIDE_KEY;
}
