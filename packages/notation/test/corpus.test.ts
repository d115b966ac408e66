/** The 100,000-game corpus and its Polish twin: every game parses cleanly. */
import { readText, sharedPath, skipWithoutShared } from '@zapis/testkit';
import { describe, expect, it } from 'vitest';
import { parseGames } from '../src/index.js';

const skip = skipWithoutShared();
const GAMES = 100_000;

/** Moves per game of the English file, to compare with the Polish twin. */
let englishMoveCounts: Int32Array | undefined;

async function checkCorpus(file: string, language: 'en' | 'pl'): Promise<Int32Array> {
  const text = await readText(sharedPath('corpora/gnu-book', file));
  const counts = new Int32Array(GAMES);
  let games = 0;
  let withoutTags = 0;
  let withoutMoves = 0;
  let emptyWithoutResult = 0;
  let problems = 0;
  let unreadInLanguage = 0;
  let lastLine = 0;
  for (const game of parseGames(text)) {
    if (games < GAMES) counts[games] = game.moves.length;
    games++;
    if (game.tags.length === 0) withoutTags++;
    if (game.moves.length === 0) withoutMoves++;
    if (game.moves.length === 0 && !game.result) emptyWithoutResult++;
    problems += game.problems.length;
    expect(game.span.line).toBeGreaterThan(lastLine);
    lastLine = game.span.line;
    for (const move of game.moves) {
      if (move.kind !== 'move') continue;
      const understood = move.readings.some((reading) => reading.languages === 'any' || reading.languages.includes(language));
      if (!understood) unreadInLanguage++;
    }
  }
  // Six games of the corpus have a result and no moves at all (e.g. game 63,274, Kortchnoi–Andruet 1986, `1/2-1/2`).
  expect({ games, withoutTags, withoutMoves, emptyWithoutResult, problems, unreadInLanguage }).toEqual({
    games: GAMES, withoutTags: 0, withoutMoves: 6, emptyWithoutResult: 0, problems: 0, unreadInLanguage: 0,
  });
  return counts;
}

describe.skipIf(skip)('gnu-book corpus', () => {
  it('parses all 100,000 English games without a syntax problem', async () => {
    englishMoveCounts = await checkCorpus('games-000001-100000.pgn.gz', 'en');
  });

  it('parses all 100,000 Polish games (K H W G S) without a syntax problem, move for move like the English', async () => {
    const polish = await checkCorpus('games-000001-100000.pl.pgn.gz', 'pl');
    if (englishMoveCounts) expect(polish).toEqual(englishMoveCounts);
  });
});
