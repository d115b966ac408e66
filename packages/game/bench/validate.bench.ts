/**
 * Validation speed: parse + replay of the 100,000-game gnu-book corpus by zapis
 * (as `zapis validate` does it, language detection on: the export-SAN fast lane,
 * and the full grammar and replay for every game it does not vouch for) and by
 * chessops (parsePgn, then every mainline SAN read and played), side by side in
 * the same run. The full path alone (parse + analyseGame for every game) is
 * measured too, for what non-export notation costs.
 * The corpus is unpacked into memory first so neither side is timed on gunzip.
 * Run: pnpm bench (root) or pnpm --filter @zapis/game bench. ZAPIS_BENCH_GAMES limits the games.
 */
import { performance } from 'node:perf_hooks';
import { parsePgn as chessopsParsePgn, startingPosition } from 'chessops/pgn';
import { parseSan } from 'chessops/san';
import { readText, sharedPath, hasShared, SHARED_MISSING_MESSAGE } from '@zapis/testkit';
import { LineIndex, parseGames, parseSection, splitSections } from '@zapis/notation';
import { analyseGame, quickAnalyse } from '../src/index.js';

if (!hasShared()) {
  console.log(SHARED_MISSING_MESSAGE);
  process.exit(0);
}

const limit = Number(process.env.ZAPIS_BENCH_GAMES ?? Infinity);
let text = await readText(sharedPath('corpora', 'gnu-book', 'games-000001-100000.pgn.gz'));
if (Number.isFinite(limit)) {
  let count = 0;
  let cut = 0;
  const pattern = /\n\n\[Event /g;
  while (count < limit && pattern.exec(text)) {
    count++;
    cut = pattern.lastIndex - 7;
  }
  if (count >= limit) text = text.slice(0, cut);
}

function zapis(): { games: number; plies: number; failed: number } {
  let games = 0;
  let plies = 0;
  let failed = 0;
  const lines = new LineIndex(text);
  let at = 0;
  while (at < text.length) {
    const quick = quickAnalyse(text, at, text.length);
    if (quick) {
      games++;
      plies += quick.plies;
      at = quick.end;
      continue;
    }
    const section = splitSections(text, at).next();
    if (section.done) break;
    for (const game of parseSection(text, section.value.start, section.value.end, lines, games + 1)) {
      const report = analyseGame(game, { language: 'auto' });
      games++;
      plies += report.plies;
      if (report.status !== 'ok') failed++;
    }
    at = section.value.end;
  }
  return { games, plies, failed };
}

function zapisFullPath(): { games: number; plies: number; failed: number } {
  let games = 0;
  let plies = 0;
  let failed = 0;
  for (const game of parseGames(text)) {
    const report = analyseGame(game, { language: 'auto' });
    games++;
    plies += report.plies;
    if (report.status !== 'ok') failed++;
  }
  return { games, plies, failed };
}

function chessops(): { games: number; plies: number; failed: number } {
  let games = 0;
  let plies = 0;
  let failed = 0;
  for (const game of chessopsParsePgn(text)) {
    games++;
    const start = startingPosition(game.headers);
    if (start.isErr) {
      failed++;
      continue;
    }
    const position = start.value;
    for (const node of game.moves.mainline()) {
      const move = parseSan(position, node.san);
      if (!move) {
        failed++;
        break;
      }
      position.play(move);
      plies++;
    }
  }
  return { games, plies, failed };
}

function measure(name: string, run: () => { games: number; plies: number; failed: number }) {
  const start = performance.now();
  const result = run();
  const seconds = (performance.now() - start) / 1000;
  const rate = result.games / seconds;
  console.log(`${name.padEnd(10)} ${String(result.games).padStart(7)} games ${String(result.plies).padStart(9)} plies ${seconds.toFixed(2).padStart(7)} s ${Math.round(rate).toString().padStart(7)} games/s  (${result.failed} games with errors)`);
  return rate;
}

console.log(`validate (parse + replay), ${(text.length / 1e6).toFixed(1)} MB of PGN in memory, one core`);
// A short warm-up so both run JIT-compiled code.
const saved = text;
text = saved.slice(0, 400_000);
zapis();
chessops();
text = saved;
const ours = measure('zapis', zapis);
const theirs = measure('chessops', chessops);
const full = measure('zapis full', zapisFullPath);
console.log(`zapis / chessops: ${(ours / theirs).toFixed(2)}x (target: >= 3.5x); full path alone / chessops: ${(full / theirs).toFixed(2)}x`);
