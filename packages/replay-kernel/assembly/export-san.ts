/**
 * Replays a game's move tokens, accepting each only if it is exactly the
 * export SAN of a legal move (as @zapis/game's export-san.ts decides): the
 * capture mark present iff it captures, the minimal disambiguation, the check
 * and mate marks right. Tokens are read from TOKENS, one 16-byte slot each
 * (length, then up to 15 ASCII characters), with the piece letters in LETTERS.
 */
import { isCheckAfterMove } from './check-after';
import { addToken, startSummary } from './move-summary';
import { CANDIDATES, castlingMove, generateMovesTo, hasLegalEnPassant, hasLegalMove } from './moves-to';
import { BOARD, KIND_EN_PASSANT, KING, PAWN, epKey, epSquare, halfmoves, hash, play, resetToStart } from './position';

export const TOKEN_SLOT = 16;
export const MAX_TOKENS = 65536;
export const TOKENS = changetype<StaticArray<u8>>(memory.data(sizeof<u8>() * TOKEN_SLOT * MAX_TOKENS, 16));
/** Role (1 pawn … 6 king) by character code of the game's piece letters; 0 for anything else. The host writes the first 128. */
export const LETTERS = changetype<StaticArray<u8>>(memory.data(sizeof<u8>() * 256, 16));
/** The repetition key of the start position and after every ply. */
const KEYS = changetype<StaticArray<u64>>(memory.data(sizeof<u64>() * (MAX_TOKENS + 1), 16));

const NOT_EXPORT_SAN = -1;

@inline function charAt(at: i32): i32 {
  return <i32>unchecked(TOKENS[at]);
}
@inline function fileOf(code: i32): i32 {
  return code >= 97 && code <= 104 ? code - 97 : -1;
}
@inline function rankOf(code: i32): i32 {
  return code >= 49 && code <= 56 ? code - 49 : -1;
}

/** The move the token in slot `slot` names, or NOT_EXPORT_SAN. */
@inline function resolve(slot: i32, inCheck: bool): i32 {
  const start = slot * TOKEN_SLOT + 1;
  const end = start + charAt(slot * TOKEN_SLOT);
  if (end - start < 2) return NOT_EXPORT_SAN;
  let last = end;
  const mark = charAt(last - 1);
  if (mark === 43 || mark === 35) last--; // + #
  if (charAt(start) === 79) {
    const length = last - start;
    if (length === 3 && charAt(start + 1) === 45 && charAt(start + 2) === 79) return castlingMove(0);
    if (length === 5 && charAt(start + 1) === 45 && charAt(start + 2) === 79 && charAt(start + 3) === 45 && charAt(start + 4) === 79) return castlingMove(1);
    return NOT_EXPORT_SAN;
  }
  let promotion = 0;
  if (last - start >= 4 && charAt(last - 2) === 61) {
    const code = charAt(last - 1);
    promotion = <i32>unchecked(LETTERS[code]);
    if (promotion === 0 || promotion === KING) return NOT_EXPORT_SAN;
    last -= 2;
  }
  if (last - start < 2) return NOT_EXPORT_SAN;
  const toFile = fileOf(charAt(last - 2));
  const toRank = rankOf(charAt(last - 1));
  if (toFile < 0 || toRank < 0) return NOT_EXPORT_SAN;
  const to = toRank * 8 + toFile;
  const first = charAt(start);
  const letterRole = <i32>unchecked(LETTERS[first]);
  const role = letterRole !== 0 ? letterRole : PAWN;
  if (role === PAWN && first >= 65 && first <= 90) return NOT_EXPORT_SAN; // a capital that is no piece letter here
  // Between the letter and the square: [file][rank][x].
  let at = role === PAWN ? start : start + 1;
  let middleEnd = last - 2;
  let capture = false;
  if (middleEnd - 1 >= at && charAt(middleEnd - 1) === 120) {
    capture = true;
    middleEnd--;
  }
  let fromFile = -1;
  let fromRank = -1;
  const middle = middleEnd - at;
  if (middle > 2 || middle < 0) return NOT_EXPORT_SAN;
  if (middle >= 1) {
    fromFile = fileOf(charAt(at));
    if (fromFile >= 0) at++;
    if (at < middleEnd) fromRank = rankOf(charAt(at++));
    if (at !== middleEnd || (middle === 2 && (fromFile < 0 || fromRank < 0)) || (middle === 1 && fromFile < 0 && fromRank < 0)) {
      return NOT_EXPORT_SAN;
    }
  }
  const count = generateMovesTo(to, role, inCheck);
  let found = NOT_EXPORT_SAN;
  for (let i = 0; i < count; i++) {
    const move = unchecked(CANDIDATES[i]);
    const from = move & 63;
    if (((move >> 12) & 7) !== promotion) continue;
    if ((fromFile < 0 || (from & 7) === fromFile) && (fromRank < 0 || from >> 3 === fromRank)) {
      if (found !== NOT_EXPORT_SAN) return NOT_EXPORT_SAN; // ambiguous as written
      found = move;
    }
  }
  if (found === NOT_EXPORT_SAN) return NOT_EXPORT_SAN;
  const from = found & 63;
  const captures = unchecked(BOARD[to]) !== 0 || ((found >> 15) & 3) === KIND_EN_PASSANT;
  if (capture !== captures) return NOT_EXPORT_SAN;
  if (role === PAWN) {
    // A pawn capture names its file and nothing more; a push names nothing.
    if (captures) return fromFile === (from & 7) && fromRank < 0 ? found : NOT_EXPORT_SAN;
    return middle === 0 ? found : NOT_EXPORT_SAN;
  }
  // Written exactly as much of the origin as SAN needs: none, the file, the rank, or both.
  let wantFile = false;
  let wantRank = false;
  if (role !== KING) {
    let rivals = 0;
    let sameFile = false;
    let sameRank = false;
    for (let i = 0; i < count; i++) {
      const otherFrom = unchecked(CANDIDATES[i]) & 63;
      if (otherFrom === from) continue;
      rivals++;
      if ((otherFrom & 7) === (from & 7)) sameFile = true;
      if (otherFrom >> 3 === from >> 3) sameRank = true;
    }
    if (rivals > 0) {
      wantFile = !sameFile || sameRank;
      wantRank = sameFile;
    }
  }
  return (fromFile >= 0) === wantFile && (fromRank >= 0) === wantRank ? found : NOT_EXPORT_SAN;
}

/** The position's repetition key: the en-passant file counts only when a legal capture can use it (FIDE Art. 9.2.3). */
function repetitionKey(): u64 {
  if (epSquare >= 0 && hasLegalEnPassant()) return hash ^ epKey(epSquare & 7);
  return hash;
}

let recorded = 0;

/**
 * Replays the first `tokens` slots from the standard start. Returns how many
 * tokens were played; fewer than `tokens` means the token at that index is not
 * the export SAN of a legal move (or its check or mate mark is wrong).
 */
export function replay(tokens: i32): i32 {
  resetToStart();
  recorded = 0;
  unchecked((KEYS[recorded++] = hash));
  startSummary();
  if (tokens > MAX_TOKENS) return 0;
  let inCheck = false;
  for (let slot = 0; slot < tokens; slot++) {
    const move = resolve(slot, inCheck);
    if (move < 0) return slot;
    play(move);
    const base = slot * TOKEN_SLOT;
    const mark = charAt(base + charAt(base));
    const check = isCheckAfterMove(move);
    const marked = mark === 43 ? 1 : mark === 35 ? 2 : 0;
    const wanted = !check ? 0 : hasLegalMove(true) ? 1 : 2;
    if (marked !== wanted) return slot;
    inCheck = check;
    unchecked((KEYS[recorded++] = repetitionKey()));
    addToken(slot); // the summary of the moves played, while the token is at hand
  }
  return tokens;
}

/** How many times the final position has stood on the board, this time included (as GameHistory.repetitions counts). */
export function repetitions(): i32 {
  const last = recorded - 1;
  const key = unchecked(KEYS[last]);
  const oldest = max(0, last - halfmoves);
  let count = 1;
  for (let i = last - 2; i >= oldest; i -= 2) if (unchecked(KEYS[i]) === key) count++;
  return count;
}
