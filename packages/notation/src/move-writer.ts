/**
 * Writes one move from a @zapis/core MoveDescription in any language profile
 * and style: SAN, long form or UCI; capture, castling, mate, promotion and
 * en-passant marks as players write them; letters or figurines.
 */
import { moveToUci, squareName, type MoveDescription } from '@zapis/core';
import type { CaptureMark, LanguageCode, MoveForm, PieceRole, PromotionStyle } from './ast.js';
import { languageProfile, letterOf, LANGUAGE_PROFILES } from './languages.js';

export interface MoveStyle {
  /** Piece letters of this language (default 'en'). Ignored when `figurine` is set. */
  readonly language?: LanguageCode;
  /** Figurine glyphs instead of letters: the white (♔) or black (♚) set; `true` means white. */
  readonly figurine?: boolean | 'white' | 'black';
  /** 'san' (default), 'long' (`Sg1-f3`, `e2-e4`, `e5:d6`) or 'uci' (`e7e8q`). */
  readonly form?: MoveForm;
  /** Capture mark (default 'x'); 'none' writes `ed5`, `Sd6`. */
  readonly capture?: CaptureMark;
  /** Between the squares of a non-capturing long-form move (default '-'). */
  readonly longSeparator?: '-' | '';
  readonly castling?: 'O-O' | '0-0';
  readonly check?: '+' | 'none';
  readonly mate?: '#' | 'X' | '++';
  readonly promotion?: Exclude<PromotionStyle, 'none'>;
  /** Mark after an en-passant capture (default none), written as a separate word: `exd6 e.p.`. */
  readonly enPassant?: 'none' | 'e.p.' | 'ep';
  /** UCI castling as king takes rook (Chess960), instead of the king's two-square step. */
  readonly chess960?: boolean;
}

const WHITE_FIGURINES: Readonly<Record<PieceRole, string>> = { king: '♔', queen: '♕', rook: '♖', bishop: '♗', knight: '♘', pawn: '' };
const BLACK_FIGURINES: Readonly<Record<PieceRole, string>> = { king: '♚', queen: '♛', rook: '♜', bishop: '♝', knight: '♞', pawn: '' };

const english = LANGUAGE_PROFILES[0];

export function pieceText(role: PieceRole, style: MoveStyle): string {
  if (style.figurine) return (style.figurine === 'black' ? BLACK_FIGURINES : WHITE_FIGURINES)[role];
  const profile = (style.language && languageProfile(style.language)) || english;
  return letterOf(profile, role);
}

function promotionText(description: MoveDescription, style: MoveStyle): string {
  return description.promotion ? promotionMark(description.promotion, style) : '';
}

/** How a promotion to `role` is written after the square, in the style's letters and promotion mark. */
export function promotionMark(role: PieceRole, style: MoveStyle): string {
  const letter = pieceText(role, style);
  switch (style.promotion ?? '=') {
    case '=': return `=${letter}`;
    case 'plain': return letter;
    case '()': return `(${letter})`;
    case '/': return `/${letter}`;
  }
}

function suffix(description: MoveDescription, style: MoveStyle): string {
  if (description.mate) return style.mate ?? '#';
  if (description.check) return style.check === 'none' ? '' : '+';
  return '';
}

/** The move as text in the given style (default: standard English SAN). */
export function writeMove(description: MoveDescription, style: MoveStyle = {}): string {
  const form = style.form ?? 'san';
  if (form === 'uci') return moveToUci(description.move, style.chess960 ?? false);
  const marks = suffix(description, style);
  if (description.castle) {
    const zero = style.castling === '0-0' ? '0' : 'O';
    return (description.castle === 'king' ? `${zero}-${zero}` : `${zero}-${zero}-${zero}`) + marks;
  }
  const from = squareName(description.from);
  const to = squareName(description.to);
  const captureMark = description.capture ? ((style.capture ?? 'x') === 'none' ? '' : (style.capture ?? 'x')) : '';
  let text = pieceText(description.piece, style);
  if (form === 'long') {
    text += from + (description.capture ? captureMark : (style.longSeparator ?? '-')) + to;
  } else {
    if (description.piece === 'pawn') {
      if (description.capture) text += from[0];
    } else if (description.disambiguation === 'file') text += from[0];
    else if (description.disambiguation === 'rank') text += from[1];
    else if (description.disambiguation === 'both') text += from;
    text += captureMark + to;
  }
  text += promotionText(description, style) + marks;
  if (description.enPassant && style.enPassant && style.enPassant !== 'none') text += ` ${style.enPassant}`;
  return text;
}

/** Polish as on a scoresheet: K H W G S, `:` for captures, `0-0`, `X` for mate, `d8H`. */
export const POLISH_STYLE: MoveStyle = { language: 'pl', capture: ':', castling: '0-0', mate: 'X', promotion: 'plain' };
/** Standard English SAN as PGN export format requires. */
export const STANDARD_SAN_STYLE: MoveStyle = { language: 'en', capture: 'x', castling: 'O-O', mate: '#', promotion: '=' };
