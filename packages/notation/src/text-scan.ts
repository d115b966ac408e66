/**
 * Character-level helpers shared by the game splitter and the lexer, so both
 * agree on where comments, strings and lines end. No regular expressions:
 * loops and indexOf only, so hostile input cannot cause backtracking.
 */

export function isWhitespace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9 || code === 12 || code === 11 ||
    code === 0xa0 || code === 0xfeff || (code >= 0x2000 && code <= 0x200b) || code === 0x3000;
}

export const isLineBreak = (code: number): boolean => code === 10 || code === 13;

export function isLineStart(text: string, at: number): boolean {
  return at === 0 || isLineBreak(text.charCodeAt(at - 1));
}

/** Offset of the first line break at or after `from` (or the text's end). */
export function lineEnd(text: string, from: number, limit = text.length): number {
  let at = from;
  while (at < limit) {
    const code = text.charCodeAt(at);
    if (code === 10 || code === 13) return at;
    at++;
  }
  return limit;
}

/**
 * indexOf with memory: scanning for the same character from increasing
 * offsets reuses the last answer, so many searches over one text stay linear
 * even when the character is rare or absent.
 */
class ForwardSearch {
  private text = '';
  private from = 0;
  private found = -1;

  constructor(private readonly needle: string) {}

  next(text: string, from: number): number {
    if (text === this.text && from >= this.from && (this.found === -1 || this.found >= from)) return this.found;
    this.text = text;
    this.from = from;
    this.found = text.indexOf(this.needle, from);
    return this.found;
  }
}

const closeBrace = new ForwardSearch('}');
const openBracket = new ForwardSearch('[');

const isTagNameCode = (code: number): boolean =>
  (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 95;

/** `[Name "` at a line start: the next game's tag section, even inside an unclosed comment. */
export function looksLikeTagLine(text: string, at: number, limit = text.length): boolean {
  if (!isLineStart(text, at) || text.charCodeAt(at) !== 91) return false;
  let cursor = at + 1;
  const nameStart = cursor;
  while (cursor < limit && cursor - nameStart < 64 && isTagNameCode(text.charCodeAt(cursor))) cursor++;
  if (cursor === nameStart) return false;
  const spaces = cursor;
  while (cursor < limit && (text.charCodeAt(cursor) === 32 || text.charCodeAt(cursor) === 9)) cursor++;
  return cursor > spaces && text.charCodeAt(cursor) === 34;
}

/**
 * End (exclusive) of the brace comment opening at `open`. A comment is closed
 * by `}`; when a line that looks like a tag pair comes first, or the text
 * ends, the comment is unterminated and stops there so the next game survives.
 */
export function braceCommentEnd(text: string, open: number, limit = text.length): number {
  let close = closeBrace.next(text, open + 1);
  if (close >= limit) close = -1;
  const bound = close >= 0 ? close : limit;
  let from = open + 1;
  while (true) {
    const bracket = openBracket.next(text, from);
    if (bracket < 0 || bracket >= bound) break;
    if (looksLikeTagLine(text, bracket, limit)) return bracket;
    from = bracket + 1;
  }
  return close >= 0 ? close + 1 : limit;
}

/**
 * End (exclusive) of the string opening at `open`: after the closing quote,
 * or at the line's end when unterminated (PGN strings hold no line breaks).
 * `\"` and `\\` are escapes.
 */
export function stringEnd(text: string, open: number, limit = text.length): number {
  let at = open + 1;
  while (at < limit) {
    const code = text.charCodeAt(at);
    if (code === 34) return at + 1;
    if (code === 10 || code === 13) return at;
    if (code === 92 && at + 1 < limit && !isLineBreak(text.charCodeAt(at + 1))) at += 2;
    else at++;
  }
  return limit;
}

/** End (exclusive) of a tag pair opening at `open`: after `]`, or at the line's end. */
export function tagEnd(text: string, open: number, limit = text.length): number {
  let at = open + 1;
  while (at < limit) {
    const code = text.charCodeAt(at);
    if (code === 93) return at + 1;
    if (code === 10 || code === 13) return at;
    if (code === 34) at = stringEnd(text, at, limit);
    else at++;
  }
  return limit;
}

/** A tag value as written between its quotes, with the escapes `\"` and `\\` read (other backslashes stay). */
export function unescapeTagValue(raw: string): string {
  if (raw.indexOf('\\') < 0) return raw;
  let out = '';
  for (let at = 0; at < raw.length; at++) {
    const char = raw[at];
    if (char === '\\' && (raw[at + 1] === '"' || raw[at + 1] === '\\')) out += raw[++at];
    else out += char;
  }
  return out;
}
