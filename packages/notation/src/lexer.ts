/**
 * The chevrotain lexer for PGN and move text. Every token with a non-trivial
 * shape uses a hand-written matcher (no regular-expression backtracking on
 * hostile input) with start-character hints, so chevrotain's first-character
 * dispatch stays on. Characters no token accepts become lexing errors, which
 * the parser reports as 'unknown-token' problems.
 */
import type { CustomPatternMatcherReturn, ITokenConfig, Lexer, TokenType } from 'chevrotain';
import { chevrotain } from './chevrotain-runtime.js';
import { ALL_PIECE_LETTERS } from './languages.js';
import { emptyShape, isMoveBoundary, scanMove } from './move-shape.js';
import { braceCommentEnd, isLineStart, isWhitespace, lineEnd, stringEnd } from './text-scan.js';

type Matcher = (text: string, offset: number) => CustomPatternMatcherReturn | null;

const matched = (text: string, start: number, end: number): CustomPatternMatcherReturn | null =>
  end > start ? [text.slice(start, end)] : null;

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, index) => from + index);

const WHITESPACE_CHARS = [32, 9, 10, 13, 12, 11, 0xa0, 0xfeff, ...range(0x2000, 0x200b), 0x3000];

const matchWhitespace: Matcher = (text, offset) => {
  let end = offset;
  while (end < text.length && isWhitespace(text.charCodeAt(end))) end++;
  return matched(text, offset, end);
};

/** Move-quality glyphs written after a move: ! ? !! ?? !? ?! and their one-character forms. */
export const GLYPH_VALUES: Readonly<Record<string, number>> = {
  '!': 1, '?': 2, '!!': 3, '??': 4, '!?': 5, '?!': 6, '‼': 3, '⁇': 4, '⁉': 5, '⁈': 6,
};

/** Evaluation symbols as printed in books, with their NAG numbers (PGN 10). */
export const SYMBOL_VALUES: Readonly<Record<string, number>> = {
  '=': 10, '∞': 13, '+=': 14, '+/=': 14, '⩲': 14, '=+': 15, '=/+': 15, '⩱': 15, '±': 16, '+/-': 16, '∓': 17, '-/+': 17,
  '+-': 18, '+−': 18, '-+': 19, '−+': 19, '□': 7, '=∞': 44, '∆': 140, '→': 36, '↑': 32,
};

/** PGN's token types; `all` lists them in the order chevrotain tries them, which matters: the first match wins. */
export interface PgnTokens {
  readonly WhiteSpace: TokenType;
  readonly EscapeLine: TokenType;
  readonly BraceComment: TokenType;
  readonly LineComment: TokenType;
  readonly TagString: TokenType;
  readonly DrawOffer: TokenType;
  readonly LParen: TokenType;
  readonly RParen: TokenType;
  readonly LBracket: TokenType;
  readonly RBracket: TokenType;
  readonly Nag: TokenType;
  readonly Glyph: TokenType;
  readonly Result: TokenType;
  readonly Move: TokenType;
  readonly NullMove: TokenType;
  readonly MoveNumber: TokenType;
  readonly Ellipsis: TokenType;
  readonly EnPassantMark: TokenType;
  readonly EvaluationSymbol: TokenType;
  readonly Word: TokenType;
  readonly all: readonly TokenType[];
}

/** A token type as chevrotain is given it, made on first use; `skipped` tokens are matched and dropped. */
type TokenSpec = ITokenConfig & { readonly skipped?: boolean };

const WhiteSpaceSpec: TokenSpec = {
  name: 'WhiteSpace', pattern: { exec: matchWhitespace }, start_chars_hint: WHITESPACE_CHARS, line_breaks: true,
  skipped: true,
};

/** `%` in the first column: the rest of the line is for programs, not readers (PGN 6). */
const EscapeLineSpec: TokenSpec = {
  name: 'EscapeLine',
  pattern: { exec: (text, offset) => (isLineStart(text, offset) ? matched(text, offset, lineEnd(text, offset)) : null) },
  start_chars_hint: ['%'], line_breaks: false, skipped: true,
};

const BraceCommentSpec: TokenSpec = {
  name: 'BraceComment', pattern: { exec: (text, offset) => matched(text, offset, braceCommentEnd(text, offset)) },
  start_chars_hint: ['{'], line_breaks: true,
};

const LineCommentSpec: TokenSpec = {
  name: 'LineComment', pattern: { exec: (text, offset) => matched(text, offset, lineEnd(text, offset)) },
  start_chars_hint: [';'], line_breaks: false,
};

const TagStringSpec: TokenSpec = {
  name: 'TagString', pattern: { exec: (text, offset) => matched(text, offset, stringEnd(text, offset)) },
  start_chars_hint: ['"'], line_breaks: false,
};

const DrawOfferSpec: TokenSpec = { name: 'DrawOffer', pattern: /\(=\)/ };
const LParenSpec: TokenSpec = { name: 'LParen', pattern: /\(/ };
const RParenSpec: TokenSpec = { name: 'RParen', pattern: /\)/ };
const LBracketSpec: TokenSpec = { name: 'LBracket', pattern: /\[/ };
const RBracketSpec: TokenSpec = { name: 'RBracket', pattern: /]/ };

const isDigit = (code: number): boolean => code >= 48 && code <= 57;

const NagSpec: TokenSpec = {
  name: 'Nag',
  pattern: {
    exec: (text, offset) => {
      let end = offset + 1;
      while (end < text.length && end - offset < 6 && isDigit(text.charCodeAt(end))) end++;
      return end > offset + 1 ? matched(text, offset, end) : null;
    },
  },
  start_chars_hint: ['$'], line_breaks: false,
};

const GlyphSpec: TokenSpec = {
  name: 'Glyph',
  pattern: {
    exec: (text, offset) => {
      const code = text.charCodeAt(offset);
      if (code >= 0x203c) return matched(text, offset, offset + 1);
      const next = text.charCodeAt(offset + 1);
      return matched(text, offset, offset + (next === 33 || next === 63 ? 2 : 1));
    },
  },
  start_chars_hint: ['!', '?', '‼', '⁇', '⁉', '⁈'], line_breaks: false,
};

const RESULT_TEXTS = ['1-0', '0-1', '1/2-1/2', '½-½', '1–0', '0–1', '½–½', '1/2–1/2', '*'];

const isWordCode = (code: number): boolean =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 ||
  (code >= 0xc0 && code <= 0x24f && code !== 0xd7 && code !== 0xf7) || (code >= 0x400 && code <= 0x4ff);

/** What may follow the first character of a PGN symbol: word characters and + # = : - /. */
const isWordTail = (code: number): boolean =>
  isWordCode(code) || code === 43 || code === 35 || code === 61 || code === 58 || code === 45 || code === 47;

const ResultSpec: TokenSpec = {
  name: 'Result',
  pattern: {
    exec: (text, offset) => {
      for (const result of RESULT_TEXTS) {
        if (!text.startsWith(result, offset)) continue;
        const end = offset + result.length;
        if (end < text.length && isWordCode(text.charCodeAt(end))) return null;
        return [result];
      }
      return null;
    },
  },
  start_chars_hint: ['1', '0', '½', '*'], line_breaks: false,
};

const shape = emptyShape();
const FILES = [...'abcdefgh'.split(''), 'а', 'с', 'е'];
const FIGURINES = range(0x2654, 0x265f);

const MoveSpec: TokenSpec = {
  name: 'Move',
  pattern: {
    exec: (text, offset) => matched(text, offset, scanMove(text, offset, text.length, shape)),
  },
  start_chars_hint: [...FILES, 'O', '0', 'o', ...new Set(ALL_PIECE_LETTERS.map((letter) => letter[0])), ...FIGURINES],
  line_breaks: false,
};

const NullMoveSpec: TokenSpec = {
  name: 'NullMove',
  pattern: {
    exec: (text, offset) => {
      const isNull = text.startsWith('--', offset) || text.startsWith('Z0', offset);
      if (!isNull || (offset + 2 < text.length && !isMoveBoundary(text.charCodeAt(offset + 2)))) return null;
      return [text.slice(offset, offset + 2)];
    },
  },
  start_chars_hint: ['-', 'Z'], line_breaks: false,
};

/**
 * `12`, `12.`, `12...` (the dots of `12 ...` come as a separate Ellipsis token).
 * Digits glued to a letter with no dot between (`6b6`, `5f6`) are one PGN symbol,
 * not a number and a move: the Word token takes them, and they are reported
 * where they stand instead of being split into a guess.
 */
const MoveNumberSpec: TokenSpec = {
  name: 'MoveNumber',
  pattern: {
    exec: (text, offset) => {
      let end = offset;
      while (end < text.length && isDigit(text.charCodeAt(end))) end++;
      if (end === offset) return null;
      const digitsEnd = end;
      while (end < text.length && (text.charCodeAt(end) === 46 || text.charCodeAt(end) === 0x2026)) end++;
      if (end === digitsEnd && end < text.length && isWordTail(text.charCodeAt(end))) return null;
      return matched(text, offset, end);
    },
  },
  start_chars_hint: range(48, 57), line_breaks: false,
};

const EllipsisSpec: TokenSpec = {
  name: 'Ellipsis',
  pattern: {
    exec: (text, offset) => {
      let end = offset;
      while (end < text.length && (text.charCodeAt(end) === 46 || text.charCodeAt(end) === 0x2026)) end++;
      return matched(text, offset, end);
    },
  },
  start_chars_hint: ['.', '…'], line_breaks: false,
};

/** `e.p.` or `ep` written apart from its move (`exd6 e.p.`). */
const EnPassantMarkSpec: TokenSpec = {
  name: 'EnPassantMark',
  pattern: {
    exec: (text, offset) => {
      const length = text.startsWith('e.p.', offset) ? 4 : text.startsWith('ep', offset) ? 2 : 0;
      if (length === 0 || (offset + length < text.length && !isMoveBoundary(text.charCodeAt(offset + length)))) return null;
      return [text.slice(offset, offset + length)];
    },
  },
  start_chars_hint: ['e'], line_breaks: false,
};

const SYMBOLS_LONGEST_FIRST = Object.keys(SYMBOL_VALUES).sort((a, b) => b.length - a.length);

/** A symbol glued to a letter or digit after it (`=h4`) is not a symbol: the Word token takes the whole. */
const EvaluationSymbolSpec: TokenSpec = {
  name: 'EvaluationSymbol',
  pattern: {
    exec: (text, offset) => {
      for (const symbol of SYMBOLS_LONGEST_FIRST) {
        if (!text.startsWith(symbol, offset)) continue;
        const end = offset + symbol.length;
        return end < text.length && isWordCode(text.charCodeAt(end)) ? null : [symbol];
      }
      return null;
    },
  },
  start_chars_hint: [...new Set(SYMBOLS_LONGEST_FIRST.map((symbol) => symbol[0]))], line_breaks: false,
};

const WORD_START_HINT = [...range(48, 57), ...range(65, 90), ...range(97, 122), 95, ...range(0xc0, 0x24f), ...range(0x400, 0x4ff), 43, 35, 61, 58, 45, 47]
  .filter((code) => code !== 0xd7 && code !== 0xf7);

/**
 * Any other word (a PGN symbol): tag names; in move text it is reported as an
 * unknown token. A word may also start with the symbol characters a move or
 * an evaluation can carry (`=h4`, `+Nf3`, `:d5`), so that such a run is one
 * unknown token where it stands, never a stray character and a move played.
 */
const WordSpec: TokenSpec = {
  name: 'Word',
  pattern: {
    exec: (text, offset) => {
      const first = text.charCodeAt(offset);
      if (!isWordCode(first) && !(isWordTail(first) && isWordCode(text.charCodeAt(offset + 1)))) return null;
      let end = offset + 1;
      while (end < text.length && isWordTail(text.charCodeAt(end))) end++;
      return matched(text, offset, end);
    },
  },
  start_chars_hint: WORD_START_HINT, line_breaks: false,
};

function createPgnTokens(): PgnTokens {
  const { createToken, Lexer } = chevrotain();
  const make = ({ skipped, ...config }: TokenSpec): TokenType => createToken(skipped ? { ...config, group: Lexer.SKIPPED } : config);
  const tokens = {
    WhiteSpace: make(WhiteSpaceSpec),
    EscapeLine: make(EscapeLineSpec),
    BraceComment: make(BraceCommentSpec),
    LineComment: make(LineCommentSpec),
    TagString: make(TagStringSpec),
    DrawOffer: make(DrawOfferSpec),
    LParen: make(LParenSpec),
    RParen: make(RParenSpec),
    LBracket: make(LBracketSpec),
    RBracket: make(RBracketSpec),
    Nag: make(NagSpec),
    Glyph: make(GlyphSpec),
    Result: make(ResultSpec),
    Move: make(MoveSpec),
    NullMove: make(NullMoveSpec),
    MoveNumber: make(MoveNumberSpec),
    Ellipsis: make(EllipsisSpec),
    EnPassantMark: make(EnPassantMarkSpec),
    EvaluationSymbol: make(EvaluationSymbolSpec),
    Word: make(WordSpec),
  };
  return {
    ...tokens,
    // The order chevrotain tries them in (PgnTokens.all): the order they are listed in above.
    all: Object.values(tokens),
  };
}

let tokens: PgnTokens | undefined;

/** The token types, made on first use: chevrotain is loaded only by a run that needs the grammar. */
export function pgnTokens(): PgnTokens {
  tokens ??= createPgnTokens();
  return tokens;
}

let lexer: Lexer | undefined;

/** The lexer, built on first use: a run whose games all take the replay kernel's fast lane never pays for building it. */
export function pgnLexer(): Lexer {
  lexer ??= new (chevrotain().Lexer)([...pgnTokens().all], {
    positionTracking: 'onlyOffset',
    ensureOptimizations: true,
    skipValidations: true,
  });
  return lexer;
}
