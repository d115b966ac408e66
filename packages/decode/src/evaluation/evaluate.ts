/**
 * The evaluation loop shared by the benchmark and the tests: write each real
 * game as a scoresheet transcription, corrupt it, decode it, and count what
 * came out right — for the decoder and for per-move snapping on the same text.
 */
import type { LanguageCode } from '@zapis/notation';
import { NoisyChannel } from '../channel.js';
import type { Result } from '@zapis/core';
import { decodeText, type DecodedGame, type DecodeError, type DecodeOptions } from '../decode.js';
import { snapEachMove } from '../snap-baseline.js';
import { parseTranscription } from '../transcription.js';
import { corruptText } from './corruption.js';
import { seededRandom } from './random.js';
import type { ReferenceGame } from './reference-games.js';
import { randomHabits, writeScoresheet } from './scoresheet-writer.js';

export interface EvaluationCase {
  readonly language: LanguageCode;
  /** Corruption per character (0.02 = 2%). */
  readonly rate: number;
  readonly seed: number;
  /** Share of half-moves the writer leaves out (default: the writer's habit); 0 with rate 0 is a clean sheet. */
  readonly unwritten?: number;
}

export interface EvaluationResult {
  readonly games: number;
  readonly moves: number;
  readonly correctMoves: number;
  readonly exactGames: number;
  readonly flaggedMoves: number;
  /** Flagged because what was read is not the move (corrections.ts). */
  readonly correctedMoves: number;
  /** Flagged because the confidence is below the threshold. */
  readonly uncertainMoves: number;
  readonly unflaggedMoves: number;
  readonly unflaggedCorrect: number;
  readonly languageRight: number;
  readonly baselineCorrectMoves: number;
  readonly milliseconds: number;
  /** (confidence, right) for every decoded move, for calibration. */
  readonly confidences: readonly (readonly [number, boolean])[];
}

/** What the evaluation saw of one game (for reports on what went wrong). */
export interface GameOutcome {
  readonly game: ReferenceGame;
  readonly noisy: string;
  readonly decoded: Result<DecodedGame, DecodeError> | undefined;
}

export function evaluate(games: readonly ReferenceGame[], setup: EvaluationCase, options: DecodeOptions = {}, baseline = true,
  onGame?: (outcome: GameOutcome) => void): EvaluationResult {
  const random = seededRandom(setup.seed);
  const channel = NoisyChannel.create();
  let moves = 0, correctMoves = 0, exactGames = 0, flaggedMoves = 0, correctedMoves = 0, uncertainMoves = 0, unflaggedMoves = 0, unflaggedCorrect = 0;
  let languageRight = 0, baselineCorrectMoves = 0, milliseconds = 0;
  const confidences: [number, boolean][] = [];
  for (const game of games) {
    const habits = { ...randomHabits(setup.language, random), ...(setup.unwritten !== undefined ? { unwritten: setup.unwritten } : {}) };
    const sheet = writeScoresheet(game.moves, habits, random);
    const noisy = corruptText(sheet.text, setup.rate, random);
    const started = performance.now();
    const [decoded] = decodeText(noisy, { channel, ...options });
    milliseconds += performance.now() - started;
    moves += game.san.length;
    const result = decoded?.decoded;
    onGame?.({ game, noisy, decoded: result });
    if (result?.ok) {
      const got = result.value.moves;
      if (result.value.language === setup.language) languageRight++;
      let allRight = got.length === game.san.length;
      got.forEach((move, index) => {
        const right = game.san[index] === move.san;
        if (right) correctMoves++;
        else allRight = false;
        confidences.push([move.confidence, right]);
        if (move.corrected) correctedMoves++;
        if (move.reviewReasons.includes('uncertain')) uncertainMoves++;
        if (move.review) flaggedMoves++;
        else {
          unflaggedMoves++;
          if (right) unflaggedCorrect++;
        }
      });
      if (allRight) exactGames++;
    }
    if (baseline) {
      const [parsed] = parseTranscription(noisy);
      if (parsed) {
        const snapped = snapEachMove(parsed.sheet, setup.language, channel);
        snapped.san.forEach((san, index) => {
          if (game.san[index] === san) baselineCorrectMoves++;
        });
      }
    }
  }
  return {
    games: games.length, moves, correctMoves, exactGames, flaggedMoves, correctedMoves, uncertainMoves, unflaggedMoves, unflaggedCorrect,
    languageRight, baselineCorrectMoves, milliseconds, confidences,
  };
}
