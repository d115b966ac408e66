/**
 * Which moves of a cross-checked scan go to review, by the risk that each is
 * wrong. The decoder's and the cross-check's reasons are each a yes or no; on
 * handwriting the readers never saw they fire together on most of a hard sheet
 * and on many right moves of an easy one. The risk weighs the evidence
 * instead: how sure the decoder is of the move, whether the other reader
 * decodes another move there, and how much of the whole game the decoder
 * doubts (a sheet read badly makes every move on it riskier). It is a logistic
 * model fitted on tune-set sheets only (@zapis/reading's evaluation/fit-review-risk.ts), and
 * its threshold is fitted for a target share of wrong moves among those it
 * does not send to review, in each kind of image.
 *
 * A move the decoder corrected (the game against what the reader saw), that
 * one reader of the ensemble alone would call a correction ('disputed'), that
 * no sheet holds, or that the decoder gives less than 90% is always on the
 * review list: every correction is shown, and no guess is passed as read.
 * One exception, for both players' sheets read together: a dispute on one
 * sheet is outvoted when another sheet holds the move read as written with no
 * reader objecting. Two writers wrote it and every reader of that other cell
 * reads it, so the move's risk decides, as for any move read as written.
 */
import { DEFAULT_REVIEW_THRESHOLD } from './channel-parameters.js';
import type { DecodeOptions, DecodedGame, DecodedMove, ReviewReason } from './decode.js';
import { nearestOtherMove } from './nearest-move.js';
import type { Rival } from './rival.js';

/**
 * The name (`CellWitness.reader`) of the reader whose reading alone is decoded as the cross-check's second reading
 * (`@zapis/ocr` names PP-OCR so): a dispute only it raises is one reader objecting twice.
 */
export const CROSS_CHECK_READER = 'pp-ocr';

export interface ReviewRiskModel {
  /** Per feature (REVIEW_RISK_FEATURES order): the mean and spread it is standardised with, and its weight. */
  readonly mean: readonly number[];
  readonly scale: readonly number[];
  readonly weights: readonly number[];
  readonly intercept: number;
  /** A move whose score (log-odds of being wrong) reaches this goes to review. */
  readonly threshold: number;
  /** A move the decoder gives less than this probability goes to review whatever its score. */
  readonly floor: number;
}

/**
 * The share of a game's unconfirmed moves in doubt (on the review list, or disputed by a reader with no other sheet
 * outvoting it) from which the whole game is on the list: three in five. A game doubted that much may hide wrong
 * moves among those the risk leaves off: a hand read so badly that the search decoded another legal game has most
 * of its moves in doubt, and its wrong moves that no reader objects to look like any right one. Set by hand with
 * `@zapis/reading`'s `evaluation/review-replay.ts` on development sheets, not fitted.
 */
export const MOSTLY_IN_DOUBT = 3 / 5;

/**
 * The share of a game's unconfirmed moves that must be on the review list on their own (by risk or a reason that
 * always lists) for MOSTLY_IN_DOUBT to list the whole game: one in four. Below it the doubt is the disputes of one
 * reader, PP-OCR alone, whose own decoding of a hand it reads badly parts from the ensemble's at nearly every move;
 * the ensemble's game is then read well, and listing it whole would mostly send right moves to review. Set with
 * `@zapis/reading`'s `evaluation/review-replay.ts`.
 */
export const LISTED_ON_ITS_OWN = 1 / 4;

/** What the risk is computed from, in the model's order. */
export const REVIEW_RISK_FEATURES = [
  'log(1 - confidence)', 'readers differ', 'share of the game below 0.99 confidence', 'mean confidence of the game',
] as const;

/**
 * Fitted by evaluation/fit-review-risk.ts on a leave-fonts-out trial set (tune-set sheets read by a network trained
 * without their fonts), for a target share of wrong moves among those left off in each kind of image; floor 0.9.
 */
export const DEFAULT_REVIEW_RISK: ReviewRiskModel = {
  mean: [-8.4345, 0.1809, 0.0724, 0.976],
  scale: [2.0213, 0.385, 0.1291, 0.1037],
  weights: [0.6809, 0.687, 1.4928, 0.5491],
  intercept: -5.5047,
  threshold: -2.028,
  floor: 0.9,
};

/**
 * Reasons that always send a move to review, whatever its risk: a correction by the ensemble's lights, a move no
 * sheet holds, and a move the deep search decoded otherwise than the first one. A correction by one of its readers alone (`disputed`) does when it stands (disputeStands).
 */
const ALWAYS: readonly ReviewReason[] = ['corrected', 'unwritten', 'searches-differ'];

/** How one sheet accounts for a move (decode's `CellAccount`), as far as review needs it. */
export interface SheetEvidence {
  /** The sheet's cell holding the move, when one does. */
  readonly cell?: number;
  readonly corrected?: boolean;
  readonly disputed?: boolean;
  /** The readers that dispute the move here, by name (unknown: taken as readers other than PP-OCR). */
  readonly disputingReaders?: readonly string[];
}

/** What a move's risk is computed from: a decoded move, or one read back from `zapis read --format json`. */
export interface RiskEvidence {
  readonly confidence: number;
  readonly reviewReasons: readonly string[];
  readonly confirmed?: boolean;
  /** Each sheet's account of the move; without it a dispute is never outvoted. */
  readonly cells?: readonly SheetEvidence[];
}

/**
 * Whether a move's dispute is outvoted by another sheet: some sheet's reader disputes it, and another sheet holds it
 * in a cell read as written that no reader disputes. Only both players' sheets read together can give this.
 */
export function disputeOutvoted(move: RiskEvidence): boolean {
  const cells = move.cells ?? [];
  return cells.some((cell) => cell.disputed === true)
    && cells.some((cell) => cell.cell !== undefined && cell.corrected !== true && cell.disputed !== true);
}

/** A dispute no other sheet outvotes. */
export function disputeStands(move: RiskEvidence): boolean {
  return move.reviewReasons.includes('disputed') && !disputeOutvoted(move);
}

/**
 * Whether a move's dispute sends it to review whatever its risk: it stands, and the other decoding (cross-check)
 * decodes another move there. A dispute that the other decoding contradicts, by decoding the same move from the
 * same cells, is left to the risk: forcing it would send many right moves to review for few wrong ones. The
 * whole-sheet rule still counts it (MOSTLY_IN_DOUBT).
 *
 * The other decoding is PP-OCR's alone, so a dispute PP-OCR alone raises, where PP-OCR's own decoding differs, is one
 * reader objecting twice: it is left to the risk too (where the readers' difference weighs). A dispute by the
 * notation network still forces review.
 */
export function disputeForcesReview(move: RiskEvidence): boolean {
  return disputeStands(move) && move.reviewReasons.includes('readers-differ') && disputedBeyondCrossCheck(move);
}

/** Some sheet's dispute of the move is raised by a reader other than the one the cross-check decodes alone (or by readers unnamed). */
function disputedBeyondCrossCheck(move: RiskEvidence): boolean {
  const cells = move.cells ?? [];
  if (!cells.some((cell) => cell.disputed === true)) return true;
  return cells.some((cell) => cell.disputed === true && (cell.disputingReaders === undefined || cell.disputingReaders.some((reader) => reader !== CROSS_CHECK_READER)));
}

/**
 * Reasons that also always send a move to review in a game whose kept reading was `kept`. The model was fitted on
 * games whose ensemble reading was kept; where PP-OCR alone's was kept, the ensemble's every other move is a rival
 * the model never weighed.
 */
export function alsoAlwaysWhenKept(kept: 'ensemble' | 'alone' | undefined): readonly ReviewReason[] {
  return kept === 'alone' ? ['readers-differ'] : [];
}

/**
 * Whether a move goes to review whatever its risk: a reason in ALWAYS or `alsoAlways`, a dispute that forces review
 * (disputeForcesReview), or a confidence below `floor`.
 */
export function alwaysReviewed(move: RiskEvidence, floor: number, alsoAlways: readonly string[] = []): boolean {
  const forces = (reason: string): boolean => (ALWAYS as readonly string[]).includes(reason) || alsoAlways.includes(reason);
  return move.reviewReasons.some(forces) || disputeForcesReview(move) || move.confidence < floor;
}

/** Each move's features (REVIEW_RISK_FEATURES) in a game. */
export function reviewRiskFeatures(moves: readonly RiskEvidence[]): number[][] {
  const count = Math.max(1, moves.length);
  const doubted = moves.filter((move) => move.confirmed !== true && move.confidence < DEFAULT_REVIEW_THRESHOLD).length / count;
  const meanConfidence = moves.reduce((sum, move) => sum + move.confidence, 0) / count;
  return moves.map((move) => [
    Math.log(Math.max(1e-4, 1 - move.confidence)), move.reviewReasons.includes('readers-differ') ? 1 : 0, doubted, meanConfidence,
  ]);
}

/** The score (log-odds that the move is wrong) of one move's features under a model (the scans' or the text's). */
export function riskScore(features: readonly number[], model: ReviewRiskModel): number {
  return features.reduce((score, value, index) => score + model.weights[index] * ((value - model.mean[index]) / model.scale[index]), model.intercept);
}

/** The score (log-odds that the move is wrong) of each move. */
export function reviewRiskScores(moves: readonly RiskEvidence[], model: ReviewRiskModel = DEFAULT_REVIEW_RISK): number[] {
  return reviewRiskFeatures(moves).map((features) => riskScore(features, model));
}

/** The probability that a move is wrong, from its score. */
export const riskOf = (score: number): number => 1 / (1 + Math.exp(-score));

/**
 * Per move, whether review by risk lists it (reviewByRisk; what an evaluation replays from `zapis read` output).
 * `scores` are the moves' scores by `model`; `onItsOwn` and `mostlyInDoubt` are LISTED_ON_ITS_OWN and MOSTLY_IN_DOUBT
 * unless an evaluation replays another rule.
 */
export function reviewListing(
  moves: readonly RiskEvidence[], model: ReviewRiskModel = DEFAULT_REVIEW_RISK, floor = model.floor, scores = reviewRiskScores(moves, model),
  alsoAlways: readonly string[] = [], onItsOwn = LISTED_ON_ITS_OWN, mostlyInDoubt = MOSTLY_IN_DOUBT,
): boolean[] {
  const sent = moves.map((move, index) => move.confirmed !== true && (alwaysReviewed(move, floor, alsoAlways) || scores[index] >= model.threshold));
  // A standing dispute left to the risk still counts as doubt for the whole sheet.
  const inDoubt = moves.filter((move, index) => sent[index] || (move.confirmed !== true && disputeStands(move))).length;
  const open = moves.filter((move) => move.confirmed !== true).length;
  const listedOnItsOwn = sent.filter(Boolean).length;
  const wholeSheet = open > 0 && inDoubt >= mostlyInDoubt * open && listedOnItsOwn >= onItsOwn * open;
  return moves.map((move, index) => move.confirmed !== true && (sent[index] || wholeSheet));
}

/**
 * The game with its review list decided by risk: a move is on it when a person has not confirmed it and it was
 * corrected, is disputed where the other decoding decodes another move (and no other sheet outvotes the dispute), is
 * unwritten, is below `floor` confidence (the model's own unless given), or its risk reaches the model's threshold, or
 * has a reason in `alsoAlways`. A move sent by risk alone, with no reason of its own, is 'doubtful-sheet'. A move left
 * off keeps no reasons, rival or other reading. When at least MOSTLY_IN_DOUBT of the moves a person has not confirmed
 * are listed or disputed (a dispute no other sheet outvotes), the list holds them all (those with no reason of their
 * own as 'doubtful-sheet'), when at least LISTED_ON_ITS_OWN of them are on it on their own: on a sheet read that badly
 * the decoder can be sure of a wrong move no reader objects to.
 * `scores` are the moves' scores by this model, when the caller has them already. A move listed here that the
 * search kept no rival for names the legal move that best explains its cells (none when it was the only legal
 * move), under the channel and move prior the game was decoded with (`decodedWith`).
 */
export function reviewByRisk(
  game: DecodedGame, model: ReviewRiskModel = DEFAULT_REVIEW_RISK, floor = model.floor, scores = reviewRiskScores(game.moves, model),
  alsoAlways: readonly ReviewReason[] = [], decodedWith: Pick<DecodeOptions, 'channel' | 'movePrior'> = {},
): DecodedGame {
  const listed = reviewListing(game.moves, model, floor, scores, alsoAlways);
  const moves = game.moves.map((move, index): DecodedMove => {
    if (move.confirmed) return move;
    if (listed[index]) {
      if (move.review) return move;
      const best = move.alternatives[0];
      const other = best ? undefined : nearestOtherMove(move, game.language, decodedWith);
      const rival: Rival | undefined = best ? { kind: 'move', san: best.san, probability: best.probability } : other ? { kind: 'move', san: other, probability: 0 } : undefined;
      return { ...move, review: true, reviewReasons: ['doubtful-sheet'], ...(rival ? { rival } : {}) };
    }
    if (!move.review) return move;
    const { rival: _rival, otherReading: _otherReading, ...rest } = move;
    return { ...rest, review: false, reviewReasons: [] };
  });
  return { ...game, moves, review: moves.filter((move) => move.review).map((move) => move.ply) };
}
