/** The corpus's held-out games (90,001 on), never used for tuning, as reference games. */
import { readGames, sharedPath } from '@zapis/testkit';
import { referenceGame, type ReferenceGame } from '../src/evaluation/reference-games.js';

export async function heldOutGames(count: number): Promise<ReferenceGame[]> {
  const games: ReferenceGame[] = [];
  let index = 0;
  for await (const raw of readGames(sharedPath('corpora/gnu-book/games-000001-100000.pgn.gz'))) {
    if (++index < 90_001) continue;
    const game = referenceGame(raw.text);
    if (game) games.push(game);
    if (games.length >= count) break;
  }
  return games;
}
