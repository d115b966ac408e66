import { readGames, sharedPath } from '@zapis/testkit';
import { evaluate } from '../src/evaluation/evaluate.js';
import { referenceGame, type ReferenceGame } from '../src/evaluation/reference-games.js';
const games: ReferenceGame[] = [];
let index = 0;
for await (const raw of readGames(sharedPath('corpora/gnu-book/games-000001-100000.pgn.gz'))) {
  index++;
  if (index % 20 !== 0) continue;
  const game = referenceGame(raw.text);
  if (game) games.push(game);
  if (games.length >= Number(process.env.N ?? 25)) break;
}
const configs = JSON.parse(process.env.CONFIGS ?? '[[10,32]]') as [number, number][];
for (const [width, size] of configs) {
  const parts: string[] = [];
  let ms = 0;
  for (const language of ['pl', 'en'] as const) {
    const result = evaluate(games, { language, rate: 0.1, seed: 1_100 + (language === 'pl' ? 0 : 500) }, { language, beamWidth: width, beamSize: size }, false);
    parts.push(`${language} ${(100 * result.correctMoves / result.moves).toFixed(2)} unfl ${(100 * result.unflaggedCorrect / result.unflaggedMoves).toFixed(2)}`);
    ms += result.milliseconds / result.games / 2;
  }
  console.log(`w ${width} s ${size}: ${parts.join(' | ')} ms ${ms.toFixed(0)}`);
}
