/**
 * What a person gave the desk to the games to review: every game of every
 * text, scan pages grouped into games, and a failure for each input, page or
 * game that gives none. Never throws: bad input is a failure on that input only.
 */
import type { DeskFailure, DeskInput } from './desk-input.js';
import type { DeskGameSource } from './game-source.js';
import { scanGames } from './scan-games.js';
import { textGames } from './text-games.js';

export interface GamesOfOptions {
  /** Games taken two by two as White's and Black's sheets of one game (texts: consecutive games; scans: as `zapis read --pair`). */
  readonly pair?: boolean;
}

export function gamesOf(inputs: readonly DeskInput[], options: GamesOfOptions = {}): { games: DeskGameSource[]; failures: DeskFailure[] } {
  const pair = options.pair === true;
  const games: DeskGameSource[] = [];
  const failures: DeskFailure[] = [];
  for (const input of inputs) {
    if (input.kind !== 'text') continue;
    try {
      const found = textGames(input, pair);
      games.push(...found.games);
      failures.push(...found.failures);
    } catch (error) {
      failures.push({ inputId: input.id, name: input.name, code: 'internal', message: `could not read the text: ${(error as Error).message}` });
    }
  }
  // Scan pages group across inputs: White's and Black's copies may be separate files.
  const scans = inputs.filter((input): input is Extract<DeskInput, { kind: 'scan' }> => input.kind === 'scan');
  if (scans.length > 0) {
    try {
      const found = scanGames(scans, pair);
      games.push(...found.games);
      failures.push(...found.failures);
    } catch (error) {
      for (const input of scans) failures.push({ inputId: input.id, name: input.name, code: 'internal', message: `could not group the pages: ${(error as Error).message}` });
    }
  }
  // In the order the inputs came (a scan game by its first page's input).
  const order = new Map(inputs.map((input, index) => [input.id, index]));
  const rank = (game: DeskGameSource): number => order.get(game.kind === 'text' ? game.inputId : game.inputIds[0]) ?? inputs.length;
  games.sort((a, b) => rank(a) - rank(b));
  failures.sort((a, b) => (order.get(a.inputId) ?? 0) - (order.get(b.inputId) ?? 0));
  return { games, failures };
}
