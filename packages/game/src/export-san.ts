/**
 * Resolves a token written in export SAN (`Nbd2`, `exd6`, `e8=Q+`, `O-O-O#`)
 * against the position, and accepts it only if it is exactly the SAN of the
 * move it names: the capture mark present iff it captures, the minimal
 * disambiguation, the check or mate mark right. The candidates come from the
 * target square's attackers, not from generating every legal move. Any doubt
 * answers NOT_EXPORT_SAN and the caller takes the full, explaining path.
 */
import { hasLegalMove, isCastle, moveFrom, moveTo, type GameHistory, type Move, type Position } from '@zapis/core';
import {
  KIND_EN_PASSANT, disambiguationOf, generateCastling, generateMovesTo, isCheckAfterMove, moveKind,
  movePromotionIndex, newMoveBuffer,
} from '@zapis/core/internal';

export const NOT_EXPORT_SAN = -1 as Move;

// Piece codes of @zapis/core's board (role in the low three bits).
const PAWN = 1;
const KING = 6; // never a promotion piece
/**
 * Role by character code of a language's piece letters (1 pawn … 6 king; 0 for
 * anything else). A typed table, as this runs for every token.
 */
export type PieceLetterTable = Uint8Array;

const ROLE_INDEX = { knight: 2, bishop: 3, rook: 4, queen: 5, king: 6 } as const;

/** The table of letters `K Q R B N`-style, one ASCII capital per piece; undefined for letters it cannot hold (`Кр`, `Ş`) or O, which is castling. */
export function pieceLetterTable(letters: Readonly<Record<keyof typeof ROLE_INDEX, string>>): PieceLetterTable | undefined {
  const table = new Uint8Array(128);
  for (const [role, index] of Object.entries(ROLE_INDEX) as [keyof typeof ROLE_INDEX, number][]) {
    const letter = letters[role];
    const code = letter.charCodeAt(0);
    if (letter.length !== 1 || code < 65 || code > 90 || letter === 'O' || table[code] !== 0) return undefined;
    table[code] = index;
  }
  return table;
}

/** English letters: what export SAN is written in. */
export const ENGLISH_LETTERS: PieceLetterTable = pieceLetterTable({ king: 'K', queen: 'Q', rook: 'R', bishop: 'B', knight: 'N' })!;
const ENGLISH_LETTER_OF_ROLE = ' PNBRQK';

const candidates = newMoveBuffer();

const fileOf = (code: number): number => (code >= 97 && code <= 104 ? code - 97 : -1);
const rankOf = (code: number): number => (code >= 49 && code <= 56 ? code - 49 : -1);

function castlingMove(position: Position, queenSide: boolean): Move {
  const count = generateCastling(position, candidates, 0);
  for (let i = 0; i < count; i++) {
    const move = candidates[i];
    if (!isCastle(move)) continue;
    if (((moveTo(move) & 7) < (moveFrom(move) & 7)) === queenSide) return move;
  }
  return NOT_EXPORT_SAN;
}

/** The move `text[start, end)` names when written in export SAN with the piece letters of `roles`, or NOT_EXPORT_SAN. */
function resolve(position: Position, text: string, start: number, end: number, inCheck: boolean, roles: PieceLetterTable): Move {
  let last = end;
  const mark = text.charCodeAt(last - 1);
  if (mark === 43 || mark === 35) last--; // + #
  if (text.charCodeAt(start) === 79) {
    const length = last - start;
    if (length === 3 && text.startsWith('O-O', start)) return castlingMove(position, false);
    if (length === 5 && text.startsWith('O-O-O', start)) return castlingMove(position, true);
    return NOT_EXPORT_SAN;
  }
  let promotion = 0;
  if (last - start >= 4 && text.charCodeAt(last - 2) === 61) {
    promotion = roles[text.charCodeAt(last - 1)] ?? 0; // undefined past the table
    if (promotion === 0 || promotion === KING) return NOT_EXPORT_SAN;
    last -= 2;
  }
  if (last - start < 2) return NOT_EXPORT_SAN;
  const toFile = fileOf(text.charCodeAt(last - 2));
  const toRank = rankOf(text.charCodeAt(last - 1));
  if (toFile < 0 || toRank < 0) return NOT_EXPORT_SAN;
  const to = toRank * 8 + toFile;
  const first = text.charCodeAt(start);
  const role = roles[first] || PAWN;
  if (role === PAWN && first >= 65 && first <= 90) return NOT_EXPORT_SAN; // a capital that is no piece letter here
  // Between the letter and the square: [file][rank][x].
  let at = role === PAWN ? start : start + 1;
  let middleEnd = last - 2;
  let capture = false;
  if (middleEnd - 1 >= at && text.charCodeAt(middleEnd - 1) === 120) {
    capture = true;
    middleEnd--;
  }
  let fromFile = -1;
  let fromRank = -1;
  const middle = middleEnd - at;
  if (middle > 2) return NOT_EXPORT_SAN;
  if (middle >= 1) {
    fromFile = fileOf(text.charCodeAt(at));
    if (fromFile >= 0) at++;
    if (at < middleEnd) fromRank = rankOf(text.charCodeAt(at++));
    if (at !== middleEnd || (middle === 2 && (fromFile < 0 || fromRank < 0)) || (middle === 1 && fromFile < 0 && fromRank < 0)) {
      return NOT_EXPORT_SAN;
    }
  }
  const board = position.board;
  const count = generateMovesTo(position, to, candidates, role, inCheck);
  let found: Move = NOT_EXPORT_SAN;
  for (let i = 0; i < count; i++) {
    const move = candidates[i];
    const from = moveFrom(move);
    if (movePromotionIndex(move) !== promotion) continue;
    if ((fromFile < 0 || (from & 7) === fromFile) && (fromRank < 0 || from >> 3 === fromRank)) {
      if (found !== NOT_EXPORT_SAN) return NOT_EXPORT_SAN; // ambiguous as written
      found = move;
    }
  }
  if (found === NOT_EXPORT_SAN) return NOT_EXPORT_SAN;
  const from = moveFrom(found);
  const captures = board[to] !== 0 || moveKind(found) === KIND_EN_PASSANT;
  if (capture !== captures) return NOT_EXPORT_SAN;
  if (role === PAWN) {
    // A pawn capture names its file and nothing more; a push names nothing.
    return captures ? (fromFile === (from & 7) && fromRank < 0 ? found : NOT_EXPORT_SAN) : middle === 0 ? found : NOT_EXPORT_SAN;
  }
  // Written exactly as much of the origin as SAN needs: none, the file, the rank, or both.
  const needed = disambiguationOf(position, found, candidates, count);
  const wantFile = needed === 'file' || needed === 'both';
  const wantRank = needed === 'rank' || needed === 'both';
  return (fromFile >= 0) === wantFile && (fromRank >= 0) === wantRank ? found : NOT_EXPORT_SAN;
}

/**
 * Replays export-SAN tokens on a game history, remembering whether the side to
 * move is in check (the mark test of each move learns it, and the next move's
 * legality test uses it).
 */
export class ExportSanReplay {
  private inCheck: boolean;

  /** `letters`: the piece letters the tokens are written with (English, export SAN's, by default). */
  constructor(readonly history: GameHistory, private readonly letters: PieceLetterTable = ENGLISH_LETTERS) {
    this.inCheck = history.position.isCheck();
  }

  /**
   * Plays the token if it is exactly the SAN of a legal move, check and mate
   * marks included; returns false (position untouched) otherwise.
   */
  play(text: string, start: number, end: number): boolean {
    const history = this.history;
    const position = history.position;
    const move = resolve(position, text, start, end, this.inCheck, this.letters);
    if (move === NOT_EXPORT_SAN) return false;
    history.playUnchecked(move);
    const mark = text.charCodeAt(end - 1);
    const check = isCheckAfterMove(position, move);
    const marked = mark === 43 ? 1 : mark === 35 ? 2 : 0;
    const wanted = !check ? 0 : hasLegalMove(position) ? 1 : 2;
    if (marked === wanted) {
      this.inCheck = check;
      return true;
    }
    history.undo();
    return false;
  }
}

/**
 * A token `resolve` accepted with the piece letters of `letters`, in English
 * letters: export SAN proper (`Sf3` → `Nf3`, `e8=H` → `e8=Q`).
 */
export function inEnglishLetters(text: string, start: number, end: number, letters: PieceLetterTable): string {
  // Only the first character (the piece) and the one after `=` (the promotion) can be letters.
  const first = text.charCodeAt(start);
  const piece = first < 128 ? letters[first] : 0;
  let english = piece !== 0 ? ENGLISH_LETTER_OF_ROLE[piece] + text.slice(start + 1, end) : text.slice(start, end);
  const equals = english.indexOf('=');
  if (equals >= 0 && equals + 1 < english.length) {
    const promoted = english.charCodeAt(equals + 1);
    const role = promoted < 128 ? letters[promoted] : 0;
    if (role !== 0) english = english.slice(0, equals + 1) + ENGLISH_LETTER_OF_ROLE[role] + english.slice(equals + 2);
  }
  return english;
}
