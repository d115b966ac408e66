/**
 * Faults injected into real games at known places: a game cut in the middle
 * of a move, an illegal move, a bad Result tag. Each returns the changed game
 * text and where (line within the game) the fault must be reported. Moves are
 * checked with chessops, independently of the code under test.
 */
import { Chess } from 'chessops/chess';
import { makeSquare, squareRank } from 'chessops/util';
import { parseSan } from 'chessops/san';
import { lineBreaks } from './assembled-input.js';

export interface MoveToken {
  readonly san: string;
  /** Offset of the move in the game text. */
  readonly offset: number;
}

const RESULT_TOKENS = new Set(['1-0', '0-1', '1/2-1/2', '*']);

/** The moves of a plain export game (no comments or variations), or undefined for any other game. */
export function mainlineMoves(game: string): MoveToken[] | undefined {
  const movetextStart = game.search(/\n\s*\n/);
  if (movetextStart < 0 || /[{}();$%]/.test(game.slice(movetextStart))) return undefined;
  const moves: MoveToken[] = [];
  for (const match of game.slice(movetextStart).matchAll(/\S+/g)) {
    const token = match[0];
    if (RESULT_TOKENS.has(token)) break;
    const number = /^\d+\.*/.exec(token)?.[0] ?? '';
    if (number.length === token.length) continue;
    moves.push({ san: token.slice(number.length), offset: movetextStart + (match.index ?? 0) + number.length });
  }
  return moves;
}

/** The 1-based line within `game` of `offset`. */
export const lineWithin = (game: string, offset: number): number => lineBreaks(game.slice(0, offset)) + 1;

export interface InjectedFault {
  readonly text: string;
  /** Line within the game where the fault must be reported. */
  readonly line: number;
  /** Codes that describe it (any one will do). */
  readonly codes: readonly string[];
  /** Half-moves the game still replays. */
  readonly plies?: number;
}

/**
 * The game cut right after the piece letter of a piece move in its second
 * half (as a truncated download ends): what is left of the move is no move.
 */
export function truncate(game: string): InjectedFault | undefined {
  const moves = mainlineMoves(game);
  if (!moves || moves.length < 10) return undefined;
  const cut = moves.slice(Math.floor(moves.length / 2)).find((move) => /^[NBRQK][a-h]/.test(move.san));
  if (!cut) return undefined;
  return { text: game.slice(0, cut.offset + 1), line: lineWithin(game, cut.offset), codes: ['unknown-token'] };
}

/**
 * The game cut at the end of its first line of moves, as a file cut at a line
 * break ends: every move left is whole and legal, but the Result tag promises
 * a finished game and no termination marker comes. Where it is reported: at
 * the Result tag or at the end of what is left (either line will do).
 */
export function truncateAtLineEnd(game: string): (InjectedFault & { readonly otherLine: number }) | undefined {
  const moves = mainlineMoves(game);
  if (!moves || moves.length < 10 || !/\[Result "(1-0|0-1|1\/2-1\/2)"\]/.test(game)) return undefined;
  const firstMoveLine = lineWithin(game, moves[0].offset);
  const lastKept = moves.filter((move) => lineWithin(game, move.offset) === firstMoveLine).at(-1);
  if (!lastKept || lastKept === moves.at(-1)) return undefined;
  const end = lastKept.offset + lastKept.san.length;
  return { text: game.slice(0, end), line: lineWithin(game, game.search(/\[Result /)), otherLine: firstMoveLine, codes: [] };
}

/**
 * The move at `ply` replaced by a king move two ranks away, which no position
 * allows (chessops confirms the replacement is not legal).
 */
export function illegalMove(game: string, ply: number): InjectedFault | undefined {
  const moves = mainlineMoves(game);
  if (!moves || moves.length <= ply) return undefined;
  const position = Chess.default();
  for (const move of moves.slice(0, ply)) {
    const parsed = parseSan(position, move.san);
    if (!parsed) return undefined;
    position.play(parsed);
  }
  const king = position.board.kingOf(position.turn);
  if (king === undefined) return undefined;
  for (let square = 0; square < 64; square++) {
    // Two ranks away: a king move along its own rank could read as castling (`Kg1`, `Ka1`), which lenient readers accept.
    const san = `K${makeSquare(square)}`;
    if (Math.abs(squareRank(square) - squareRank(king)) < 2 || parseSan(position, san) !== undefined) continue;
    const target = moves[ply];
    return {
      text: game.slice(0, target.offset) + san + game.slice(target.offset + target.san.length),
      line: lineWithin(game, target.offset),
      codes: ['no-piece-can-reach', 'illegal-move'],
      plies: ply,
    };
  }
  return undefined;
}

/**
 * The Result tag given a value the PGN standard does not allow (`2-0`): a
 * malformed tag on its own line, and a tag that disagrees with the moves.
 */
export function badResultTag(game: string): InjectedFault | undefined {
  const at = game.search(/\[Result "[^"]*"\]/);
  if (at < 0) return undefined;
  const end = game.indexOf(']', at) + 1;
  return { text: `${game.slice(0, at)}[Result "2-0"]${game.slice(end)}`, line: lineWithin(game, at), codes: ['malformed-tag'] };
}
