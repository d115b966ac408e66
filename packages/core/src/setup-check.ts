/**
 * The one checker of impossible positions, shared by `Position.fromSetup` and
 * `parseFen`: each problem has a named reason, so callers can tell them apart
 * without reading the message. Only what no legal game (or move generator) can
 * live with is rejected; unusual but reachable material is accepted.
 */
import { DIRECTION_TO, KNIGHT_COUNTS, KNIGHT_TARGETS, RAY_LENGTHS, RAYS } from './attacks.js';
import { BISHOP, BLACK, KING, KNIGHT, PAWN, ROOK, WHITE, codeColor, codeRole, colorName, pieceCode } from './pieces.js';
import { castleSlot, KING_SIDE } from './castle-slots.js';
import { isSquareAttacked } from './square-attacked.js';
import { squareName, type Square } from './squares.js';

/** Why a setup cannot be a chess position. */
export type SetupProblem =
  | 'board-size'
  | 'bad-turn'
  | 'unknown-piece'
  | 'missing-king'
  | 'too-many-kings'
  | 'pawn-on-back-rank'
  | 'too-many-pieces'
  | 'opposite-check'
  | 'impossible-check'
  | 'bad-castling-rights'
  | 'bad-en-passant-square'
  | 'bad-move-counters';

export interface SetupError {
  readonly reason: SetupProblem;
  readonly message: string;
}

/** The plain data `SetupError`s are found in (the fields of `PositionSetup`, with the side as an index). */
export interface SetupFacts {
  readonly board: ArrayLike<number>;
  readonly turnIndex: number;
  readonly castleRooks: ArrayLike<number>;
  readonly epSquare: number;
  readonly halfmoves: number;
  readonly fullmoves: number;
  readonly chess960: boolean;
}

/** What `Position.fromSetup` and `parseFen` may let through. */
export interface SetupOptions {
  /**
   * Accept more than 16 pieces or 8 pawns a side: no game reaches them, but
   * move-generator stress tests (a board of queens) do use them.
   */
  readonly allowExcessMaterial?: boolean;
}

const problem = (reason: SetupProblem, message: string): SetupError => ({ reason, message });

/** Board size, piece codes, one king a side, no pawn on a back rank, at most 16 pieces and 8 pawns a side. */
export function checkMaterial(board: ArrayLike<number>, options: SetupOptions = {}): SetupError | undefined {
  if (board.length !== 64) return problem('board-size', `the board has ${board.length} squares instead of 64`);
  for (let square = 0; square < 64; square++) {
    const code = board[square];
    if (code === 0) continue;
    if (!Number.isInteger(code) || code < 0 || code > 14 || codeRole(code) < PAWN || codeRole(code) > KING) {
      return problem('unknown-piece', `${squareName(square)} holds ${code}, which is no piece code`);
    }
  }
  for (const color of [WHITE, BLACK]) {
    const name = colorName(color);
    let kings = 0;
    let pieces = 0;
    let pawns = 0;
    for (let square = 0; square < 64; square++) {
      const code = board[square];
      if (code === 0 || codeColor(code) !== color) continue;
      pieces++;
      if (codeRole(code) === KING) kings++;
      if (codeRole(code) === PAWN) {
        pawns++;
        if (square < 8 || square >= 56) {
          return problem('pawn-on-back-rank', `${name} pawn on ${squareName(square)}: pawns cannot stand on the first or last rank`);
        }
      }
    }
    if (kings === 0) return problem('missing-king', `no ${name} king`);
    if (kings > 1) return problem('too-many-kings', `${kings} ${name} kings (exactly one allowed)`);
    if (options.allowExcessMaterial === true) continue;
    if (pieces > 16) return problem('too-many-pieces', `${pieces} ${name} pieces (at most 16)`);
    if (pawns > 8) return problem('too-many-pieces', `${pawns} ${name} pawns (at most 8)`);
  }
  return undefined;
}

const kingSquareOf = (board: ArrayLike<number>, color: number): Square => Array.prototype.indexOf.call(board, pieceCode(color, KING));

/** Squares of the pieces of `by` that attack `square`. */
function attackersOf(board: ArrayLike<number>, square: Square, by: number): Square[] {
  const found: Square[] = [];
  for (let from = 0; from < 64; from++) {
    const code = board[from];
    if (code === 0 || codeColor(code) !== by) continue;
    const role = codeRole(code);
    if (role === KNIGHT) {
      for (let i = 0; i < KNIGHT_COUNTS[from]; i++) if (KNIGHT_TARGETS[from * 8 + i] === square) found.push(from);
    } else if (role === PAWN) {
      const ahead = by === WHITE ? 8 : -8;
      const df = (square & 7) - (from & 7);
      if (square - from - ahead === df && (df === 1 || df === -1)) found.push(from);
    } else if (role === KING) {
      const df = Math.abs((square & 7) - (from & 7));
      const dr = Math.abs((square >> 3) - (from >> 3));
      if (Math.max(df, dr) === 1) found.push(from);
    } else {
      const direction = DIRECTION_TO[from * 64 + square];
      if (direction < 0) continue;
      if (role === ROOK && direction >= 4) continue;
      if (role === BISHOP && direction < 4) continue;
      const base = (direction * 64 + from) * 8;
      for (let i = 0; i < RAY_LENGTHS[direction * 64 + from]; i++) {
        const target = RAYS[base + i];
        if (target === square) {
          found.push(from);
          break;
        }
        if (board[target] !== 0) break;
      }
    }
  }
  return found;
}

/** The side not to move is not in check; the side to move is checked by at most two pieces. Needs `checkMaterial` first. */
export function checkChecks(board: ArrayLike<number>, turnIndex: number): SetupError | undefined {
  const waiting = turnIndex ^ 1;
  const codes = board instanceof Int8Array ? board : Int8Array.from(board);
  if (isSquareAttacked(codes, kingSquareOf(board, waiting), turnIndex)) {
    return problem('opposite-check', `the side not to move (${colorName(waiting)}) is in check`);
  }
  const checkers = attackersOf(board, kingSquareOf(board, turnIndex), waiting);
  if (checkers.length > 2) {
    return problem('impossible-check', `the king is attacked by ${checkers.length} pieces at once, which no move can produce`);
  }
  return undefined;
}

/**
 * Every castling right has its king on its first rank and its own rook on that
 * rank on the named side; standard chess also wants the king on e and the rook
 * on a or h (anything else is Chess960). Needs `checkMaterial` first.
 */
export function checkCastling(board: ArrayLike<number>, castleRooks: ArrayLike<number>, chess960: boolean): SetupError | undefined {
  if (castleRooks.length !== 4) return problem('bad-castling-rights', `expected 4 castling slots, found ${castleRooks.length}`);
  for (let slot = 0; slot < 4; slot++) {
    const rook = castleRooks[slot];
    if (rook === -1) continue;
    const color = slot >> 1;
    const name = colorName(color);
    const side = (slot & 1) === KING_SIDE ? 'king' : 'queen';
    const backRank = color === WHITE ? 0 : 56;
    const king = kingSquareOf(board, color);
    if (!Number.isInteger(rook) || rook < 0 || rook > 63) {
      return problem('bad-castling-rights', `${name} ${side}-side castling names square ${rook}, which is not on the board`);
    }
    if ((king & 56) !== backRank) {
      return problem('bad-castling-rights', `${name} may castle ${side} side but the ${name} king is not on its first rank`);
    }
    if (board[rook] !== pieceCode(color, ROOK) || (rook & 56) !== backRank) {
      return problem('bad-castling-rights', `${name} may castle ${side} side but no ${name} rook stands on ${squareName(rook)}`);
    }
    if ((side === 'king') !== rook > king) {
      return problem('bad-castling-rights', `${name} ${side}-side castling rook on ${squareName(rook)} is on the wrong side of the king`);
    }
    if (!chess960 && ((king & 7) !== 4 || (rook & 7) !== (side === 'king' ? 7 : 0))) {
      return problem('bad-castling-rights', `${name} ${side}-side castling from ${squareName(king)} with the rook on ${squareName(rook)} is Chess960 castling, but the setup is standard chess`);
    }
  }
  for (const color of [WHITE, BLACK]) {
    if (castleRooks[castleSlot(color, 0)] !== -1 && castleRooks[castleSlot(color, 0)] === castleRooks[castleSlot(color, 1)]) {
      return problem('bad-castling-rights', `both ${colorName(color)} castling rights name the same rook`);
    }
  }
  return undefined;
}

/**
 * An en-passant square stands behind an enemy pawn that could just have made a
 * double step: on the third rank from the mover's opponent, empty, with the
 * square the pawn came from empty too.
 */
export function checkEpSquare(board: ArrayLike<number>, turnIndex: number, epSquare: number): SetupError | undefined {
  if (epSquare === -1) return undefined;
  if (!Number.isInteger(epSquare) || epSquare < 0 || epSquare > 63) {
    return problem('bad-en-passant-square', `en-passant square ${epSquare} is not on the board`);
  }
  const text = squareName(epSquare);
  const expectedRank = turnIndex === WHITE ? 5 : 2;
  if (epSquare >> 3 !== expectedRank) {
    return problem('bad-en-passant-square', `en-passant square ${text} must be on rank ${expectedRank + 1} when ${colorName(turnIndex)} is to move`);
  }
  const forward = turnIndex === WHITE ? -8 : 8;
  const pawnSquare = epSquare + forward;
  const originSquare = epSquare - forward;
  if (board[epSquare] !== 0 || board[originSquare] !== 0) {
    return problem('bad-en-passant-square', `en-passant square ${text}: ${squareName(board[epSquare] !== 0 ? epSquare : originSquare)} is not empty`);
  }
  if (board[pawnSquare] !== pieceCode(turnIndex ^ 1, PAWN)) {
    return problem('bad-en-passant-square', `en-passant square ${text} but no ${colorName(turnIndex ^ 1)} pawn on ${squareName(pawnSquare)}`);
  }
  return undefined;
}

/** Halfmove clock a whole number from 0, fullmove number a whole number from 1. */
export function checkCounters(halfmoves: number, fullmoves: number): SetupError | undefined {
  if (!Number.isSafeInteger(halfmoves) || halfmoves < 0) {
    return problem('bad-move-counters', `halfmove clock ${halfmoves} is not a whole number from 0`);
  }
  if (!Number.isSafeInteger(fullmoves) || fullmoves < 1) {
    return problem('bad-move-counters', `fullmove number ${fullmoves} is not a whole number from 1`);
  }
  return undefined;
}

/** Every check above, in order; undefined when the setup is a playable position. */
export function checkSetup(facts: SetupFacts, options: SetupOptions = {}): SetupError | undefined {
  if (facts.turnIndex !== WHITE && facts.turnIndex !== BLACK) return problem('bad-turn', 'the side to move is neither white nor black');
  return checkMaterial(facts.board, options)
    ?? checkChecks(facts.board, facts.turnIndex)
    ?? checkCastling(facts.board, facts.castleRooks, facts.chess960)
    ?? checkEpSquare(facts.board, facts.turnIndex, facts.epSquare)
    ?? checkCounters(facts.halfmoves, facts.fullmoves);
}
