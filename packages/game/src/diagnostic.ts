/** Diagnostics in the shape ARCHITECTURE.md promises to scripts (codes are stable, kebab-case). */
import type { ProblemCode, SourceSpan } from '@zapis/notation';

export type Severity = 'error' | 'warning' | 'info';

/** Every code a diagnostic of @zapis/game can carry: its own and the parser's syntax problems. */
export type DiagnosticCode = GameCode | ProblemCode;

export interface Diagnostic {
  readonly severity: Severity;
  readonly code: DiagnosticCode;
  readonly message: string;
  /** Set by whoever read the file; empty for text that came from elsewhere. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly offset: number;
  readonly length: number;
  /** 1-based: 1.e4 is ply 1, 1...e5 ply 2. */
  readonly ply?: number;
  readonly moveNumber?: number;
  readonly side?: 'white' | 'black';
  /** The position before the move. */
  readonly fen?: string;
  /** The token as written. */
  readonly text?: string;
  /** Legal moves close to what was written, as standard SAN. */
  readonly candidates?: readonly string[];
  /** What would fix it, as standard SAN or a sentence. */
  readonly suggestions?: readonly string[];
}

/** Where a ply stands in the game: the fields every move diagnostic carries. */
export interface PlyContext {
  readonly ply: number;
  readonly moveNumber: number;
  readonly side: 'white' | 'black';
  readonly fen: string;
}

export function diagnosticAt(
  severity: Severity,
  code: DiagnosticCode,
  message: string,
  span: SourceSpan,
  file: string,
  extra: Partial<Omit<Diagnostic, 'severity' | 'code' | 'message' | 'line' | 'column' | 'offset' | 'length' | 'file'>> = {},
): Diagnostic {
  return { severity, code, message, file, line: span.line, column: span.column, offset: span.offset, length: span.length, ...extra };
}

/** Stable codes of @zapis/game, with what each means. */
export const GAME_CODES = {
  'illegal-move': 'a piece of that kind can reach the square, but the move would leave the king in check or castling is not allowed',
  'no-piece-can-reach': 'no piece of that kind can reach the square',
  'ambiguous-move': 'more than one legal move fits what was written',
  'wrong-piece-letter': 'the move is written with a letter that is not a piece letter of the game\'s language',
  'missing-promotion-piece': 'a pawn reaches the last rank but the new piece is not written',
  'missing-destination-rank': 'a pawn capture names the file it captures on but not the square (`exd` for exd5)',
  'moves-after-end': 'moves follow a checkmate or stalemate',
  'result-contradicts-board': 'the result contradicts the mate or stalemate on the board',
  'result-tag-mismatch': 'the Result tag and the result after the moves differ',
  'missing-termination': 'the moves end without a termination marker, though the Result tag says the game was decided',
  'missing-capture-mark': 'a capture written without x or :',
  'extra-capture-mark': 'x or : on a move that captures nothing',
  'missing-check-mark': 'a checking move written without +',
  'extra-check-mark': 'a check mark on a move that gives no check',
  'missing-mate-mark': 'a mating move written without #, ++ or X',
  'false-mate-mark': 'a mate mark on a move that gives check but not mate',
  'over-disambiguation': 'more of the origin square written than SAN needs',
  'extra-en-passant-mark': 'e.p. after a move that is not an en-passant capture',
  'invalid-fen-tag': 'the FEN tag does not describe a valid position',
  'null-move': 'a null move: the game cannot be replayed past it',
  'move-number-mismatch': 'the move number written before a move is not that move\'s number',
  'variation-too-deep': 'variations nested deeper than the replay follows',
} as const;

export type GameCode = keyof typeof GAME_CODES;
