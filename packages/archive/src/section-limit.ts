/**
 * How much of a section the full grammar reads in one go. The grammar holds
 * every token of what it reads and a finding for nearly every token of
 * garbage (up to ~1.5 KB of heap a token), so a run of many games is read a
 * bounded number of tokens at a time, cut where one game has ended and the
 * next begins, and a single game longer than the bound is cut there.
 *
 * Tokens are counted as the lexer makes them, near enough: a brace comment,
 * a `;` comment, a string, a bracket or parenthesis, or a run of other
 * characters. A run longer than any move or result (8 characters) is not a
 * word of PGN: the lexer reads such garbage as about one token per two
 * characters, and so it is counted so; counted as one, a megabyte of random
 * bytes would pass as a few tokens and hold the heap far past the bound.
 *
 * A cut is only made right before a move number that follows a
 * result (`… 1-0  2. e4`, where the grammar starts a new game anyway), so
 * reading the parts one after another gives the records one read would.
 */

const RESULTS = new Set(['1-0', '0-1', '1/2-1/2', '½-½', '1–0', '0–1', '½–½', '1/2–1/2', '*']);

export interface SectionPart {
  /** Read the section up to here (exclusive) in one go. */
  readonly end: number;
  /**
   * Set when one game runs past the bound with no game end before it: `end`
   * is where it is cut, and `skipTo` where reading resumes (after its
   * result, or the section's end).
   */
  readonly overlong?: { readonly skipTo: number };
}

function isWhitespace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9 || code === 12 || code === 11 ||
    code === 0xa0 || code === 0xfeff || (code >= 0x2000 && code <= 0x200b) || code === 0x3000;
}

/** Characters that end a run of other characters, as tokens of their own. */
const isDelimiter = (code: number): boolean => code === 123 || code === 59 || code === 34 || code === 40 || code === 41 || code === 91 || code === 93;

const isLineBreak = (code: number): boolean => code === 10 || code === 13;

function lineEnd(text: string, from: number, end: number): number {
  let at = from;
  while (at < end && !isLineBreak(text.charCodeAt(at))) at++;
  return at;
}

/** The end (exclusive) of the token at `at`, which is not whitespace. */
function tokenEnd(text: string, at: number, end: number): number {
  const code = text.charCodeAt(at);
  if (code === 123) {
    const close = text.indexOf('}', at + 1);
    return close < 0 || close >= end ? end : close + 1;
  }
  if (code === 59) return lineEnd(text, at, end);
  if (code === 34) {
    let cursor = at + 1;
    while (cursor < end) {
      const next = text.charCodeAt(cursor);
      if (next === 34) return cursor + 1;
      if (isLineBreak(next)) return cursor;
      cursor += next === 92 && cursor + 1 < end && !isLineBreak(text.charCodeAt(cursor + 1)) ? 2 : 1;
    }
    return end;
  }
  if (isDelimiter(code)) return at + 1;
  let cursor = at + 1;
  while (cursor < end) {
    const next = text.charCodeAt(cursor);
    if (isWhitespace(next) || isDelimiter(next)) break;
    cursor++;
  }
  return cursor;
}

/** `12.` or `1...`: digits, then a dot. */
function isMoveNumber(text: string, from: number, to: number): boolean {
  let at = from;
  while (at < to && text.charCodeAt(at) >= 48 && text.charCodeAt(at) <= 57) at++;
  return at > from && at < to && text.charCodeAt(at) === 46;
}

/** The next token start at or after `from`, skipping whitespace and `%` escape lines. */
function nextToken(text: string, from: number, end: number): number {
  let at = from;
  while (at < end) {
    const code = text.charCodeAt(at);
    if (isWhitespace(code)) at++;
    else if (code === 37 && (at === 0 || isLineBreak(text.charCodeAt(at - 1)))) at = lineEnd(text, at, end);
    else break;
  }
  return at;
}

/** After the next result token at or after `from`, or `end`. */
function afterNextResult(text: string, from: number, end: number): number {
  let at = nextToken(text, from, end);
  while (at < end) {
    const stop = tokenEnd(text, at, end);
    if (stop - at <= 7 && RESULTS.has(text.slice(at, stop))) return stop;
    at = nextToken(text, stop, end);
  }
  return end;
}

/** The longest run of characters that is still one token of PGN (`Nbxd7+!?`, `1/2-1/2`). */
const LONGEST_WORD = 8;

/** Tokens the lexer makes of the token from `at` to `stop`, near enough (see above). */
function tokenWeight(text: string, at: number, stop: number): number {
  const length = stop - at;
  if (length <= LONGEST_WORD) return 1;
  const code = text.charCodeAt(at);
  // A comment or a string is one token however long.
  if (code === 123 || code === 59 || code === 34) return 1;
  return Math.ceil(length / 2);
}

/** The part of `[start, end)` to read in one go, holding at most `maxTokens` tokens. */
export function sectionPart(text: string, start: number, end: number, maxTokens: number): SectionPart {
  // Every token takes a character and most a separator too: a short section cannot hold too many.
  if (end - start <= maxTokens) return { end };
  let tokens = 0;
  let afterResult = false;
  let lastCut = -1;
  let at = nextToken(text, start, end);
  while (at < end) {
    const stop = tokenEnd(text, at, end);
    if (afterResult && isMoveNumber(text, at, stop)) lastCut = at;
    if (tokens >= maxTokens) {
      if (lastCut > start) return { end: lastCut };
      return { end: at, overlong: { skipTo: afterNextResult(text, at, end) } };
    }
    tokens += tokenWeight(text, at, stop);
    afterResult = stop - at <= 7 && RESULTS.has(text.slice(at, stop));
    at = nextToken(text, stop, end);
  }
  return { end };
}
