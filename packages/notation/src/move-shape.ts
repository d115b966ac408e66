/**
 * The shape of a move token, language-blind: which characters are the piece
 * letter, the squares, the marks. One hand-written scanner (no regular
 * expression, so no backtracking) serves the lexer, which only needs the
 * token's length, and the reading step, which needs the parts.
 */
import type { CaptureMark, CheckMark, PromotionStyle } from './ast.js';
import { ALL_PIECE_LETTERS } from './languages.js';

export interface MoveShape {
  castle: 'king' | 'queen' | undefined;
  /** The piece letter(s) as written (`S`, `Кр`), or a figurine glyph; undefined for pawns without a letter. */
  piece: string | undefined;
  fromFile: number;
  fromRank: number;
  toFile: number;
  toRank: number;
  captureMark: CaptureMark;
  /** A `-` (or dash) between the squares of a long-form move. */
  dash: boolean;
  promotion: string | undefined;
  promotionStyle: PromotionStyle;
  enPassantMark: boolean;
  checkMark: CheckMark;
}

export function emptyShape(): MoveShape {
  return {
    castle: undefined, piece: undefined, fromFile: -1, fromRank: -1, toFile: -1, toRank: -1, captureMark: 'none',
    dash: false, promotion: undefined, promotionStyle: 'none', enPassantMark: false, checkMark: 'none',
  };
}

function resetShape(shape: MoveShape): void {
  shape.castle = undefined;
  shape.piece = undefined;
  shape.fromFile = shape.fromRank = shape.toFile = shape.toRank = -1;
  shape.captureMark = 'none';
  shape.dash = false;
  shape.promotion = undefined;
  shape.promotionStyle = 'none';
  shape.enPassantMark = false;
  shape.checkMark = 'none';
}

const SINGLE_LETTERS = new Set(ALL_PIECE_LETTERS.filter((letter) => letter.length === 1).map((letter) => letter.charCodeAt(0)));
const DOUBLE_LETTERS = ALL_PIECE_LETTERS.filter((letter) => letter.length === 2);
/** First characters of two-character letters (`Кр`), so most tokens skip that check. */
const DOUBLE_STARTS = new Set(DOUBLE_LETTERS.map((letter) => letter.charCodeAt(0)));
/** ASCII piece letters as a table: the hot path of every move token. */
const ASCII_LETTERS = new Uint8Array(128);
for (const code of SINGLE_LETTERS) if (code < 128) ASCII_LETTERS[code] = 1;

/** File 0..7 of a file letter, or -1. Cyrillic а, с, е (look-alikes typed in Russian texts) count as a, c, e. */
function fileOf(code: number): number {
  if (code >= 97 && code <= 104) return code - 97;
  if (code === 0x430) return 0;
  if (code === 0x441) return 2;
  if (code === 0x435) return 4;
  return -1;
}
const isFileCode = (code: number): boolean => fileOf(code) >= 0;
const isRankCode = (code: number): boolean => code >= 49 && code <= 56; // 1..8
const isFigurine = (code: number): boolean => code >= 0x2654 && code <= 0x265f;
const isDash = (code: number): boolean => code === 45 || code === 0x2013 || code === 0x2014; // - – —
const isCastleLetter = (code: number): boolean => code === 79 || code === 48 || code === 111; // O 0 o
/** UCI promotion letters (lowercase English), accepted directly after the destination. */
const isUciPromotion = (code: number): boolean => code === 113 || code === 114 || code === 98 || code === 110; // q r b n

/** Characters that may follow a move token: whitespace, brackets, comments, NAG and glyph starts, dots. */
export function isMoveBoundary(code: number): boolean {
  switch (code) {
    case 32: case 9: case 10: case 13: case 12: case 11: case 0xa0: case 0xfeff:
    case 123: case 125: case 40: case 41: case 91: case 93: case 59: case 36: case 33: case 63: case 34:
    case 46: case 44: case 0x2026:
      return true;
    default:
      return code >= 0x2000 && code <= 0x200b;
  }
}

/** Length of the piece letter at `at` (1 or 2), or 0. */
function pieceLetterLength(text: string, at: number): number {
  const code = text.charCodeAt(at);
  if (code < 128) return ASCII_LETTERS[code];
  if (isFigurine(code)) return 1;
  if (DOUBLE_STARTS.has(code)) for (const letter of DOUBLE_LETTERS) if (text.startsWith(letter, at)) return 2;
  return SINGLE_LETTERS.has(code) ? 1 : 0;
}

function scanChecks(text: string, at: number, shape: MoveShape): number {
  const code = text.charCodeAt(at);
  if (code === 43) {
    if (text.charCodeAt(at + 1) === 43) {
      shape.checkMark = '++';
      return at + 2;
    }
    shape.checkMark = '+';
    return at + 1;
  }
  if (code === 35 || code === 0x2021) {
    shape.checkMark = '#';
    return at + 1;
  }
  if (code === 88) {
    shape.checkMark = 'X';
    return at + 1;
  }
  return at;
}

function finish(text: string, at: number, limit: number, shape: MoveShape): number {
  const end = scanChecks(text, at, shape);
  return end >= limit || isMoveBoundary(text.charCodeAt(end)) ? end : -1;
}

function scanCastle(text: string, start: number, limit: number, shape: MoveShape): number {
  let at = start;
  if (!isCastleLetter(text.charCodeAt(at))) return -1;
  at++;
  if (!isDash(text.charCodeAt(at)) || !isCastleLetter(text.charCodeAt(at + 1))) return -1;
  at += 2;
  shape.castle = 'king';
  if (isDash(text.charCodeAt(at)) && isCastleLetter(text.charCodeAt(at + 1))) {
    at += 2;
    shape.castle = 'queen';
  }
  return finish(text, at, limit, shape);
}

function scanPromotion(text: string, at: number, shape: MoveShape): number {
  const code = text.charCodeAt(at);
  if (code === 61 || code === 47) {
    const length = pieceLetterLength(text, at + 1) || (isUciPromotion(text.charCodeAt(at + 1)) ? 1 : 0);
    if (length === 0) return at;
    shape.promotion = text.slice(at + 1, at + 1 + length);
    shape.promotionStyle = code === 61 ? '=' : '/';
    return at + 1 + length;
  }
  if (code === 40) {
    const length = pieceLetterLength(text, at + 1);
    if (length === 0 || text.charCodeAt(at + 1 + length) !== 41) return at;
    shape.promotion = text.slice(at + 1, at + 1 + length);
    shape.promotionStyle = '()';
    return at + 2 + length;
  }
  const length = pieceLetterLength(text, at) || (isUciPromotion(code) ? 1 : 0);
  if (length === 0) return at;
  shape.promotion = text.slice(at, at + length);
  shape.promotionStyle = 'plain';
  return at + length;
}

function scanEnPassant(text: string, at: number, shape: MoveShape): number {
  if (text.charCodeAt(at) !== 101 || (text.charCodeAt(at + 1) !== 112 && text.charCodeAt(at + 1) !== 46)) return at;
  if (text.startsWith('e.p.', at)) {
    shape.enPassantMark = true;
    return at + 4;
  }
  if (text.charCodeAt(at + 1) === 112) {
    shape.enPassantMark = true;
    return at + 2;
  }
  return at;
}

/**
 * Scans a move token starting at `start` (not reading past `limit`) and
 * fills `shape`. Returns the end offset, or -1 when the text there is not a
 * move token ending at a token boundary.
 */
export function scanMove(text: string, start: number, limit: number, shape: MoveShape): number {
  resetShape(shape);
  const first = text.charCodeAt(start);
  if (isCastleLetter(first)) {
    const end = scanCastle(text, start, limit, shape);
    if (end >= 0 || first !== 79) return end;
    resetShape(shape);
  }
  let at = start;
  const letterLength = pieceLetterLength(text, at);
  if (letterLength > 0) {
    shape.piece = text.slice(at, at + letterLength);
    at += letterLength;
  }
  let code = text.charCodeAt(at);
  let file1 = -1;
  let rank1 = -1;
  if (isFileCode(code)) {
    file1 = fileOf(code);
    code = text.charCodeAt(++at);
  }
  if (isRankCode(code)) {
    rank1 = code - 49;
    code = text.charCodeAt(++at);
  }
  if (code === 120 || code === 58 || code === 0xd7) {
    shape.captureMark = code === 58 ? ':' : 'x';
    code = text.charCodeAt(++at);
  } else if (isDash(code) && file1 >= 0 && rank1 >= 0) {
    shape.dash = true;
    code = text.charCodeAt(++at);
  }
  let file2 = -1;
  let rank2 = -1;
  if (isFileCode(code)) {
    file2 = fileOf(code);
    code = text.charCodeAt(++at);
  }
  if (isRankCode(code)) {
    rank2 = code - 49;
    at++;
  }
  const secondGroup = file2 >= 0 || rank2 >= 0;
  const marked = shape.captureMark !== 'none' || shape.dash;
  if (!secondGroup) {
    // A single square: `e4`, `Sf3`.
    if (marked || file1 < 0 || rank1 < 0) return -1;
    shape.toFile = file1;
    shape.toRank = rank1;
  } else if (rank2 < 0) {
    // The short pawn capture `ed` / `e:d` names files only.
    if (shape.piece !== undefined || file1 < 0 || rank1 >= 0 || file2 < 0) return -1;
    shape.fromFile = file1;
    shape.toFile = file2;
  } else {
    if (file2 < 0) return -1;
    if (shape.piece === undefined && file1 < 0) return -1;
    shape.fromFile = file1;
    shape.fromRank = rank1;
    shape.toFile = file2;
    shape.toRank = rank2;
  }
  if (at < limit) at = scanPromotion(text, at, shape);
  if (at < limit && shape.promotion === undefined) at = scanEnPassant(text, at, shape);
  if (at > limit) return -1;
  return finish(text, at, limit, shape);
}
