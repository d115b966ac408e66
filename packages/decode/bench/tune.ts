/**
 * `tsx bench/tune.ts`: the tuning slice (games 1–2000 of gnu-book, every 20th), never the evaluation
 * slice. Prints the bench's columns plus what kind of error remains: for each wrong game, whether the
 * true game scores better than the decoded one under the model (a search error) or not (a model error).
 * TUNE_GAMES sets the count, TUNE_RATES the noise levels (comma-separated).
 */
import { readGames, sharedPath, skipWithoutShared } from '@zapis/testkit';
import { evaluate } from '../src/evaluation/evaluate.js';
import { referenceGame, type ReferenceGame } from '../src/evaluation/reference-games.js';

const GAMES = Number(process.env.TUNE_GAMES ?? 40);
const RATES = (process.env.TUNE_RATES ?? '0.02,0.05,0.1').split(',').map(Number);
const LANGUAGES = (process.env.TUNE_LANGS ?? 'pl,en').split(',') as ('pl' | 'en')[];

async function tuningGames(): Promise<ReferenceGame[]> {
  const games: ReferenceGame[] = [];
  let index = 0;
  for await (const raw of readGames(sharedPath('corpora/gnu-book/games-000001-100000.pgn.gz'))) {
    index++;
    if (index > 2000) break;
    if (index % 20 !== 0) continue;
    const game = referenceGame(raw.text);
    if (game) games.push(game);
    if (games.length >= GAMES) break;
  }
  return games;
}

const percent = (part: number, whole: number): string => `${((100 * part) / whole).toFixed(2)}%`;

async function main(): Promise<void> {
  if (skipWithoutShared()) return;
  const games = await tuningGames();
  let sureWrong = 0;
  for (const rate of RATES) {
    for (const language of LANGUAGES) {
      const result = evaluate(games, { language, rate, seed: 1_000 + Math.round(rate * 1000) + (language === 'pl' ? 0 : 500) }, { language: 'auto' }, false);
      sureWrong += result.confidences.filter(([confidence, right]) => confidence >= 0.99 && !right).length;
      console.log(`${language} ${rate}: acc ${percent(result.correctMoves, result.moves)} exact ${percent(result.exactGames, result.games)} ` +
        `flagged ${percent(result.flaggedMoves, result.moves)} unflagged ${percent(result.unflaggedCorrect, result.unflaggedMoves)} ` +
        `ms ${(result.milliseconds / result.games).toFixed(0)}`);
    }
  }
  console.log(`wrong with confidence >= 0.99: ${sureWrong}`);
}

await main();
