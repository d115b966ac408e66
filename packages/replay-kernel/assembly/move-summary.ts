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
export const KEY_COUNTS = changetype<StaticArray<i32>>(memory.data(sizeof<i32>() * (CASTLING_KEY + 1), 16));
export let keysPresent: i32 = 0;
/** How many tokens the summary above holds: the replay sums up each token it plays; -1 once the tokens change. */
let summarised: i32 = -1;

/** 1–5 for N B R Q K by character code, 0 for anything else. */
const LETTER_INDEX = changetype<StaticArray<u8>>(memory.data(sizeof<u8>() * 256, 16));

export function fillLetterIndex(): void {
  unchecked((LETTER_INDEX[78] = 1));
  unchecked((LETTER_INDEX[66] = 2));
  unchecked((LETTER_INDEX[82] = 3));
  unchecked((LETTER_INDEX[81] = 4));
  unchecked((LETTER_INDEX[75] = 5));
}

@inline function fnvStep(fnv: u32, word: u32): u32 {
  return (fnv ^ word ^ (word >>> 16)) * FNV_PRIME;
}
@inline function mixStep(mix: u32, word: u32): u32 {
  let mixed = mix ^ ((word + 0x9e37) * MIX_MULTIPLIER);
  mixed = (mixed ^ (mixed >>> 15)) * MIX_MULTIPLIER;
  return mixed ^ (mixed >>> 13);
}

@inline function keyOf(start: i32, end: i32): i32 {
  const first = <i32>unchecked(TOKENS[start]);
  if (first === 79) return CASTLING_KEY;
  const piece = <i32>unchecked(LETTER_INDEX[first]);
  let promotion = 0;
  for (let at = start + 2; at < end - 1; at++) {
    if (<i32>unchecked(TOKENS[at]) === 61) {
      const letter = <i32>unchecked(LETTER_INDEX[<i32>unchecked(TOKENS[at + 1])]);
      promotion = letter === 5 ? 0 : letter; // no promotion to a king
    }
  }
  return piece * PROMOTIONS + promotion;
}

/** An empty summary, to which addToken adds the tokens in order. */
export function startSummary(): void {
  movesFnv = FNV_OFFSET;
  movesMix = MIX_SEED;
  for (let key = 0; key <= CASTLING_KEY; key++) unchecked((KEY_COUNTS[key] = 0));
  keysPresent = 0;
  summarised = 0;
}

/** Adds the token in slot `token` (the next one) to the summary. */
@inline export function addToken(token: i32): void {
  const start = token * TOKEN_SLOT + 1;
  const length = <i32>unchecked(TOKENS[start - 1]);
  let fnv = movesFnv;
  let mix = movesMix;
  // Four characters to a word, the first in the highest byte; a last, shorter word keeps only its characters.
  let at = changetype<usize>(TOKENS) + <usize>start;
  let left = length;
  while (left > 4) {
    const word = bswap<u32>(load<u32>(at));
    fnv = fnvStep(fnv, word);
    mix = mixStep(mix, word);
    left -= 4;
    at += 4;
  }
  if (left > 0) {
    // Shifted by 0 when four characters are left.
    const word = bswap<u32>(load<u32>(at)) >>> (<u32>(32 - 8 * left));
    fnv = fnvStep(fnv, word);
    mix = mixStep(mix, word);
  }
  movesFnv = fnvStep(fnv, SEPARATOR);
  movesMix = mixStep(mix, SEPARATOR);
  const key = keyOf(start, start + length);
  unchecked((KEY_COUNTS[key] += 1));
  keysPresent |= 1 << key;
  summarised++;
}

/** The tokens changed (a new scan, or the host's own): the summary no longer holds them. */
export function forgetSummary(): void {
  summarised = -1;
}

/** Sums up the first `count` tokens (a game the replay played whole); what the replay summed up already is kept. */
export function summarise(count: i32): void {
  if (count === summarised) return;
  startSummary();
  for (let token = 0; token < count; token++) addToken(token);
}
