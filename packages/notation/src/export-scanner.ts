/**
 * A visitor over one game written in the PGN export format's plain subset:
 * `[Name "value"]` tag lines, move numbers, SAN tokens, comments, NAGs and a
 * result — what nearly every archive holds. It allocates nothing the visitor
 * does not ask for, so archive validation reads most games without building
 * a tree. Anything outside the subset (variations, `%` lines,
 * unknown characters, text after the result, no result) makes it give up,
 * and the caller reads the game with the full grammar instead — so the
 * subset never has to explain a problem, only to recognise its absence.
 * Tag values are read as the grammar reads them, escapes included.
 */

export interface ExportGameVisitor {
  /** A tag pair. Return false to give up on the game. */
  tag(name: string, value: string): boolean;
  /**
   * A move token, `text.slice(start, end)`, without the `!`/`?` glyphs after it.
   * Return false to give up on the game.
   */
  move(text: string, start: number, end: number): boolean;
}

export interface ExportScan {
  /** Offset of the game's first character (its first tag or move). */
  readonly start: number;
  /** The termination marker: `1-0`, `0-1`, `1/2-1/2` or `*`. */
  readonly result: string;
  /** Offset of the termination marker. */
  readonly resultOffset: number;
  /**
   * Where the game's section ends, as splitSections would cut it: at the next
   * game's `[`, or at the end of the scanned range.
   */
  readonly end: number;
}

import { commonTagNameAt, tagNameAt } from './tag-names.js';
import { unescapeTagValue } from './text-scan.js';

const isSpace = (code: number): boolean => code === 32 || code === 10 || code === 13 || code === 9;
const isDigit = (code: number): boolean => code >= 48 && code <= 57;
/** Past this, a move number stops being read (and cannot match). */
const MAX_MOVE_NUMBER = 100_000;
const isTagNameCode = (code: number): boolean =>
  (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || isDigit(code) || code === 95;

/**
 * SAN_CODES[c]: c is a character SAN tokens are made of — a–h, 1–8, x = + # and -,
 * and any capital letter: the piece letters of English and of the other
 * languages written with one Latin letter a piece (`Sf3`), and O of castling.
 * Whether a letter means a piece is the visitor's to decide.
 */
const SAN_CODES = new Uint8Array(128);
for (const character of 'abcdefgh12345678x=+#-ABCDEFGHIJKLMNOPQRSTUVWXYZ') SAN_CODES[character.charCodeAt(0)] = 1;
const isSanCode = (code: number): boolean => code < 128 && SAN_CODES[code] === 1;

const RESULTS = ['1-0', '0-1', '1/2-1/2', '*'];
/** As the lexer's Nag token reads them. */
const MAX_NAG_DIGITS = 5;

/** A result marker starting at `at` and ending at a space or the end; its text, or undefined. */
function resultAt(text: string, at: number, end: number): string | undefined {
  for (const result of RESULTS) {
    const after = at + result.length;
    if (after <= end && text.startsWith(result, at) && (after === end || isSpace(text.charCodeAt(after)))) return result;
  }
  return undefined;
}

/** Where a game's parts begin, as scanExportTags found them. */
export interface ExportTags {
  /** Offset of the game's first character (its first tag or move). */
  readonly first: number;
  /** Offset where its move text begins (after the tags and the white space after them). */
  readonly moves: number;
}

/**
 * Scans the tag section of the game that starts at `start` (a section start)
 * in the plain export subset, calling visitor.tag in order; undefined when it
 * is outside the subset or the visitor gave up.
 */
export function scanExportTags(text: string, start: number, end: number, visitor: Pick<ExportGameVisitor, 'tag'>): ExportTags | undefined {
  let at = start;
  while (at < end && isSpace(text.charCodeAt(at))) at++;
  const first = at;
  // Tag section: `[Name "value"]`, one per line.
  while (at < end && text.charCodeAt(at) === 91) {
    const nameStart = ++at;
    let name = commonTagNameAt(text, nameStart);
    if (name !== undefined) at += name.length;
    else {
      while (at < end && isTagNameCode(text.charCodeAt(at))) at++;
      // A name starting with a digit lexes as a move number, not a tag name: the full grammar reports it.
      if (at === nameStart || isDigit(text.charCodeAt(nameStart))) return undefined;
      name = tagNameAt(text, nameStart, at);
    }
    if (text.charCodeAt(at) !== 32 || text.charCodeAt(at + 1) !== 34) return undefined;
    const valueStart = at + 2;
    at = valueStart;
    let escaped = false;
    while (at < end) {
      const code = text.charCodeAt(at);
      if (code === 34) break;
      if (code === 92) {
        // As the grammar lexes a string: a backslash takes the next character with it (`\"` and `\\` are escapes, the rest stay).
        const next = text.charCodeAt(at + 1);
        if (at + 1 >= end || next === 10 || next === 13) return undefined;
        escaped = true;
        at += 2;
        continue;
      }
      if (code === 10 || code === 13) return undefined; // a broken line: the full grammar
      at++;
    }
    if (at + 1 >= end || text.charCodeAt(at + 1) !== 93) return undefined;
    const value = text.slice(valueStart, at);
    if (!visitor.tag(name, escaped ? unescapeTagValue(value) : value)) return undefined;
    at += 2;
    while (at < end && isSpace(text.charCodeAt(at))) at++;
  }
  return { first, moves: at };
}

/**
 * Scans the move text that starts at `at` (where scanExportTags left off, for
 * the game whose first character is at `first`) in the plain export subset,
 * calling visitor.move in order. The game must end with a result followed
 * only by white space up to the next `[` or `end`. Returns undefined when the
 * game is outside the subset or the visitor gave up.
 */
export function scanExportMoves(text: string, at: number, end: number, first: number, visitor: Pick<ExportGameVisitor, 'move'>): ExportScan | undefined {
  // Move text. A move number must be followed by a move, and a NAG must follow one (else the grammar reports them).
  let sawMove = false;
  let numberPending = false;
  let moveCount = 0;
  while (at < end) {
    const code = text.charCodeAt(at);
    if (isSpace(code)) {
      at++;
      continue;
    }
    if (code === 123) {
      // A `[` inside a comment may start the next game (see braceCommentEnd): the full grammar decides.
      let close = at + 1;
      while (close < end) {
        const inside = text.charCodeAt(close);
        if (inside === 125) break;
        if (inside === 91) return undefined;
        close++;
      }
      if (close >= end) return undefined;
      at = close + 1;
      continue;
    }
    if (code === 36) {
      if (!sawMove) return undefined;
      at++;
      const digits = at;
      while (at < end && isDigit(text.charCodeAt(at))) at++;
      // The lexer reads at most five digits as the NAG: more would be a move number after it.
      if (at === digits || at - digits > MAX_NAG_DIGITS || (at < end && !isSpace(text.charCodeAt(at)))) return undefined;
      continue;
    }
    if (isDigit(code) || code === 42) {
      // Only `*`, `1-0`, `0-1` and `1/2-1/2` can be results: a move number has a digit or `.` second.
      const second = text.charCodeAt(at + 1);
      const result = code === 42 || second === 45 || second === 47 ? resultAt(text, at, end) : undefined;
      if (result !== undefined) {
        if (numberPending) return undefined;
        const resultOffset = at;
        at += result.length;
        while (at < end && isSpace(text.charCodeAt(at))) at++;
        return at === end || text.charCodeAt(at) === 91 ? { start: first, result, resultOffset, end: at } : undefined;
      }
      // A move number: digits, then `.` or `...`, then a space or the move. It must be the next move's number
      // (the subset starts from the standard position): the grammar warns about any other.
      if (numberPending) return undefined;
      numberPending = true;
      let number = 0;
      while (at < end && isDigit(text.charCodeAt(at)) && number <= MAX_MOVE_NUMBER) number = number * 10 + text.charCodeAt(at++) - 48;
      if (number !== (moveCount >> 1) + 1) return undefined;
      let dots = 0;
      while (at < end && text.charCodeAt(at) === 46) {
        at++;
        dots++;
      }
      if (dots !== 1 && dots !== 3) return undefined;
      continue;
    }
    const moveStart = at;
    while (at < end && isSanCode(text.charCodeAt(at))) at++;
    const moveEnd = at;
    while (at < end && (text.charCodeAt(at) === 33 || text.charCodeAt(at) === 63) && at - moveEnd < 2) at++;
    if (moveEnd === moveStart || (at < end && !isSpace(text.charCodeAt(at)))) return undefined;
    if (!visitor.move(text, moveStart, moveEnd)) return undefined;
    moveCount++;
    sawMove = true;
    numberPending = false;
  }
  return undefined; // no result: an unfinished game is the full grammar's to explain
}

/**
 * Scans the game that starts at `start` (a section start) in the plain export
 * subset, calling the visitor in order; `end` bounds the scan. The game must
 * end with a result followed only by white space up to the next `[` or `end`.
 * Returns undefined when the game is outside the subset or the visitor gave up.
 */
export function scanExportGame(text: string, start: number, end: number, visitor: ExportGameVisitor): ExportScan | undefined {
  const tags = scanExportTags(text, start, end, visitor);
  return tags && scanExportMoves(text, tags.moves, end, tags.first, visitor);
}
