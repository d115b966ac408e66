/**
 * FEN in and out, with X-FEN (KQkq meaning the outermost rook, a file letter for an
 * inner one) and Shredder-FEN (always the rook's file) castling for Chess960.
 * Bad input is answered with an error naming the field and the reason.
 */
import { castleSlot, KING_SIDE, QUEEN_SIDE } from './castle-slots.js';
import { BLACK, KING, ROOK, WHITE, codeColor, codeRole, pieceCode } from './pieces.js';
import { Position } from './position.js';
import {
  checkCastling, checkChecks, checkEpSquare, checkMaterial, type SetupError, type SetupOptions, type SetupProblem,
} from './setup-check.js';
import { err, ok, type Result } from './result.js';
import { hasLegalEnPassant } from './repetition.js';
import { FILE_NAMES, parseSquare, squareName, type Square } from './squares.js';

export const INITIAL_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

export type FenField = 'fen' | 'board' | 'turn' | 'castling' | 'epSquare' | 'halfmoves' | 'fullmoves';

export interface FenError {
  readonly field: FenField;
  readonly message: string;
  /** Set when the fields are well formed but describe an impossible position (see `Position.fromSetup`). */
  readonly reason?: SetupProblem;
}

const PIECE_LETTERS = ' pnbrqk';
const fenError = (field: FenField, message: string) => err<FenError>({ field, message });
const fenProblem = (field: FenField, problem: SetupError): FenError => ({ field, message: problem.message, reason: problem.reason });

function parseBoard(text: string): Result<Int8Array, FenError> {
  const ranks = text.split('/');
  if (ranks.length !== 8) return fenError('board', `expected 8 ranks separated by '/', found ${ranks.length}`);
  const board = new Int8Array(64);
  for (let i = 0; i < 8; i++) {
    const rank = 7 - i;
    let file = 0;
    for (const char of ranks[i]) {
      if (char >= '1' && char <= '8') {
        file += Number(char);
      } else {
        const role = PIECE_LETTERS.indexOf(char.toLowerCase());
        if (role <= 0) return fenError('board', `unexpected character '${char}' in rank ${rank + 1}`);
        if (file < 8) board[rank * 8 + file] = pieceCode(char === char.toLowerCase() ? BLACK : WHITE, role);
        file++;
      }
      if (file > 8) return fenError('board', `rank ${rank + 1} has more than 8 squares`);
    }
    if (file < 8) return fenError('board', `rank ${rank + 1} has ${file} squares instead of 8`);
  }
  return ok(board);
}

function kingSquareOf(board: Int8Array, color: number): Square {
  return board.indexOf(pieceCode(color, KING));
}

interface CastlingParse {
  rooks: [number, number, number, number];
  shredder: boolean;
}

function parseCastling(text: string, board: Int8Array): Result<CastlingParse, FenError> {
  const rooks: [number, number, number, number] = [-1, -1, -1, -1];
  if (text === '-') return ok({ rooks, shredder: false });
  let shredder = false;
  for (const char of text) {
    const lower = char.toLowerCase();
    const color = char === lower ? BLACK : WHITE;
    const name = color === WHITE ? 'white' : 'black';
    const backRank = color === WHITE ? 0 : 56;
    const king = kingSquareOf(board, color);
    const rook = pieceCode(color, ROOK);
    if (lower !== 'k' && lower !== 'q' && (lower < 'a' || lower > 'h')) {
      return fenError('castling', `unexpected character '${char}' (expected KQkq, file letters A-H/a-h or '-')`);
    }
    if ((king & 56) !== backRank) {
      return fenError('castling', `castling right '${char}' but the ${name} king is not on its first rank`);
    }
    let rookSquare = -1;
    let side: number;
    if (lower === 'k') {
      side = KING_SIDE;
      for (let square = backRank + 7; square > king; square--) if (board[square] === rook) { rookSquare = square; break; }
      if (rookSquare < 0) return fenError('castling', `castling right '${char}' but no ${name} rook on the king side of the king`);
    } else if (lower === 'q') {
      side = QUEEN_SIDE;
      for (let square = backRank; square < king; square++) if (board[square] === rook) { rookSquare = square; break; }
      if (rookSquare < 0) return fenError('castling', `castling right '${char}' but no ${name} rook on the queen side of the king`);
    } else {
      shredder = true;
      rookSquare = backRank + FILE_NAMES.indexOf(lower);
      if (board[rookSquare] !== rook) {
        return fenError('castling', `castling right '${char}' but no ${name} rook on ${squareName(rookSquare)}`);
      }
      if (rookSquare === king) return fenError('castling', `castling right '${char}' names the king's own file`);
      side = rookSquare > king ? KING_SIDE : QUEEN_SIDE;
    }
    const slot = castleSlot(color, side);
    if (rooks[slot] >= 0 && rooks[slot] !== rookSquare) {
      return fenError('castling', `two ${side === KING_SIDE ? 'king' : 'queen'}-side castling rights for ${name}`);
    }
    rooks[slot] = rookSquare;
  }
  return ok({ rooks, shredder });
}

function parseEpSquare(text: string, board: Int8Array, turn: number): Result<number, FenError> {
  if (text === '-') return ok(-1);
  const square = parseSquare(text);
  if (square === undefined) return fenError('epSquare', `'${text}' is not a square`);
  const problem = checkEpSquare(board, turn, square);
  return problem ? err(fenProblem('epSquare', problem)) : ok(square);
}

function parseCounter(text: string | undefined, field: 'halfmoves' | 'fullmoves', fallback: number): Result<number, FenError> {
  if (text === undefined) return ok(fallback);
  if (!/^\d{1,9}$/.test(text)) return fenError(field, `'${text}' is not a non-negative whole number`);
  const value = Number(text);
  if (field === 'fullmoves' && value === 0) return fenError(field, 'the fullmove number starts at 1');
  return ok(value);
}

/** Options for `parseFen`. */
export interface ParseFenOptions extends SetupOptions {
  /** Treat the position as Chess960 even when its castling looks standard. */
  readonly chess960?: boolean;
}

/** Parses FEN, X-FEN or Shredder-FEN (4 to 6 fields; missing clocks default to 0 and 1). */
export function parseFen(fen: string, options: ParseFenOptions = {}): Result<Position, FenError> {
  const fields = fen.trim().split(/\s+/);
  if (fields.length < 4 || fields.length > 6 || fields[0] === '') {
    return fenError('fen', `expected 4 to 6 space-separated fields, found ${fields[0] === '' ? 0 : fields.length}`);
  }
  const boardResult = parseBoard(fields[0]);
  if (!boardResult.ok) return boardResult;
  const board = boardResult.value;
  const materialProblem = checkMaterial(board, options);
  if (materialProblem) return err(fenProblem('board', materialProblem));

  if (fields[1] !== 'w' && fields[1] !== 'b') return fenError('turn', `'${fields[1]}' is not 'w' or 'b'`);
  const turn = fields[1] === 'w' ? WHITE : BLACK;

  const checkProblem = checkChecks(board, turn);
  if (checkProblem) return err(fenProblem('board', checkProblem));

  const castling = parseCastling(fields[2], board);
  if (!castling.ok) return castling;
  const epSquare = parseEpSquare(fields[3], board, turn);
  if (!epSquare.ok) return epSquare;
  const halfmoves = parseCounter(fields[4], 'halfmoves', 0);
  if (!halfmoves.ok) return halfmoves;
  const fullmoves = parseCounter(fields[5], 'fullmoves', 1);
  if (!fullmoves.ok) return fullmoves;

  const rooks = castling.value.rooks;
  const chess960 = options.chess960 === true || castling.value.shredder || !isStandardCastling(board, rooks);
  const castlingProblem = checkCastling(board, rooks, chess960);
  if (castlingProblem) return err(fenProblem('castling', castlingProblem));
  // Every check of `Position.fromSetup` has been made field by field above.
  return ok(Position.unchecked({
    board,
    turn: turn === WHITE ? 'white' : 'black',
    castleRooks: rooks,
    epSquare: epSquare.value,
    halfmoves: halfmoves.value,
    fullmoves: fullmoves.value,
    chess960,
  }));
}

function isStandardCastling(board: Int8Array, rooks: readonly number[]): boolean {
  for (let slot = 0; slot < 4; slot++) {
    if (rooks[slot] < 0) continue;
    const color = slot >> 1;
    const backRank = color === WHITE ? 0 : 56;
    if (board[backRank + 4] !== pieceCode(color, KING)) return false;
    if (rooks[slot] !== backRank + ((slot & 1) === KING_SIDE ? 7 : 0)) return false;
  }
  return true;
}

/** How `makeFen` writes castling rights. */
export type CastlingStyle = 'xfen' | 'shredder';

export interface MakeFenOptions {
  /** X-FEN (default): KQkq, with a file letter only for an inner rook; Shredder-FEN: always file letters. */
  readonly castling?: CastlingStyle;
  /**
   * 'legal' (default) writes the en-passant square only when a legal capture can use
   * it, as FIDE Art. 9.2 counts positions; 'recorded' writes it as parsed or as the
   * last double push left it (kept only when an enemy pawn stood beside the pawn).
   */
  readonly epSquare?: 'legal' | 'recorded';
}

function castlingText(position: Position, style: CastlingStyle): string {
  let text = '';
  for (const color of [WHITE, BLACK]) {
    for (const side of [KING_SIDE, QUEEN_SIDE]) {
      const rook = position._castleRooks[castleSlot(color, side)];
      if (rook < 0) continue;
      let letter: string;
      if (style === 'shredder') {
        letter = FILE_NAMES[rook & 7];
      } else {
        // X-FEN: K/Q name the outermost rook; an inner rook (another rook further out) is named by its file.
        const ownRook = pieceCode(color, ROOK);
        const edge = (rook & 56) + (side === KING_SIDE ? 7 : 0);
        const step = side === KING_SIDE ? 1 : -1;
        let outermost = true;
        for (let square = rook + step; side === KING_SIDE ? square <= edge : square >= edge; square += step) {
          if (position._board[square] === ownRook) outermost = false;
        }
        letter = outermost ? (side === KING_SIDE ? 'k' : 'q') : FILE_NAMES[rook & 7];
      }
      text += color === WHITE ? letter.toUpperCase() : letter;
    }
  }
  return text === '' ? '-' : text;
}

/** Writes the board field of FEN. */
export function boardFen(board: ArrayLike<number>): string {
  const ranks: string[] = [];
  for (let rank = 7; rank >= 0; rank--) {
    let text = '';
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const code = board[rank * 8 + file];
      if (code === 0) {
        empty++;
        continue;
      }
      if (empty) text += empty;
      empty = 0;
      const letter = PIECE_LETTERS[codeRole(code)];
      text += codeColor(code) === WHITE ? letter.toUpperCase() : letter;
    }
    if (empty) text += empty;
    ranks.push(text);
  }
  return ranks.join('/');
}

function epText(position: Position, mode: 'legal' | 'recorded'): string {
  if (position._epSquare < 0) return '-';
  if (mode === 'legal' && !hasLegalEnPassant(position)) return '-';
  return squareName(position._epSquare);
}

/** Writes the position as FEN (X-FEN castling by default, Shredder-FEN on request). */
export function makeFen(position: Position, options: MakeFenOptions = {}): string {
  return [
    boardFen(position._board),
    position._turnIndex === WHITE ? 'w' : 'b',
    castlingText(position, options.castling ?? 'xfen'),
    epText(position, options.epSquare ?? 'legal'),
    String(position._halfmoves),
    String(position._fullmoves),
  ].join(' ');
}

/** The standard starting position. */
export function initialPosition(): Position {
  const parsed = parseFen(INITIAL_FEN);
  if (!parsed.ok) throw new Error('the initial FEN is broken');
  return parsed.value;
}

