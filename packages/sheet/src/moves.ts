/**
 * Moves as they are to appear on a sheet: already written strings per
 * half-move, in the sheet's language (the notation packages produce them).
 */
import type { ResultCode } from './layout.js';

export interface WrittenMove {
  readonly white?: string;
  readonly black?: string;
  /** FIDE Art. 8.1.5: the player offered a draw with this move. */
  readonly whiteDrawOffer?: boolean;
  readonly blackDrawOffer?: boolean;
  /** Clock time after the move, e.g. "1:23:45", for sheets with clock cells. */
  readonly whiteClock?: string;
  readonly blackClock?: string;
}

/** A game to write on sheets: move pairs from move 1, and the result if known. */
export interface WrittenGame {
  readonly moves: readonly WrittenMove[];
  readonly result?: ResultCode;
}

/** Where a game's first written half-move stands: move 1, White, unless it starts from a set-up position. */
export interface FirstPly {
  readonly moveNumber: number;
  readonly side: 'white' | 'black';
}

/** The first half-move of a game that starts from `fen` (its side to move and full-move number; move 1 when the FEN does not say). */
export function firstPlyOfFen(fen: string): FirstPly {
  const [, turn, , , , fullMoves] = fen.trim().split(/\s+/);
  const moveNumber = Number(fullMoves);
  return { moveNumber: Number.isInteger(moveNumber) && moveNumber > 0 ? moveNumber : 1, side: turn === 'b' ? 'black' : 'white' };
}

/**
 * Pairs a flat list of half-moves into numbered moves: ['e4', 'e5', 'Sf3'] → 1. e4 e5 2. Sf3.
 * From a set-up position (`first`, e.g. move 23 with Black to move) the moves before it stay
 * empty, so each move lands in its own row: index 22 is move 23, with only Black's half filled.
 */
export function pairPlies(plies: readonly string[], first: FirstPly = { moveNumber: 1, side: 'white' }): WrittenMove[] {
  const moves: WrittenMove[] = Array.from({ length: Math.max(0, Math.floor(first.moveNumber) - 1) }, () => ({}));
  if (plies.length === 0) return moves;
  const offset = first.side === 'black' ? 1 : 0;
  for (let index = -offset; index < plies.length; index += 2) {
    const white = index < 0 ? undefined : plies[index];
    const black = plies[index + 1];
    moves.push({ ...(white === undefined ? {} : { white }), ...(black === undefined ? {} : { black }) });
  }
  return moves;
}

/** Sheets needed for `moveCount` moves (at least one: a blank game still gets a sheet). */
export const sheetsNeeded = (moveCount: number, movesPerSheet: number): number =>
  Math.max(1, Math.ceil(moveCount / movesPerSheet));

export const RESULT_CODES: readonly ResultCode[] = ['1-0', '1/2-1/2', '0-1'];

/** Accepts the usual spellings of a result: 1-0, 0-1, 1/2-1/2, ½-½, 0.5-0.5; anything else (e.g. "*") is none. */
export function normaliseResult(text: string): ResultCode | undefined {
  const compact = text.replace(/\s+/g, '').replace(/[–—]/g, '-');
  if (compact === '1-0' || compact === '0-1') return compact;
  if (['1/2-1/2', '½-½', '0.5-0.5', '0,5-0,5', '=-='].includes(compact)) return '1/2-1/2';
  return undefined;
}
