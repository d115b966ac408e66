/**
 * The WebAssembly interface of the replay kernel: where the host writes a
 * game's tokens and piece letters, the replay, and the final position's state.
 */
import { fillGeometry } from './geometry';
import { LETTERS, MAX_TOKENS, TOKENS, TOKEN_SLOT, replay as replayTokens } from './export-san';
import { MOVETEXT, MOVETEXT_CAPACITY, OFFSETS, fillSanCodes, resultCode, resultOffset, scanMoves as scanMoveText } from './movetext';
import { KEY_COUNTS, fillLetterIndex, forgetSummary, keysPresent, movesFnv, movesMix, summarise as summariseMoves } from './move-summary';
import { finalOutcome } from './outcome';
import { BOARD, CASTLE_ROOKS, epSquare, fillKeys, fullmoves, halfmoves, turn } from './position';

fillGeometry();
fillKeys();
fillSanCodes();
fillLetterIndex();

export function tokensPointer(): usize {
  return changetype<usize>(TOKENS);
}
export function tokenSlot(): i32 {
  return TOKEN_SLOT;
}
export function maxTokens(): i32 {
  return MAX_TOKENS;
}
export function lettersPointer(): usize {
  return changetype<usize>(LETTERS);
}
export function boardPointer(): usize {
  return changetype<usize>(BOARD);
}

/** See export-san.ts: how many of the first `tokens` tokens were played. */
export function replay(tokens: i32): i32 {
  return replayTokens(tokens);
}
/** How the game stands at the end of the last replay: 0 going on, 1 checkmate, 2 stalemate, 3 dead position, 4 fivefold repetition, 5 75 moves. */
export function outcome(): i32 {
  return finalOutcome();
}
export function turnIndex(): i32 {
  return turn;
}
export function enPassantSquare(): i32 {
  return epSquare;
}
export function halfmoveClock(): i32 {
  return halfmoves;
}
export function fullmoveNumber(): i32 {
  return fullmoves;
}
/** The rook square keeping the castling right of a slot (colour * 2 + side, side 0 the king side), -1 for none. */
export function castlingRook(slot: i32): i32 {
  return CASTLE_ROOKS[slot];
}

export function movetextPointer(): usize {
  return changetype<usize>(MOVETEXT);
}
export function movetextCapacity(): i32 {
  return MOVETEXT_CAPACITY;
}
export function offsetsPointer(): usize {
  return changetype<usize>(OFFSETS);
}
/** See movetext.ts: reads the move text the host wrote, leaving its tokens ready for replay; how many, or -1. */
export function scanMoves(length: i32, bracketAfter: bool, base: i32): i32 {
  return scanMoveText(length, bracketAfter, base);
}
export function scannedResult(): i32 {
  return resultCode;
}
export function scannedResultOffset(): i32 {
  return resultOffset;
}

/** See move-summary.ts: the moves' duplicate-game hash and language keys of the first `tokens` tokens. */
export function summarise(tokens: i32): void {
  summariseMoves(tokens);
}
/** The host wrote tokens itself: a summary the last replay made may no longer hold them. */
export function tokensChanged(): void {
  forgetSummary();
}
export function summaryFnv(): u32 {
  return movesFnv;
}
export function summaryMix(): u32 {
  return movesMix;
}
export function keyCountsPointer(): usize {
  return changetype<usize>(KEY_COUNTS);
}
export function summaryKeysPresent(): i32 {
  return keysPresent;
}
