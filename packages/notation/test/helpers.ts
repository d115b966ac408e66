/** Small helpers for the notation tests. */
import type { MoveNode, MoveReading, MoveToken, ParsedGame } from '../src/index.js';
import { parsePgn } from '../src/index.js';

export function onlyGame(text: string): ParsedGame {
  const games = parsePgn(text);
  if (games.length !== 1) throw new Error(`expected one game, got ${games.length}`);
  return games[0];
}

export function moveAt(game: ParsedGame, index: number): MoveToken {
  const node: MoveNode = game.moves[index];
  if (node.kind !== 'move') throw new Error(`node ${index} is a null move`);
  return node;
}

export const texts = (game: ParsedGame): string[] => game.moves.map((move) => move.text);

/** The reading for a language (or the language-independent one). */
export function readingFor(readings: readonly MoveReading[], language: string): MoveReading | undefined {
  return readings.find((reading) => reading.languages === 'any' || (reading.languages as readonly string[]).includes(language));
}

export const codes = (game: ParsedGame): string[] => game.problems.map((problem) => problem.code);
