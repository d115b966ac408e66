/**
 * Reads a game's move text in the plain PGN export subset, exactly as
 * @zapis/notation's scanExportMoves reads it: move numbers, SAN tokens (with
 * up to two `!`/`?` glyphs), brace comments, NAGs after a move, and a result
 * followed only by white space. Each token goes into its TOKENS slot for the
 * replay, and its place into OFFSETS. Anything outside the subset answers -1
 * and the host hands the game to the full grammar.
 *
 * The host passes the text up to the next `[` (or the end of what it may
 * read); `bracketAfter` says a `[` follows, which the subset treats as neither
 * white space nor the end.
 */
import { MAX_TOKENS, TOKENS, TOKEN_SLOT } from './export-san';
import { forgetSummary } from './move-summary';

export const MOVETEXT_CAPACITY = 1 << 20;
/**
 * The host's move text, and room past it: a zero byte after the text stops
 * the loops over characters without a length test, and a token is read and
 * copied with loads that may reach past the text.
 */
export const MOVETEXT = changetype<StaticArray<u8>>(memory.data(sizeof<u8>() * (MOVETEXT_CAPACITY + 16), 16));
/** OFFSETS[2 * i], OFFSETS[2 * i + 1]: where token i starts and ends, counted from the host's `base`. */
export const OFFSETS = changetype<StaticArray<i32>>(memory.data(sizeof<i32>() * 2 * MAX_TOKENS, 16));

/** The result of the last scan: 0 `1-0`, 1 `0-1`, 2 `1/2-1/2`, 3 `*`; and where it stands (from `base`). */
export let resultCode: i32 = -1;
export let resultOffset: i32 = -1;

const MAX_TOKEN_LENGTH = TOKEN_SLOT - 1;
/** As the lexer's Nag token reads them. */
const MAX_NAG_DIGITS = 5;
/** Past this, a move number stops being read (and cannot match). */
const MAX_MOVE_NUMBER = 100_000;

/** Characters SAN tokens are made of: a–h, 1–8, x = + # -, and every capital (piece letters of any language, O); by byte. */
const SAN_CODES = changetype<StaticArray<u8>>(memory.data(sizeof<u8>() * 256, 16));

export function fillSanCodes(): void {
  const letters = 'abcdefgh12345678x=+#-ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (let i = 0; i < letters.length; i++) unchecked((SAN_CODES[letters.charCodeAt(i)] = 1));
}

@inline function isSanCode(code: i32): bool {
  return unchecked(SAN_CODES[code]) !== 0;
}

@inline function byteAt(at: i32): i32 {
  return <i32>unchecked(MOVETEXT[at]);
}
@inline function isSpace(code: i32): bool {
  return code === 32 || code === 10 || code === 13 || code === 9;
}
@inline function isDigit(code: i32): bool {
  return code >= 48 && code <= 57;
}

let length = 0;
let bracketAfter = false;

/** Does a token end at `at`: white space there, or the end of the text (a following `[` is neither)? */
@inline function endsAt(at: i32): bool {
  return at < length ? isSpace(byteAt(at)) : !bracketAfter;
}

@inline function matches(at: i32, a: i32, b: i32, c: i32): bool {
  return at + 3 <= length && byteAt(at) === a && byteAt(at + 1) === b && byteAt(at + 2) === c;
}

/** The result marker at `at` (its code), or -1. */
function resultAt(at: i32): i32 {
  if (matches(at, 49, 45, 48) && endsAt(at + 3)) return 0; // 1-0
  if (matches(at, 48, 45, 49) && endsAt(at + 3)) return 1; // 0-1
  if (matches(at, 49, 47, 50) && matches(at + 3, 45, 49, 47) && at + 7 <= length && byteAt(at + 6) === 50 && endsAt(at + 7)) return 2; // 1/2-1/2
  if (byteAt(at) === 42 && endsAt(at + 1)) return 3; // *
  return -1;
}

const RESULT_LENGTHS: StaticArray<i32> = [3, 3, 7, 1];

/**
 * Scans MOVETEXT[0, textLength); returns how many tokens it holds, or -1 when
 * the game is outside the subset. Offsets are given plus `base` (where the
 * move text stands in the host's text).
 */
export function scanMoves(textLength: i32, followedByBracket: bool, base: i32): i32 {
  length = textLength;
  bracketAfter = followedByBracket;
  resultCode = -1;
  resultOffset = -1;
  unchecked((MOVETEXT[textLength] = 0));
  forgetSummary();
  let at = 0;
  let count = 0;
  // A move number must be followed by a move, and a NAG must follow one (else the grammar reports them).
  let sawMove = false;
  let numberPending = false;
  for (;;) {
    let code = byteAt(at);
    while (isSpace(code)) code = byteAt(++at); // the zero after the text stops it
    if (at >= length) break;
    if (code === 123) {
      // A `[` inside a comment may start the next game: the full grammar decides.
      let close = at + 1;
      while (close < length) {
        const inside = byteAt(close);
        if (inside === 125) break;
        if (inside === 91) return -1;
        close++;
      }
      if (close >= length) return -1;
      at = close + 1;
      continue;
    }
    if (code === 36) {
      if (!sawMove) return -1;
      at++;
      const digits = at;
      while (at < length && isDigit(byteAt(at))) at++;
      if (at === digits || at - digits > MAX_NAG_DIGITS || !endsAt(at)) return -1;
      continue;
    }
    if (isDigit(code) || code === 42) {
      // Only `*`, `1-0`, `0-1` and `1/2-1/2` can be results: a move number has a digit or `.` second.
      const second = at + 1 < length ? byteAt(at + 1) : -1;
      const result = code === 42 || second === 45 || second === 47 ? resultAt(at) : -1;
      if (result >= 0) {
        if (numberPending) return -1;
        resultCode = result;
        resultOffset = base + at;
        at += unchecked(RESULT_LENGTHS[result]);
        while (at < length && isSpace(byteAt(at))) at++;
        return at === length ? count : -1;
      }
      // It must be the next move's number (the subset starts from the standard position): the grammar warns about any other.
      if (numberPending) return -1;
      numberPending = true;
      let number = 0;
      while (isDigit(byteAt(at)) && number <= MAX_MOVE_NUMBER) number = number * 10 + byteAt(at++) - 48;
      if (number !== (count >> 1) + 1) return -1;
      let dots = 0;
      while (byteAt(at) === 46) {
        at++;
        dots++;
      }
      if (dots !== 1 && dots !== 3) return -1;
      continue;
    }
    const moveStart = at;
    // The first seven characters without a branch each (no export SAN is longer), then any more one by one;
    // the zero after the text ends the run.
    let run = <i32>isSanCode(code);
    let span = run;
    run &= <i32>isSanCode(byteAt(at + 1));
    span += run;
    run &= <i32>isSanCode(byteAt(at + 2));
    span += run;
    run &= <i32>isSanCode(byteAt(at + 3));
    span += run;
    run &= <i32>isSanCode(byteAt(at + 4));
    span += run;
    run &= <i32>isSanCode(byteAt(at + 5));
    span += run;
    run &= <i32>isSanCode(byteAt(at + 6));
    span += run;
    at += span;
    if (run !== 0) while (isSanCode(byteAt(at))) at++;
    const moveEnd = at;
    while ((byteAt(at) === 33 || byteAt(at) === 63) && at - moveEnd < 2) at++;
    if (moveEnd === moveStart || !endsAt(at)) return -1;
    if (count === MAX_TOKENS) return -1; // longer than the kernel holds: the full grammar reads it
    unchecked((OFFSETS[2 * count] = base + moveStart));
    unchecked((OFFSETS[2 * count + 1] = base + moveEnd));
    const slot = changetype<usize>(TOKENS) + <usize>(count * TOKEN_SLOT);
    const tokenLength = moveEnd - moveStart;
    if (tokenLength > MAX_TOKEN_LENGTH) {
      store<u8>(slot, 0); // no SAN is this long: the replay rejects it
    } else {
      // The slot whole: its length byte, then 15 bytes from the token's start (what follows the token is never read).
      const source = changetype<usize>(MOVETEXT) + <usize>moveStart;
      store<u64>(slot, (load<u64>(source - 1) & ~(<u64>0xff)) | <u64>tokenLength);
      store<u64>(slot, load<u64>(source + 7), 8);
    }
    count++;
    sawMove = true;
    numberPending = false;
  }
  return -1; // no result: an unfinished game is the full grammar's to explain
}
