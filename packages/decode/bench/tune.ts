/**
 * `tsx bench/tune.ts`: the tuning slice (games 1–2000 of gnu-book, every 20th; TUNE_STEP=5 takes every
 * 5th, up to 400 games), never the evaluation slice. Prints the bench's columns plus what kind of error
 * remains: for each wrong game, whether the true game scores better than the decoded one under the model
 * (a search error) or not (a model error).
 * TUNE_GAMES sets the count, TUNE_RATES the noise levels (comma-separated; 0 is a clean sheet, every
 * half-move written, where nothing should be flagged), TUNE_LANGS the languages,
 * TUNE_VERBOSE=1 prints every wrong move with its readings, TUNE_CLASSIFY=0 skips the search-or-model
 * classification (a full-width search per wrong game).
 */
import { initialPosition, moveToUci } from '@zapis/core';
import type { LanguageCode } from '@zapis/notation';
import { readGames, sharedPath, skipWithoutShared } from '@zapis/testkit';
import { DEFAULT_LAYOUT } from '../src/channel-parameters.js';
import { NoisyChannel } from '../src/channel.js';
import type { DecodeOptions } from '../src/decode.js';
import { evaluate, type GameOutcome } from '../src/evaluation/evaluate.js';
import { referenceGame, type ReferenceGame } from '../src/evaluation/reference-games.js';
import { prepareSheet } from '../src/prepared-sheet.js';
import { searchLattice } from '../src/search.js';
import { adaptSpelling } from '../src/spelling-habits.js';
import { spellingPriorsOf } from '../src/spellings.js';
import { parseTranscription } from '../src/transcription.js';

const GAMES = Number(process.env.TUNE_GAMES ?? 40);
/** Every how many games of 1–2000 one is taken (20: up to 100 games; 5: up to 400). */
const STEP = Number(process.env.TUNE_STEP ?? 20);
const RATES = (process.env.TUNE_RATES ?? '0.02,0.05,0.1').split(',').map(Number);
const LANGUAGES = (process.env.TUNE_LANGS ?? 'pl,en').split(',') as ('pl' | 'en')[];
const VERBOSE = process.env.TUNE_VERBOSE === '1';
const CLASSIFY = process.env.TUNE_CLASSIFY !== '0';
/** Extra decode options as JSON (e.g. '{"beamSize":64}'), to compare search settings. */
const OPTIONS = JSON.parse(process.env.TUNE_OPTIONS ?? '{}') as DecodeOptions;

async function tuningGames(): Promise<ReferenceGame[]> {
  const games: ReferenceGame[] = [];
  let index = 0;
  for await (const raw of readGames(sharedPath('corpora/gnu-book/games-000001-100000.pgn.gz'))) {
    index++;
    if (index > 2000) break;
    if (index % STEP !== 0) continue;
    const game = referenceGame(raw.text);
    if (game) games.push(game);
    if (games.length >= GAMES) break;
  }
  return games;
}

const percent = (part: number, whole: number): string => `${((100 * part) / whole).toFixed(2)}%`;
const channel = NoisyChannel.create();

/** The Viterbi score of the given game (UCI per ply) under the model, or -Infinity if it cannot explain the text. */
function scoreOf(noisy: string, language: LanguageCode, only: readonly string[] | undefined): number {
  const [parsed] = parseTranscription(noisy);
  if (!parsed) return -Infinity;
  const sheets = [parsed.sheet];
  const lattice = searchLattice(initialPosition(), sheets.map((sheet) => prepareSheet(sheet, channel, DEFAULT_LAYOUT)), {
    language, channel, spelling: adaptSpelling(sheets, spellingPriorsOf(language)),
    beamWidth: 1e9, beamSize: 1_000_000, layoutSize: 1_000_000, ...(only ? { only } : {}),
  });
  return lattice.bestScore;
}

interface Tally { search: number; model: number }

function classify(outcome: GameOutcome, language: LanguageCode, tally: Tally): void {
  const { game, decoded } = outcome;
  if (!decoded?.ok) return;
  const got = decoded.value.moves;
  const wrong = got.length !== game.san.length || got.some((move, index) => move.san !== game.san[index]);
  if (!wrong) return;
  const truth = scoreOf(outcome.noisy, language, game.moves.map((move) => moveToUci(move.move, false)));
  const chosen = scoreOf(outcome.noisy, language, got.map((move) => move.uci));
  const kind = truth > chosen + 1e-9 ? 'search' : 'model';
  tally[kind]++;
  if (!VERBOSE) return;
  console.log(`  ${kind} error: truth ${truth.toFixed(2)} decoded ${chosen.toFixed(2)} (lang ${decoded.value.language}, ${got.length}/${game.san.length} plies)`);
  const lines = outcome.noisy.split('\n');
  for (let index = 0; index < Math.max(got.length, game.san.length); index++) {
    const move = got[index];
    if (move?.san === game.san[index]) continue;
    const cells = move?.cells.map((cell) => `${cell.use}${cell.text !== undefined ? ` '${cell.text}'` : ''}`).join(' ') ?? '';
    console.log(`    ply ${index + 1}: got ${move?.san ?? '-'} (${move?.confidence.toFixed(3) ?? '-'}${move?.review ? ' flagged' : ''}) want ${game.san[index] ?? '-'}; ${cells}; line '${lines[Math.floor(index / 2)] ?? ''}'`);
  }
}

async function main(): Promise<void> {
  if (skipWithoutShared()) return;
  const games = await tuningGames();
  let sureWrong = 0;
  for (const rate of RATES) {
    for (const language of LANGUAGES) {
      const tally: Tally = { search: 0, model: 0 };
      const setup = { language, rate, seed: 1_000 + Math.round(rate * 1000) + (language === 'pl' ? 0 : 500), ...(rate === 0 ? { unwritten: 0 } : {}) };
      const result = evaluate(games, setup, { language: 'auto', ...OPTIONS }, false,
        (outcome) => (CLASSIFY ? classify(outcome, language, tally) : undefined));
      const all = result.confidences;
      for (const threshold of [0.9, 0.95, 0.98, 0.99, 0.995, 0.999]) {
        const kept = all.filter(([confidence]) => confidence >= threshold);
        console.log(`  threshold ${threshold}: flagged ${percent(all.length - kept.length, all.length)} unflagged right ${percent(kept.filter(([, right]) => right).length, kept.length)}`);
      }
      for (const [low, high] of [[0, 0.5], [0.5, 0.9], [0.9, 0.99], [0.99, 0.999], [0.999, 1.01]] as const) {
        const bin = all.filter(([confidence]) => confidence >= low && confidence < high);
        const mean = bin.reduce((sum, [confidence]) => sum + confidence, 0) / Math.max(1, bin.length);
        console.log(`  bin [${low}, ${high}): ${bin.length} moves, mean confidence ${mean.toFixed(4)}, right ${percent(bin.filter(([, right]) => right).length, Math.max(1, bin.length))}`);
      }
      sureWrong += result.confidences.filter(([confidence, right]) => confidence >= 0.99 && !right).length;
      console.log(`${language} ${rate}: acc ${percent(result.correctMoves, result.moves)} exact ${percent(result.exactGames, result.games)} ` +
        `flagged ${percent(result.flaggedMoves, result.moves)} (uncertain ${percent(result.uncertainMoves, result.moves)}, corrected ${percent(result.correctedMoves, result.moves)}) ` +
        `unflagged ${percent(result.unflaggedCorrect, result.unflaggedMoves)} (${result.unflaggedMoves - result.unflaggedCorrect} wrong) ` +
        `ms ${(result.milliseconds / result.games).toFixed(0)}; wrong games: ${tally.search} search errors, ${tally.model} model errors`);
    }
  }
  console.log(`wrong with confidence >= 0.99: ${sureWrong}`);
}

await main();
