/**
 * English export SAN (`Nbxd7+`, `exd8=Q#`, `O-O-O`) rewritten in another SAN
 * style without a position. Export SAN of a legal move already says all that
 * SAN in any style says: the piece, its disambiguation, the capture, the
 * square, the promotion and the check or mate. So a converter that has
 * checked the moves (the fast lane of @zapis/game) need not describe them
 * again: it rewrites each token, and the same token always gives the same
 * text, which a SanRestyler remembers. The text is writeMove's for the move.
 * The one thing SAN does not show, en passant, is told by enPassantBySan.
 */
import type { PieceRole } from './ast.js';
import { pieceText, promotionMark, type MoveStyle } from './move-writer.js';

const ROLE_OF_LETTER: Readonly<Record<string, PieceRole>> = { N: 'knight', B: 'bishop', R: 'rook', Q: 'queen', K: 'king' };

/** Export SAN: castling, or piece, disambiguation, capture, square, promotion; then the check or mate mark. */
const EXPORT_SAN = /^(?:(O-O-O|O-O)|([NBRQK])?([a-h])?([1-8])?(x)?([a-h][1-8])(?:=([NBRQ]))?)([+#])?$/;

/**
 * The move written as English export SAN `san`, in `style`; undefined when the
 * style writes more than SAN shows (long form, UCI: they need the square a
 * piece leaves) or `san` is not export SAN. No en-passant mark is added.
 */
export function restyleSan(san: string, style: MoveStyle): string | undefined {
  if ((style.form ?? 'san') !== 'san') return undefined;
  const parts = EXPORT_SAN.exec(san);
  if (parts === null) return undefined;
  const [, castle, piece, file, rank, capture, square, promotion, mark] = parts;
  const marks = mark === '#' ? (style.mate ?? '#') : mark === '+' && style.check !== 'none' ? '+' : '';
  if (castle !== undefined) {
    const zero = style.castling === '0-0' ? '0' : 'O';
    return (castle === 'O-O' ? `${zero}-${zero}` : `${zero}-${zero}-${zero}`) + marks;
  }
  const captureMark = capture === undefined ? '' : (style.capture ?? 'x') === 'none' ? '' : (style.capture ?? 'x');
  const role = piece === undefined ? 'pawn' : ROLE_OF_LETTER[piece];
  const promoted = promotion === undefined ? '' : promotionMark(ROLE_OF_LETTER[promotion], style);
  return pieceText(role, style) + (file ?? '') + (rank ?? '') + captureMark + square + promoted + marks;
}

/** English export SAN's characters, numbered from 1: a token of up to six of them is one small integer. */
const SAN_SYMBOL = new Uint8Array(128);
[...'abcdefgh12345678x=+#-NBRQKO'].forEach((character, index) => (SAN_SYMBOL[character.charCodeAt(0)] = index + 1));
const MAX_PACKED = 6;

/**
 * restyleSan for one style, each token rewritten once: an archive repeats a
 * few thousand tokens endlessly. Tokens are looked up where they stand in the
 * text, by their characters packed into an integer, so a lookup makes no string.
 */
export class SanRestyler {
  private readonly packed = new Map<number, string | null>();
  private readonly long = new Map<string, string | null>();

  constructor(readonly style: MoveStyle) {}

  /** Whether the style is one SAN tokens can be rewritten into (see restyleSan). */
  get restyles(): boolean {
    return (this.style.form ?? 'san') === 'san';
  }

  restyle(san: string): string | undefined {
    return this.restyleAt(san, 0, san.length);
  }

  /** The token `text[start, end)` rewritten. */
  restyleAt(text: string, start: number, end: number): string | undefined {
    const key = packedKey(text, start, end);
    if (key < 0) {
      const token = text.slice(start, end);
      let known = this.long.get(token);
      if (known === undefined) this.long.set(token, (known = restyleSan(token, this.style) ?? null));
      return known ?? undefined;
    }
    let known = this.packed.get(key);
    if (known === undefined) this.packed.set(key, (known = restyleSan(text.slice(start, end), this.style) ?? null));
    return known ?? undefined;
  }
}

/** The token's characters packed five bits each, or -1 when it is too long or holds another character. */
function packedKey(text: string, start: number, end: number): number {
  if (end - start > MAX_PACKED) return -1;
  let key = 0;
  for (let at = start; at < end; at++) {
    const code = text.charCodeAt(at);
    const symbol = code < 128 ? SAN_SYMBOL[code] : 0;
    if (symbol === 0) return -1;
    key = key * 32 + symbol;
  }
  return key;
}

const FILE_A = 97;
const RANK_3 = 51;
const RANK_4 = 52;
const RANK_5 = 53;
const RANK_6 = 54;
const CAPTURE = 120;

/**
 * Whether export SAN `san`, played by white when `white`, right after the
 * export SAN `previous` in a legal game, takes en passant. It does exactly
 * when it is a pawn capture onto the square just behind a pawn that the
 * opponent has just moved: that square is empty whether the pawn came from it
 * or passed over it, and a legal capture onto an empty square is en passant.
 */
export function enPassantBySan(previous: string | undefined, san: string, white: boolean): boolean {
  if (previous === undefined || san.length < 4 || san.charCodeAt(1) !== CAPTURE) return false;
  const file = san.charCodeAt(0);
  if (file < FILE_A || file > FILE_A + 7) return false;
  const target = san.charCodeAt(2);
  const rank = san.charCodeAt(3);
  if (rank !== (white ? RANK_6 : RANK_3)) return false;
  // The opponent's move: a pawn's step to the target's file, one rank nearer the capturer (`d5`, `d5+`).
  const stepped = previous.length === 2 || (previous.length === 3 && (previous.charCodeAt(2) === 43 || previous.charCodeAt(2) === 35));
  return stepped && previous.charCodeAt(0) === target && previous.charCodeAt(1) === (white ? RANK_5 : RANK_4);
}
