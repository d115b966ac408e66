/**
 * Parse throughput on the 100,000-game corpus: `pnpm --filter @zapis/notation bench`
 * (or `pnpm exec tsx bench/parse.bench.ts [file.pgn.gz]`).
 */
import { readText, sharedPath, skipWithoutShared } from '@zapis/testkit';
import { parseGames } from '../src/index.js';

async function main(): Promise<void> {
  if (skipWithoutShared()) return;
  const files = process.argv.length > 2 ? process.argv.slice(2) : [
    sharedPath('corpora/gnu-book/games-000001-100000.pgn.gz'),
    sharedPath('corpora/gnu-book/games-000001-100000.pl.pgn.gz'),
  ];
  for (const file of files) {
    const text = await readText(file);
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      let games = 0;
      let moves = 0;
      let problems = 0;
      for (const game of parseGames(text)) {
        games++;
        moves += game.moves.length;
        problems += game.problems.length;
      }
      const seconds = (performance.now() - started) / 1000;
      console.log(`${file.split('/').pop()}: ${games} games, ${moves} moves, ${problems} problems, ` +
        `${(text.length / 1e6).toFixed(1)} M chars in ${seconds.toFixed(2)} s = ${Math.round(games / seconds)} games/s, ` +
        `${(text.length / 1e6 / seconds).toFixed(1)} M chars/s`);
    }
  }
}

await main();
