/** Finds the legal move a UCI string names (e2e4, e7e8q; castling as e1g1 or king-takes-rook e1h1). */
import { type Move, isCastle, moveFrom, moveTarget, moveTo, movePromotion } from './move.js';
import { legalMoves } from './movegen.js';
import type { Position } from './position.js';
import { parseSquare } from './squares.js';

const PROMOTIONS: Record<string, string> = { n: 'knight', b: 'bishop', r: 'rook', q: 'queen' };

export function parseUci(position: Position, uci: string): Move | undefined {
  if (uci.length < 4 || uci.length > 5) return undefined;
  const from = parseSquare(uci.slice(0, 2));
  const to = parseSquare(uci.slice(2, 4));
  const promotion = uci.length === 5 ? PROMOTIONS[uci[4].toLowerCase()] : undefined;
  if (from === undefined || to === undefined || (uci.length === 5 && !promotion)) return undefined;
  for (const move of legalMoves(position)) {
    if (moveFrom(move) !== from || movePromotion(move) !== promotion) continue;
    if (moveTo(move) === to) return move;
    if (isCastle(move) && moveTarget(move) === to && !position.chess960) return move;
  }
  return undefined;
}
