/**
 * The syntax tree @zapis/notation produces and @zapis/game gives meaning to.
 * Nothing here knows whether a move is legal: where a letter means different
 * pieces in different languages, a move token carries every reading and the
 * game package settles them by replaying.
 */
import type { ProblemCode } from './problems.js';

/** Where something stands in the source. Offsets are 0-based UTF-16 indices; line and column are 1-based. */
export interface SourceSpan {
  readonly offset: number;
  readonly length: number;
  readonly line: number;
  readonly column: number;
}

/** Language codes: docs/languages.md lists them with their letters. */
export type LanguageCode =
  | 'en' | 'pl' | 'de' | 'fr' | 'es' | 'it' | 'pt' | 'ro' | 'nl' | 'cs' | 'sk' | 'hu' | 'sv' | 'da' | 'no'
  | 'fi' | 'is' | 'et' | 'hr' | 'sr' | 'bs' | 'sl' | 'tr' | 'ru' | 'uk' | 'bg';

export type PieceRole = 'king' | 'queen' | 'rook' | 'bishop' | 'knight' | 'pawn';
export type PromotionPiece = 'queen' | 'rook' | 'bishop' | 'knight';

/**
 * One way to read a move token. A token whose letters mean the same in every
 * language has one reading with `languages: 'any'`; `Sf3` has a knight reading
 * (pl, de, sv, …) and a bishop reading (cs, sk).
 */
export interface MoveReading {
  /** Languages in which the token's letters mean this; 'any' when no letter depends on the language. */
  readonly languages: readonly LanguageCode[] | 'any';
  /** True when the piece was written as a figurine glyph. */
  readonly figurine: boolean;
  /** Castling, when the token is a castling token (then piece is 'king' and no squares are set). */
  readonly castle?: 'king' | 'queen';
  readonly piece: PieceRole;
  /** Origin file 0..7 (a..h) as written: SAN disambiguation, a pawn capture's file, or long form. */
  readonly fromFile?: number;
  /** Origin rank 0..7 as written. */
  readonly fromRank?: number;
  /** Destination square 0..63 (a1 = 0, h8 = 63); absent for castling and for a pawn capture written as `ed` (file only). */
  readonly to?: number;
  /** Destination file only, for the short pawn capture `ed` / `e:d` (allowed by FIDE Appendix C). */
  readonly toFile?: number;
  readonly promotion?: PromotionPiece;
  /**
   * Added by @zapis/notation: true for coordinate-only tokens (`g1f3`, `e7e8q`, form 'uci'). UCI names no piece,
   * so `piece` says 'pawn' only because no letter was written; match such readings by squares.
   */
  readonly anyPiece?: boolean;
}

export type CaptureMark = 'x' | ':' | 'none';
export type CheckMark = 'none' | '+' | '++' | '#' | 'X';
export type PromotionStyle = 'none' | '=' | 'plain' | '()' | '/';
export type MoveForm = 'san' | 'long' | 'uci';

export interface Comment {
  readonly text: string;
  readonly span: SourceSpan;
  /** `{…}` or `;…` to end of line. */
  readonly kind: 'brace' | 'line';
}

export interface Nag {
  /** The NAG number: `$n`, or the glyph's standard number (! 1, ? 2, !! 3, ?? 4, !? 5, ?! 6). */
  readonly value: number;
  readonly span: SourceSpan;
}

/** What every node of the move text carries: where it stands and what is written around it. */
export interface MoveTextNode {
  /** The token exactly as written, marks included. */
  readonly text: string;
  readonly span: SourceSpan;
  /** The move number written before this move, if any (`12.` or `12...`). */
  readonly moveNumber?: { readonly value: number; readonly dots: number; readonly span: SourceSpan };
  readonly nags: readonly Nag[];
  /** Comments that follow the move (before the next move). */
  readonly comments: readonly Comment[];
  /** Variations `( … )` that follow the move: alternatives to this move. */
  readonly variations: readonly Variation[];
}

/** A move as written, with what the grammar could tell about it. */
export interface MoveToken extends MoveTextNode {
  readonly kind: 'move';
  /** Never empty. */
  readonly readings: readonly MoveReading[];
  readonly form: MoveForm;
  readonly captureMark: CaptureMark;
  readonly checkMark: CheckMark;
  readonly promotionStyle: PromotionStyle;
  /** `e.p.` or `ep` followed the move. */
  readonly enPassantMark: boolean;
  /** `(=)` followed the move: a draw offer (FIDE Art. 9.1.2.2), not a promotion. */
  readonly drawOffer: boolean;
}

/** A null move `--` or `Z0` as some programs write it. */
export interface NullMoveToken extends MoveTextNode {
  readonly kind: 'null';
}

/**
 * A word written where a move stands that is no move in any language (`Rd9`, `6b6`, `Nc6=15`): it holds its ply, so
 * the moves after it keep their numbers and sides, and the replay stops at it. The `unknown-token` problem at the
 * same span says what it is.
 */
export interface UnreadableMoveToken extends MoveTextNode {
  readonly kind: 'unreadable';
}

export type MoveNode = MoveToken | NullMoveToken | UnreadableMoveToken;

export interface Variation {
  readonly span: SourceSpan;
  /** Comments before the variation's first move. */
  readonly comments: readonly Comment[];
  readonly moves: readonly MoveNode[];
}

export interface Tag {
  readonly name: string;
  /** Unescaped value. */
  readonly value: string;
  readonly span: SourceSpan;
}

export type ResultText = '1-0' | '0-1' | '1/2-1/2' | '*';

/** A problem the grammar found: unknown token, unterminated comment, unbalanced parentheses, … */
export interface SyntaxProblem {
  /** Stable kebab-case code, e.g. 'unknown-token', 'unterminated-comment', 'unclosed-variation'. */
  readonly code: ProblemCode;
  readonly message: string;
  readonly span: SourceSpan;
  /** The token as written (its first 80 characters), where the problem is one token. */
  readonly text?: string;
}

export interface ParsedGame {
  /** 1-based index of the game in its input. */
  readonly index: number;
  /** From the game's first character (first tag, or first move for bare move text). */
  readonly span: SourceSpan;
  readonly tags: readonly Tag[];
  /** Comments before the first move. */
  readonly comments: readonly Comment[];
  /** The mainline. */
  readonly moves: readonly MoveNode[];
  /** The game termination marker; `½-½` is reported as '1/2-1/2'. */
  readonly result?: { readonly text: ResultText; readonly span: SourceSpan };
  readonly problems: readonly SyntaxProblem[];
  /** Added by @zapis/notation: comments written after the termination marker (kept so nothing is lost). */
  readonly commentsAfterResult?: readonly Comment[];
}
