/**
 * Where sections start in raw bytes, exactly as splitSections of
 * @zapis/notation cuts the decoded text: a `[` outside comments, strings and
 * escape lines, after move text, starts the next section. Batches are cut
 * only there, so a game is read the same whatever the batch size or the
 * number of workers (the structural characters are ASCII, and UTF-8 never
 * uses ASCII bytes inside a longer character).
 *
 * The scanner is fed a growing buffer and resumes where it stopped: it waits
 * at a comment, tag, string or escape line that has not ended within the
 * bytes so far, so a boundary is never decided on a partial construct, and a
 * long comment is searched once, not again with every chunk.
 */
import { looksLikeTagLine } from './game-boundary.js';

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const SEMICOLON = 0x3b;
const PERCENT = 0x25;

/** The bytes that open a comment, escape line, tag or string: what the scanner stops at in move text. */
const OPENINGS = [OPEN_BRACE, SEMICOLON, PERCENT, OPEN_BRACKET, QUOTE];

/**
 * The next opening byte at or after an offset, by one native search per kind
 * of byte, each remembered until passed: in move text they are rare, so the
 * scanner jumps from one to the next instead of looking at every byte.
 */
class NextOpening {
  private readonly found = new Int32Array(OPENINGS.length).fill(-2);

  from(bytes: Uint8Array, at: number, end: number): number {
    let nearest = end;
    for (let kind = 0; kind < OPENINGS.length; kind++) {
      let position = this.found[kind];
      if (position !== -1 && position < at) {
        position = bytes.indexOf(OPENINGS[kind], at);
        this.found[kind] = position;
      }
      if (position >= 0 && position < nearest) nearest = position;
    }
    return nearest;
  }
}

/** Not decided within the bytes so far. */
const INCOMPLETE = -1;

const isLineBreak = (byte: number): boolean => byte === NEWLINE || byte === CARRIAGE_RETURN;

/**
 * How many bytes of white space (as the text splitter counts it) start at
 * `at`: ASCII space, tab, line breaks, form feed, vertical tab; and in UTF-8
 * no-break space, the byte-order mark, U+2000–U+200B and U+3000. A lone 0xA0
 * is Latin-1's no-break space. 0 when something else starts there.
 */
function whitespaceLength(bytes: Uint8Array, at: number, end: number): number {
  const byte = bytes[at];
  if (byte === 32 || byte === 10 || byte === 13 || byte === 9 || byte === 12 || byte === 11 || byte === 0xa0) return 1;
  if (byte < 0x80 || at + 1 >= end) return 0;
  const second = bytes[at + 1];
  if (byte === 0xc2) return second === 0xa0 ? 2 : 0;
  if (at + 2 >= end) return 0;
  const third = bytes[at + 2];
  if (byte === 0xef) return second === 0xbb && third === 0xbf ? 3 : 0;
  if (byte === 0xe2) return second === 0x80 && third >= 0x80 && third <= 0x8b ? 3 : 0;
  if (byte === 0xe3) return second === 0x80 && third === 0x80 ? 3 : 0;
  return 0;
}

/** The first line break at or after `from`, or INCOMPLETE (or `end` when final). */
function lineEnd(bytes: Uint8Array, from: number, end: number, final: boolean): number {
  for (let at = from; at < end; at++) if (isLineBreak(bytes[at])) return at;
  return final ? end : INCOMPLETE;
}

/** After the string opening at `open` (its closing quote, or its line's end): as stringEnd in text. */
function stringEnd(bytes: Uint8Array, open: number, end: number, final: boolean): number {
  let at = open + 1;
  while (at < end) {
    const byte = bytes[at];
    if (byte === QUOTE) return at + 1;
    if (isLineBreak(byte)) return at;
    if (byte === BACKSLASH && at + 1 < end && !isLineBreak(bytes[at + 1])) at += 2;
    else if (byte === BACKSLASH && at + 1 >= end && !final) return INCOMPLETE;
    else at++;
  }
  return final ? end : INCOMPLETE;
}

/** After the tag pair opening at `open` (its `]`, or its line's end): as tagEnd in text. */
function tagEnd(bytes: Uint8Array, open: number, end: number, final: boolean): number {
  let at = open + 1;
  while (at < end) {
    const byte = bytes[at];
    if (byte === CLOSE_BRACKET) return at + 1;
    if (isLineBreak(byte)) return at;
    if (byte === QUOTE) {
      at = stringEnd(bytes, at, end, final);
      if (at === INCOMPLETE) return INCOMPLETE;
    } else at++;
  }
  return final ? end : INCOMPLETE;
}

/** Section starts found so far, and where to go on. Offsets are into the buffer as last fed. */
export class SectionScanner {
  private at = 0;
  private sawMovetext = false;
  /** The brace comment being searched (its `{`), and how far its search for `[` got. */
  private commentOpen = -1;
  private commentSearched = 0;
  /** The last section start found after the buffer's first byte, or -1. */
  lastStart = -1;

  /**
   * Scans `bytes` on from where it stopped; `final` when no more bytes will
   * come. Stops early at the first section start at or after `enough` (a batch
   * long enough can be cut there).
   */
  scan(bytes: Uint8Array, final = false, enough = Infinity): void {
    const end = bytes.length;
    const nextOpening = new NextOpening();
    let at = this.at;
    while (at < end) {
      if (this.commentOpen >= 0) {
        const close = this.commentEnd(bytes, end, final);
        if (close === INCOMPLETE) break;
        at = close;
        continue;
      }
      const byte = bytes[at];
      let next: number;
      switch (byte) {
        case OPEN_BRACE:
          this.commentOpen = at;
          this.commentSearched = at + 1;
          continue;
        case SEMICOLON:
          next = lineEnd(bytes, at, end, final);
          break;
        case PERCENT:
          if (at === 0 || isLineBreak(bytes[at - 1])) next = lineEnd(bytes, at, end, final);
          else {
            this.sawMovetext = true;
            next = at + 1;
          }
          break;
        case OPEN_BRACKET:
          if (this.sawMovetext) {
            // Cut only where a line starts, so the batch's first line has the file's columns too.
            if (at > 0 && isLineBreak(bytes[at - 1])) this.lastStart = at;
            this.sawMovetext = false;
            if (this.lastStart >= enough) {
              // Resumed here, the `[` is read again as the tag it starts (no move text before it now).
              this.at = at;
              return;
            }
          }
          next = tagEnd(bytes, at, end, final);
          break;
        case QUOTE:
          this.sawMovetext = true;
          next = stringEnd(bytes, at, end, final);
          break;
        default: {
          if (this.sawMovetext) {
            // In move text only the bytes that open something matter: the native search jumps to the next one.
            next = nextOpening.from(bytes, at + 1, end);
            break;
          }
          const space = whitespaceLength(bytes, at, end);
          if (space === 0) this.sawMovetext = true;
          next = at + Math.max(1, space);
        }
      }
      if (next === INCOMPLETE) break;
      at = next;
    }
    this.at = at;
  }

  /**
   * The end of the open brace comment: after `}`, or at a tag-like line
   * before it (the comment is unterminated and the next game survives), or
   * INCOMPLETE while neither is in the bytes so far.
   */
  private commentEnd(bytes: Uint8Array, end: number, final: boolean): number {
    const found = bytes.indexOf(CLOSE_BRACE, this.commentOpen + 1);
    const close = found >= end ? -1 : found;
    const bound = close >= 0 ? close : end;
    let from = this.commentSearched;
    for (let bracket = bytes.indexOf(OPEN_BRACKET, from); bracket >= 0 && bracket < bound; bracket = bytes.indexOf(OPEN_BRACKET, from)) {
      if (isLineBreak(bytes[bracket - 1])) {
        // A tag-like line needs its name and the opening quote: wait for the rest of the line if it is not here.
        if (lineEnd(bytes, bracket, end, final) === INCOMPLETE) {
          this.commentSearched = bracket;
          return INCOMPLETE;
        }
        if (looksLikeTagLine(bytes, bracket, end)) return this.closeComment(bracket);
      }
      from = bracket + 1;
    }
    if (close >= 0) return this.closeComment(close + 1);
    if (final) return this.closeComment(end);
    this.commentSearched = end;
    return INCOMPLETE;
  }

  private closeComment(at: number): number {
    this.commentOpen = -1;
    return at;
  }

  /** The buffer lost its first `count` bytes (a batch was cut off): offsets move back. */
  dropPrefix(count: number): void {
    this.at -= count;
    if (this.commentOpen >= 0) {
      this.commentOpen -= count;
      this.commentSearched -= count;
    }
    this.lastStart = this.lastStart > count ? this.lastStart - count : -1;
  }
}
