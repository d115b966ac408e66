/** Test helpers: find a legal move by its English SAN and play lines of them. */
import {
  GameHistory, describeMove, legalMoves, parseFen, type Move, type Position,
} from '../src/index.js';
import { englishSan } from '../src/internal.js';

export function positionFrom(fen: string): Position {
  const parsed = parseFen(fen);
  if (!parsed.ok) throw new Error(`bad test FEN (${parsed.error.field}): ${parsed.error.message}`);
  return parsed.value;
}

export function moveBySan(position: Position, san: string): Move {
  const wanted = san.replace(/[+#]$/, '');
  const found = legalMoves(position).find((move) => englishSan(describeMove(position, move)).replace(/[+#]$/, '') === wanted);
  if (found === undefined) throw new Error(`no legal move ${san}`);
  return found;
}

export function playLine(history: GameHistory, line: string): GameHistory {
  for (const san of line.split(/\s+/).filter((token) => token !== '' && !/^\d+\.$/.test(token))) {
    history.playUnchecked(moveBySan(history.position, san));
  }
  return history;
}

/** The position of `fen` and every position up to `depth` plies after it (copies), in the order a depth-first walk meets them. */
export function positionsWithin(fen: string, depth: number): Position[] {
  const parsed = parseFen(fen, { allowExcessMaterial: true });
  if (!parsed.ok) throw new Error(`bad test FEN (${parsed.error.field}): ${parsed.error.message}`);
  const found: Position[] = [];
  const visit = (position: Position, left: number): void => {
    found.push(position);
    if (left > 0) for (const move of legalMoves(position)) {
      const next = position.clone();
      next.playUnchecked(move);
      visit(next, left - 1);
    }
  };
  visit(parsed.value, depth);
  return found;
}
