/**
 * Which doubted moves of a transcription (OCR'd text) go to review, by the risk that each is wrong. The decoder
 * doubts a move it corrected (what was read is not the move) or is less than the review threshold sure of; on a
 * noisy text most such moves are one-glyph slips that only one legal move explains, and a person would only agree.
 * The risk weighs what a person would weigh (text-review-features.ts): the decoder's confidence and its rival's,
 * how far the reading is from the move and from the other legal moves, whether it names another square, and the
 * doubt around the move. It is a logistic model of the same kind as the scans' (review-risk.ts), fitted on
 * tuning-slice transcriptions only (evaluation/fit-text-review-risk.ts), its threshold set for a target share of
 * wrong moves among the doubted moves it leaves off, at each noise level.
 *
 * A move left off keeps what shows it was corrected (`corrected`, the cell's text: `{read: Tf3}`); it loses only its
 * place on the list, its reasons and its rival. A move nobody wrote, one the deep search decoded otherwise, one the
 * decoder gives less than the model's floor, and every doubted move of a game mostly in doubt (MOSTLY_DOUBTED) stay on
 * the list whatever their risk; the model never adds a move.
 */
import type { Result } from '@zapis/core';
import type { DecodedGame, DecodedMove, ReviewReason } from './decode.js';
import type { Sheet } from './readings.js';
import { riskScore, type ReviewRiskModel } from './review-risk.js';
import { textReviewFeatures } from './text-review-features.js';

/**
 * Fitted by evaluation/fit-text-review-risk.ts on tuning-slice transcriptions (games 1–2000 of gnu-book, Polish and
 * English, 2, 5 and 10% noise), for at most 0.055, 0.055 and 0.25% wrong among the moves left off; floor 0.5.
 */
export const DEFAULT_TEXT_REVIEW_RISK: ReviewRiskModel = {
  mean: [-9.9765, -10.2023, 1.0109, 1.5532, 0.4465, 0.0478, -9.3979, 0.2107],
  scale: [3.1131, 2.8982, 0.3732, 3.1403, 0.6237, 0.2134, 3.4138, 0.0936],
  weights: [0.7847, 0.9893, 0.012, 0.0431, -0.2659, 0.0233, -0.0031, 0.1041],
  intercept: -6.4239,
  threshold: -4.8012,
  floor: 0.5,
};

/** The reasons the risk may weigh: the decoder's doubts about what a text says. Any other keeps a move listed. */
const WEIGHED: readonly ReviewReason[] = ['uncertain', 'corrected'];

/**
 * A game the decoder doubts at least this share of the moves of keeps its whole list: on a text read that badly
 * the decoder can be sure of a wrong correction (a game it lost), and the moves around it say nothing of it. Set by
 * hand on the tuning slice: in such games the doubted moves the risk would leave off were far more often wrong than
 * in any other.
 */
export const MOSTLY_DOUBTED = 1 / 2;

/** A doubted move the risk may decide: every reason it has is weighed, and it is at least the floor sure. */
function weighable(move: DecodedMove, floor: number): boolean {
  return !move.confirmed && move.review && move.confidence >= floor && move.reviewReasons.every((reason) => WEIGHED.includes(reason));
}

/** Per move, whether the risk decides it: a weighable move of a game less than MOSTLY_DOUBTED doubted. */
export function decidedByRisk(game: DecodedGame, floor: number): boolean[] {
  const doubted = game.moves.filter((move) => move.reviewReasons.length > 0).length;
  const wholeList = doubted >= MOSTLY_DOUBTED * game.moves.length;
  return game.moves.map((move) => !wholeList && weighable(move, floor));
}

/** Per move, its score (log-odds of being wrong) when the risk decides it (decidedByRisk), else undefined. */
export function textReviewScores(game: DecodedGame, model: ReviewRiskModel = DEFAULT_TEXT_REVIEW_RISK): (number | undefined)[] {
  const decided = decidedByRisk(game, model.floor);
  return textReviewFeatures(game, (_move, index) => decided[index]).map((features) => (features ? riskScore(features, model) : undefined));
}

/** The game with the doubted moves whose risk is below the model's threshold taken off the review list. */
export function reviewTextByRisk(game: DecodedGame, model: ReviewRiskModel = DEFAULT_TEXT_REVIEW_RISK): DecodedGame {
  const scores = textReviewScores(game, model);
  if (scores.every((score) => score === undefined || score >= model.threshold)) return game;
  const moves = game.moves.map((move, index): DecodedMove => {
    const score = scores[index];
    if (score === undefined || score >= model.threshold) return move;
    const { rival: _rival, otherReading: _otherReading, ...rest } = move;
    return { ...rest, review: false, reviewReasons: [] };
  });
  return { ...game, moves, review: moves.filter((move) => move.review).map((move) => move.ply) };
}

/** A decode of sheets with its review by risk when the sheets are a transcription's (no cell scored, as a scan's are). */
export function withTextReview<E>(decoded: Result<DecodedGame, E>, input: Sheet | readonly Sheet[]): Result<DecodedGame, E> {
  const sheets: readonly Sheet[] = Array.isArray(input) ? input : [input as Sheet];
  const scored = sheets.some((sheet) => sheet.cells.some((cell) => cell.score !== undefined));
  return decoded.ok && !scored ? { ok: true, value: reviewTextByRisk(decoded.value) } : decoded;
}
