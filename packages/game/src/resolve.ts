/**
 * Which legal move does a written token mean? Every reading the grammar found is
 * tried against the legal moves of the position; a language filter keeps only the
 * readings of the languages in play.
 */
import { castleSide, isCastle, moveFrom, movePromotion, moveTarget, moveTo, type Move, type Position, type Role } from '@zapis/core';
import {
  KIND_CASTLE, generateLegalMoves, generateMovesTo, moveKind, newMoveBuffer, type MoveBuffer,
} from '@zapis/core/internal';
import type { LanguageCode, MoveReading, MoveToken } from '@zapis/notation';

const ROLE_BY_CODE: readonly Role[] = ['pawn', 'pawn', 'knight', 'bishop', 'rook', 'queen', 'king'];

/** The legal moves of a position, generated once and shared by every question about them. */
export class LegalMoves {
  readonly moves: MoveBuffer;
  readonly count: number;

  /** False when only the moves onto one square were generated (see `towards`). */
  readonly complete: boolean;

  /**
   * The moves are written into `buffer` when given (they stay valid until the next LegalMoves written there:
   * a replayed line passes its own, one for all its plies); without it a fresh buffer is used.
   */
  constructor(readonly position: Position, buffer?: MoveBuffer, target?: number) {
    this.moves = buffer ?? newMoveBuffer();
    this.complete = target === undefined;
    this.count = target === undefined ? generateLegalMoves(position, this.moves) : generateMovesTo(position, target, this.moves);
  }

  /** Only the legal moves landing on `target` (no castling): enough to resolve most tokens. */
  static towards(position: Position, target: number, buffer: MoveBuffer): LegalMoves {
    return new LegalMoves(position, buffer, target);
  }

  roleOf(move: Move): Role {
    return ROLE_BY_CODE[this.position.board[moveFrom(move)] & 7];
  }
}

/**
 * Coordinate notation names squares, not pieces: UCI (`g1f3`) and long form with
 * no letter at all (`c1-b2`, `e8-g8` for castling, as pgn-extract writes it).
 * A letterless long-form token still has to start on the piece's square, so
 * reading it by squares guesses nothing.
 */
export function namesNoPiece(token: MoveToken, reading: MoveReading): boolean {
  if (token.form === 'uci' || reading.anyPiece === true) return true;
  return token.form === 'long' && reading.piece === 'pawn' && reading.languages === 'any'
    && reading.fromFile !== undefined && reading.fromRank !== undefined;
}

/** Is `reading` a way to write `move`? `ignoreRole` for UCI, which names no piece. */
export function readingMatches(reading: MoveReading, move: Move, role: Role, ignoreRole: boolean, ignorePromotion = false): boolean {
  if (reading.castle !== undefined) return isCastle(move) && castleSide(move) === reading.castle;
  const from = moveFrom(move);
  if (isCastle(move)) {
    // Long form and UCI write castling as a king move: e1g1, Ke1-g1, or king takes rook (e1h1). SAN never does:
    // a `Kg1` that names no origin is a king move, not castling.
    if (!ignoreRole && (reading.piece !== 'king' || reading.fromFile === undefined || reading.fromRank === undefined)) return false;
    if (reading.to === undefined || (reading.to !== moveTarget(move) && reading.to !== moveTo(move))) return false;
    if (reading.fromFile !== undefined && reading.fromFile !== (from & 7)) return false;
    if (reading.fromRank !== undefined && reading.fromRank !== from >> 3) return false;
    return Math.abs((moveTarget(move) & 7) - (from & 7)) > 1 || reading.to === moveTo(move);
  }
  if (!ignoreRole && reading.piece !== role) return false;
  const to = moveTo(move);
  // FIDE C.9.3: a pawn capture names the file the pawn leaves, and a pawn push names none (`d5` is not exd5, `dd5` not d5).
  if (role === 'pawn' && !ignoreRole) {
    const capture = (from & 7) !== (to & 7);
    if (capture ? reading.fromFile === undefined : reading.fromFile !== undefined && reading.fromRank === undefined) return false;
  }
  if (reading.to !== undefined) {
    if (reading.to !== to) return false;
  } else if (reading.toFile !== undefined) {
    if ((to & 7) !== reading.toFile || (from & 7) === reading.toFile) return false;
  } else {
    return false;
  }
  if (reading.fromFile !== undefined && reading.fromFile !== (from & 7)) return false;
  if (reading.fromRank !== undefined && reading.fromRank !== from >> 3) return false;
  if (!ignorePromotion && movePromotion(move) !== reading.promotion) return false;
  return true;
}

export function readingFitsLanguages(reading: MoveReading, languages: ReadonlySet<LanguageCode> | undefined): boolean {
  if (languages === undefined || reading.languages === 'any') return true;
  for (const language of reading.languages) if (languages.has(language)) return true;
  return false;
}

export interface Resolution {
  /** The distinct legal moves that fit. */
  readonly moves: readonly Move[];
  /** For each of them, the readings that fit it. */
  readonly readings: readonly (readonly MoveReading[])[];
}

/** The legal moves a token can mean, among the readings allowed by `languages` (all when undefined). */
export function resolveToken(
  token: MoveToken,
  legal: LegalMoves,
  languages: ReadonlySet<LanguageCode> | undefined,
  options: { ignorePromotion?: boolean } = {},
): Resolution {
  const moves: Move[] = [];
  const readings: MoveReading[][] = [];
  for (const reading of token.readings) {
    if (!readingFitsLanguages(reading, languages)) continue;
    for (let i = 0; i < legal.count; i++) {
      const move = legal.moves[i];
      if (!readingMatches(reading, move, legal.roleOf(move), namesNoPiece(token, reading), options.ignorePromotion)) continue;
      const index = moves.indexOf(move);
      if (index < 0) {
        moves.push(move);
        readings.push([reading]);
      } else if (!readings[index].includes(reading)) {
        readings[index].push(reading);
      }
    }
  }
  return { moves, readings };
}

/** Languages in which the readings fitting a move are valid ('any' when one of them is language-free). */
export function languagesOf(readings: readonly MoveReading[]): readonly LanguageCode[] | 'any' {
  const found = new Set<LanguageCode>();
  for (const reading of readings) {
    if (reading.languages === 'any') return 'any';
    for (const language of reading.languages) found.add(language);
  }
  return [...found];
}

/**
 * The one square every allowed reading of the token lands on, when the token
 * can be resolved from that square's moves alone: not castling, not a king or a
 * UCI move (either may be castling written as a king move), not a file-only capture.
 */
export function singleTarget(token: MoveToken, languages: ReadonlySet<LanguageCode> | undefined): number {
  let target = -1;
  for (const reading of token.readings) {
    if (!readingFitsLanguages(reading, languages)) continue;
    if (reading.to === undefined || reading.castle !== undefined || reading.piece === 'king' || reading.anyPiece === true) return -1;
    if (target >= 0 && target !== reading.to) return -1;
    target = reading.to;
  }
  return token.form === 'uci' ? -1 : target;
}

export const isCastleKind = (move: Move): boolean => moveKind(move) === KIND_CASTLE;
