/**
 * What the host needs of a clean game's tokens besides their replay, read here
 * where the tokens already are, so the host need not visit each move again:
 * the duplicate-game hash of the moves (FNV-1a and a multiply-mix over each
 * token four characters to a word, then a separator: DuplicateKeyBuilder.addMove
 * of @zapis/archive, which tests hold this to) and, per language key (the
 * piece letter and promotion letter of a token, as languageKey in @zapis/game's
 * quick-analyse.ts gives it), how many tokens have it.
 */
import { TOKENS, TOKEN_SLOT } from './export-san';

const FNV_OFFSET: u32 = 0x811c9dc5;
const FNV_PRIME: u32 = 0x01000193;
const MIX_SEED: u32 = 0x9747b28c;
const MIX_MULTIPLIER: u32 = 0x5bd1e995;
const SEPARATOR: u32 = 0x1f;
/** Keys: piece (0 pawn, 1–5 N B R Q K) times 5 plus promotion (0 none, 1–4 N B R Q); castling last. */
const PROMOTIONS: i32 = 5;
const CASTLING_KEY: i32 = 6 * PROMOTIONS;

export let movesFnv: u32 = FNV_OFFSET;
export let movesMix: u32 = MIX_SEED;
/** Tokens per language key, and which keys occur (bit per key). */
export const KEY_COUNTS = new StaticArray<i32>(CASTLING_KEY + 1);
export let keysPresent: i32 = 0;

@inline function add(word: u32): void {
  movesFnv = (movesFnv ^ word ^ (word >>> 16)) * FNV_PRIME;
  let mixed = movesMix ^ ((word + 0x9e37) * MIX_MULTIPLIER);
  mixed = (mixed ^ (mixed >>> 15)) * MIX_MULTIPLIER;
  movesMix = mixed ^ (mixed >>> 13);
}

/** 1–5 for N B R Q K (`upTo` 5) or N B R Q (`upTo` 4), 0 for anything else. */
@inline function letterIndex(code: i32, upTo: i32): i32 {
  const index = code === 78 ? 1 : code === 66 ? 2 : code === 82 ? 3 : code === 81 ? 4 : code === 75 ? 5 : 0;
  return index <= upTo ? index : 0;
}

function keyOf(start: i32, end: i32): i32 {
  const first = <i32>unchecked(TOKENS[start]);
  if (first === 79) return CASTLING_KEY;
  const piece = first >= 97 ? 0 : letterIndex(first, 5);
  let promotion = 0;
  for (let at = start + 2; at < end - 1; at++) {
    if (<i32>unchecked(TOKENS[at]) === 61) promotion = letterIndex(<i32>unchecked(TOKENS[at + 1]), 4);
  }
  return piece * PROMOTIONS + promotion;
}

/** Sums up the first `count` tokens (a game the replay played whole). */
export function summarise(count: i32): void {
  movesFnv = FNV_OFFSET;
  movesMix = MIX_SEED;
  for (let key = 0; key <= CASTLING_KEY; key++) unchecked((KEY_COUNTS[key] = 0));
  let present = 0;
  for (let token = 0; token < count; token++) {
    const start = token * TOKEN_SLOT + 1;
    const end = start + <i32>unchecked(TOKENS[start - 1]);
    for (let at = start; at < end; at += 4) {
      let word: u32 = 0;
      const stop = min(at + 4, end);
      for (let i = at; i < stop; i++) word = (word << 8) | <u32>unchecked(TOKENS[i]);
      add(word);
    }
    add(SEPARATOR);
    const key = keyOf(start, end);
    unchecked((KEY_COUNTS[key] += 1));
    present |= 1 << key;
  }
  keysPresent = present;
}
