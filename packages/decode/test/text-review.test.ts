/**
 * A transcription's review list earns its length: a correction stays shown (`corrected`, what was read, `{read: …}`)
 * but goes on the list only when a person could reasonably decide otherwise (text-review-risk.ts).
 */
import { describe, expect, it } from 'vitest';
import { decodedGamePgn, decodeText, type DecodedGame, type DecodedMove } from '../src/index.js';
import { riskScore } from '../src/review-risk.js';
import { searchSheets } from '../src/decode.js';
import { parseTranscription } from '../src/transcription.js';
import { TEXT_REVIEW_FEATURES, textReviewFeatures } from '../src/text-review-features.js';
import {
  decidedByRisk, DEFAULT_TEXT_REVIEW_RISK, MOSTLY_DOUBTED, reviewTextByRisk, textReviewScores, withTextReview,
} from '../src/text-review-risk.js';
import { HAND_SET_PRIOR, NOISY, TRUTH } from './noisy-sheet.js';

/**
 * A Ruy Lopez written the Polish way with two cells misread: `Sf8` (2.Nf3: no knight goes to f8, and only Ng1-f3
 * is one glyph away) and `Sd7` (10...Nbd7: both knights go to d7, and the reading does not say which).
 */
const RUY_LOPEZ = ['1. e4 e5', '2. Sf8 Sc6', '3. Gb5 a6', '4. Ga4 Sf6', '5. O-O Ge7', '6. We1 b5', '7. Gb3 d6', '8. c3 O-O',
  '9. h3 Sb8', '10. d4 Sd7'].join('\n');
const SLIP = 3;
const TWO_KNIGHTS = 20;

function decoded(text: string): DecodedGame {
  const [game] = decodeText(text, { language: 'pl' });
  if (!game.decoded.ok) throw new Error(game.decoded.error.message);
  return game.decoded.value;
}

/** The game as the search gives it, before review by risk: every doubted move listed. */
function searched(text: string): DecodedGame {
  const [transcription] = parseTranscription(text);
  const result = searchSheets(transcription.sheet, { language: 'pl' });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const moveAt = (game: DecodedGame, ply: number): DecodedMove => {
  const move = game.moves[ply - 1];
  if (!move) throw new Error(`no ply ${ply}`);
  return move;
};

describe('review of a transcription by risk', () => {
  it('shows a one-glyph slip only one legal move explains as corrected and leaves it off the list; keeps a correction with a rival on it', () => {
    const game = decoded(RUY_LOPEZ);
    const slip = moveAt(game, SLIP);
    expect(slip).toMatchObject({ san: 'Nf3', corrected: true, review: false, reviewReasons: [] });
    expect(slip.cells[0]).toMatchObject({ text: 'Sf8', corrected: true });
    expect(slip.rival).toBeUndefined();
    expect(game.review).not.toContain(SLIP);
    const pgn = decodedGamePgn(game).replace(/\s+/g, ' ');
    expect(pgn).toContain('2. Nf3 {read: Sf8} 2... Nc6');
    // A correction another legal move explains as well stays on the list, with that move as its rival.
    const knights = moveAt(game, TWO_KNIGHTS);
    expect(knights).toMatchObject({ san: 'Nbd7', corrected: true, review: true });
    expect(knights.reviewReasons).toContain('corrected');
    expect(knights.rival).toMatchObject({ kind: 'move', san: 'Nfd7' });
    expect(game.review).toContain(TWO_KNIGHTS);
    expect(pgn).toMatch(/Nbd7 \{read: Sd7\} \{review: [^}]*corrected; confidence [0-9.]+; or Nfd7/);
  });

  it('only takes moves off the list: never adds one, never drops a move nobody wrote', () => {
    // 5...Be7 left out: nobody wrote it, so it stays listed whatever its risk.
    const text = RUY_LOPEZ.replace('5. O-O Ge7', '5. O-O');
    const before = searched(text);
    const after = reviewTextByRisk(before);
    expect(after.moves.map((move) => move.san)).toEqual(before.moves.map((move) => move.san));
    after.moves.forEach((move, index) => {
      if (move.review) expect(before.moves[index].review).toBe(true);
      expect(move.corrected).toBe(before.moves[index].corrected);
    });
    const unwritten = after.moves.find((move) => move.cells.every((cell) => cell.cell === undefined));
    expect(unwritten).toMatchObject({ san: 'Be7', review: true });
    expect(unwritten?.reviewReasons).toContain('unwritten');
    expect(after.review.length).toBeLessThan(before.review.length);
  });

  it('keeps the whole list of a game mostly in doubt, where the decoder is sure of a wrong correction', () => {
    // A game the decoder loses (noisy-sheet.ts): 2.c4 read `4` and decoded 2.e4, with confidence 1.
    const [transcription] = parseTranscription(NOISY);
    const lost = searchSheets(transcription.sheet, { language: 'pl', movePrior: HAND_SET_PRIOR });
    if (!lost.ok) throw new Error(lost.error.message);
    const doubted = lost.value.moves.filter((move) => move.review).length;
    expect(doubted).toBeGreaterThanOrEqual(MOSTLY_DOUBTED * lost.value.moves.length);
    expect(moveAt(lost.value, 3)).toMatchObject({ san: 'e4', corrected: true, review: true });
    expect(TRUTH[2]).toBe('c4');
    expect(decidedByRisk(lost.value, DEFAULT_TEXT_REVIEW_RISK.floor).some(Boolean)).toBe(false);
    expect(reviewTextByRisk(lost.value).review).toEqual(lost.value.review);
    expect(decidedByRisk(searched(RUY_LOPEZ), DEFAULT_TEXT_REVIEW_RISK.floor)[SLIP - 1]).toBe(true);
  });

  it('leaves a decode of scored cells (a scan) as the search gave it: the scans have their own review', () => {
    const before = searched(RUY_LOPEZ);
    const [transcription] = parseTranscription(RUY_LOPEZ);
    const scored = { cells: transcription.sheet.cells.map((cell) => ({ ...cell, score: () => 0 })) };
    const scan = withTextReview({ ok: true, value: before }, scored);
    expect(scan.ok && scan.value).toBe(before);
    expect(moveAt(before, SLIP).review).toBe(true);
    const text = withTextReview({ ok: true, value: before }, transcription.sheet);
    expect(text.ok && moveAt(text.value, SLIP).review).toBe(false);
  });
});

describe('the text review model', () => {
  const game = searched(RUY_LOPEZ);
  const features = textReviewFeatures(game, (move) => move.review);
  const slip = features[SLIP - 1] ?? [];
  const feature = (name: (typeof TEXT_REVIEW_FEATURES)[number]): number => TEXT_REVIEW_FEATURES.indexOf(name);
  /** The slip's score with one feature set to `value`. */
  const scoreWith = (name: (typeof TEXT_REVIEW_FEATURES)[number], value: number): number =>
    riskScore(slip.map((own, index) => (index === feature(name) ? value : own)), DEFAULT_TEXT_REVIEW_RISK);
  const rises = (name: (typeof TEXT_REVIEW_FEATURES)[number], values: readonly number[]): void => {
    const scores = values.map((value) => scoreWith(name, value));
    for (let k = 1; k < scores.length; k++) expect(scores[k], `${name} = ${values[k]}`).toBeGreaterThan(scores[k - 1]);
  };

  it('says what a one-glyph slip only one legal move explains looks like', () => {
    expect(slip[feature('glyphs between the reading and the move')]).toBe(1);
    expect(slip[feature('other legal moves as near the reading as the move')]).toBe(0);
    expect(slip[feature('glyphs between the reading and the nearest other legal move, beyond those to the move')]).toBeGreaterThanOrEqual(1);
    const knights = features[TWO_KNIGHTS - 1] ?? [];
    expect(knights[feature('other legal moves as near the reading as the move')]).toBeGreaterThanOrEqual(1);
    expect(knights[feature('glyphs between the reading and the nearest other legal move, beyond those to the move')]).toBe(0);
  });

  it('is the riskier the less sure the decoder is of the move, and the surer of its rival', () => {
    rises('log(1 - confidence)', [1e-5, 1e-3, 0.05, 0.3].map(Math.log));
    rises('log(probability of the rival)', [1e-5, 1e-3, 0.05, 0.3].map(Math.log));
  });

  it('is the riskier the more legal moves explain the reading as well, and the less the reading sets the move apart', () => {
    rises('other legal moves as near the reading as the move', [0, 1, 2, 4]);
    rises('glyphs between the reading and the nearest other legal move, beyond those to the move', [3, 2, 1, 0]);
  });

  it('is the riskier the more of the game is in doubt', () => {
    rises('share of the game’s moves the decoder doubts', [0, 0.1, 0.3, 0.6]);
  });

  it('scores the moves it decides with the model, and no other move', () => {
    const scores = textReviewScores(game);
    game.moves.forEach((move, index) => {
      if (!move.review) expect(scores[index]).toBeUndefined();
    });
    expect(scores[SLIP - 1]).toBeCloseTo(riskScore(slip, DEFAULT_TEXT_REVIEW_RISK), 10);
    expect(scores[SLIP - 1]).toBeLessThan(DEFAULT_TEXT_REVIEW_RISK.threshold);
    expect(scores[TWO_KNIGHTS - 1]).toBeGreaterThanOrEqual(DEFAULT_TEXT_REVIEW_RISK.threshold);
  });
});
