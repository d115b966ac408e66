/**
 * `pnpm bench`: the decoder measured on games it was never tuned on.
 *
 * Tuning used games 1–2000 of the gnu-book corpus (every 20th or 5th), the
 * move prior games 2001–6000 (bench/fit-prior.ts). This run
 * evaluates games 90001 onwards (the first GAMES_PER_CASE that replay),
 * written as Polish and English scoresheet transcriptions with the habits
 * real writers have, corrupted at 2%, 5% and 10% per character by a seeded
 * generator, decoded with `--lang auto`, and compared with per-move snapping
 * on the same texts; then clean transcriptions of the same games (no noise, every half-move written),
 * where nothing should be flagged. DECODE_BENCH_GAMES sets the count per noisy case, DECODE_BENCH_RATES
 * the noise levels (comma-separated), DECODE_BENCH_CLEAN_GAMES the count of clean sheets per language
 * (0: none).
 */
import { readGames, sharedPath, skipWithoutShared } from '@zapis/testkit';
import { DEFAULT_REVIEW_THRESHOLD } from '../src/channel-parameters.js';
import { evaluate, type EvaluationResult } from '../src/evaluation/evaluate.js';
import { referenceGame, type ReferenceGame } from '../src/evaluation/reference-games.js';

const FIRST_EVALUATION_GAME = 90_001;
/**
 * 400 games (about 30,000 moves) a case: at 100, one or two games the search loses move the share of
 * wrong unflagged moves by a few hundredths of a point, as much as the 0.1% target itself allows.
 */
const GAMES_PER_CASE = Number(process.env.DECODE_BENCH_GAMES ?? 400);
const RATES = (process.env.DECODE_BENCH_RATES ?? '0.02,0.05,0.1').split(',').filter((rate) => rate !== '').map(Number);
const CLEAN_GAMES = Number(process.env.DECODE_BENCH_CLEAN_GAMES ?? 200);
const LANGUAGES = ['pl', 'en'] as const;

async function evaluationGames(count: number): Promise<ReferenceGame[]> {
  const games: ReferenceGame[] = [];
  let index = 0;
  for await (const raw of readGames(sharedPath('corpora/gnu-book/games-000001-100000.pgn.gz'))) {
    index++;
    if (index < FIRST_EVALUATION_GAME) continue;
    const game = referenceGame(raw.text);
    if (game) games.push(game);
    if (games.length >= count) break;
  }
  return games;
}

const percent = (part: number, whole: number): string => (whole === 0 ? '—' : `${((100 * part) / whole).toFixed(2)}%`);

function row(language: string, rate: number | 'clean', result: EvaluationResult): string[] {
  return [
    language,
    rate === 'clean' ? 'clean' : `${Math.round(rate * 100)}%`,
    String(result.games),
    String(result.moves),
    percent(result.correctMoves, result.moves),
    percent(result.exactGames, result.games),
    percent(result.flaggedMoves, result.moves),
    percent(result.uncertainMoves, result.moves),
    percent(result.correctedMoves, result.moves),
    percent(result.unflaggedCorrect, result.unflaggedMoves),
    String(result.unflaggedMoves - result.unflaggedCorrect),
    percent(result.languageRight, result.games),
    (result.milliseconds / result.games).toFixed(0),
    percent(result.baselineCorrectMoves, result.moves),
  ];
}

function calibration(results: readonly EvaluationResult[]): string[] {
  const bins = [0, 0.5, 0.7, 0.9, 0.99, 1.000001];
  const lines: string[] = [];
  for (let b = 0; b < bins.length - 1; b++) {
    let count = 0;
    let right = 0;
    let confidence = 0;
    for (const result of results) {
      for (const [value, correct] of result.confidences) {
        if (value < bins[b] || value >= bins[b + 1]) continue;
        count++;
        confidence += value;
        if (correct) right++;
      }
    }
    lines.push(`  confidence [${bins[b].toFixed(2)}, ${Math.min(1, bins[b + 1]).toFixed(2)}${b === bins.length - 2 ? ']' : ')'}: ` +
      `${count} moves, mean confidence ${count ? (confidence / count).toFixed(3) : '—'}, accuracy ${percent(right, count)}`);
  }
  return lines;
}

async function main(): Promise<void> {
  if (skipWithoutShared()) return;
  const allGames = await evaluationGames(Math.max(GAMES_PER_CASE, CLEAN_GAMES));
  const games = allGames.slice(0, GAMES_PER_CASE);
  console.log(`@zapis/decode evaluation: ${games.length} games from game ${FIRST_EVALUATION_GAME} of gnu-book (tuned on games 1–2000), ` +
    `seeded corruption, --lang auto, review threshold ${DEFAULT_REVIEW_THRESHOLD}; clean sheets: ${Math.min(CLEAN_GAMES, allGames.length)} games\n`);
  // flagged: on the review list for any reason; uncertain: below the threshold; corrected: read otherwise than the move.
  const header = ['lang', 'noise', 'games', 'moves', 'move acc', 'games exact', 'flagged', 'uncertain', 'corrected', 'unflagged acc', 'unflagged wrong',
    'lang found', 'ms/game', 'snap baseline'];
  const rows: string[][] = [header];
  const results: EvaluationResult[] = [];
  for (const rate of RATES) {
    for (const language of LANGUAGES) {
      const result = evaluate(games, { language, rate, seed: 90_000 + Math.round(rate * 1000) + (language === 'pl' ? 0 : 500) }, { language: 'auto' });
      results.push(result);
      rows.push(row(language, rate, result));
    }
  }
  if (CLEAN_GAMES > 0) {
    for (const language of LANGUAGES) {
      // Not in the calibration below: every clean move is right, which would flatter it.
      const result = evaluate(allGames.slice(0, CLEAN_GAMES), { language, rate: 0, unwritten: 0, seed: 91_000 + (language === 'pl' ? 0 : 500) },
        { language: 'auto' });
      rows.push(row(language, 'clean', result));
    }
  }
  const widths = header.map((_, column) => Math.max(...rows.map((cells) => cells[column].length)));
  for (const [index, cells] of rows.entries()) {
    console.log(cells.map((cell, column) => cell.padStart(widths[column])).join('  '));
    if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  }
  console.log('\nCalibration over all cases (confidence bins):');
  for (const line of calibration(results)) console.log(line);
}

await main();
