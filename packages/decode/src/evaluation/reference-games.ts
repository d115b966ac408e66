/**
 * Real games for evaluation: PGN mainlines replayed into move descriptions
 * (the truth a scoresheet is written from), skipping games that do not replay.
 */
import { initialPosition, type MoveDescription } from '@zapis/core';
import { parsePgn } from '@zapis/notation';
import { describeLegalMoves } from '../candidate-moves.js';
import { englishSan } from '@zapis/core/internal';

export interface ReferenceGame {
  readonly moves: readonly MoveDescription[];
  readonly san: readonly string[];
}

const bare = (san: string): string => san.replace(/[+#!?]+$/g, '');

/** The mainline of one PGN game, or undefined when a move does not replay. */
export function referenceGame(pgn: string): ReferenceGame | undefined {
  const [game] = parsePgn(pgn);
  if (!game) return undefined;
  const position = initialPosition();
  const moves: MoveDescription[] = [];
  const san: string[] = [];
  for (const node of game.moves) {
    if (node.kind !== 'move') return undefined;
    const wanted = bare(node.text);
    const match = describeLegalMoves(position).find((description) => bare(englishSan(description)) === wanted);
    if (!match) return undefined;
    moves.push(match);
    san.push(englishSan(match));
    position.playUnchecked(match.move);
  }
  return moves.length > 0 ? { moves, san } : undefined;
}
