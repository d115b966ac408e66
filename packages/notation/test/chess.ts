/** Move descriptions from @zapis/core for writer tests. */
import { describeMove, initialPosition, legalMoves, parseFen, parseUci, type MoveDescription, type Position } from '@zapis/core';

export function position(fen?: string): Position {
  if (!fen) return initialPosition();
  const parsed = parseFen(fen);
  if (!parsed.ok) throw new Error(`bad FEN ${fen}`);
  return parsed.value;
}

/** Plays UCI moves from a position, describing each. */
export function describeLine(ucis: readonly string[], fen?: string): MoveDescription[] {
  const board = position(fen);
  return ucis.map((uci) => {
    const move = parseUci(board, uci);
    if (move === undefined) throw new Error(`illegal ${uci}`);
    const description = describeMove(board, move);
    board.playUnchecked(move);
    return description;
  });
}

/** Plays moves chosen by `choices` (each picks among the legal moves) and describes them. */
export function describeRandomLine(choices: readonly number[], fen?: string): MoveDescription[] {
  const board = position(fen);
  const descriptions: MoveDescription[] = [];
  for (const choice of choices) {
    const legal = legalMoves(board);
    if (legal.length === 0) break;
    const move = legal[choice % legal.length];
    descriptions.push(describeMove(board, move));
    board.playUnchecked(move);
  }
  return descriptions;
}
