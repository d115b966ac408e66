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

/** Pairs a flat list of half-moves (ply 1, 2, 3, …) into moves: ['e4', 'e5', 'Sf3'] → 1. e4 e5 2. Sf3. */
export function pairPlies(plies: readonly string[]): WrittenMove[] {
  const moves: WrittenMove[] = [];
  for (let index = 0; index < plies.length; index += 2) {
    const black = plies[index + 1];
    moves.push(black === undefined ? { white: plies[index] } : { white: plies[index], black });
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
