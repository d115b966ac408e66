/**
 * A game read twice from the same cells: by the ensemble (PP-OCR and the
 * notation network, scores summed) and by PP-OCR alone. Neither reader wins
 * everywhere: the ensemble reads degraded images far better and PP-OCR
 * alone reads clean scans and printed moves with less doubt.
 * The reading that leaves fewer moves in doubt is kept, and every move the
 * other reading decodes otherwise is marked `readers-differ`: with every doubt
 * listed it goes to review; with review by risk (review-risk.ts) the
 * difference weighs in the move's risk, and it always goes to review when
 * PP-OCR alone's reading was kept.
 */
import type { Result } from '@zapis/core';
import type { DecodedGame, DecodedMove, DecodeError } from './decode.js';
import type { Rival } from './rival.js';

/** A decoding's result: the game, or why there is none. */
export type DecodeOutcome = Result<DecodedGame, DecodeError>;

/** Which reading was kept, and where the other differs. */
export interface CrossCheckSummary {
  /** 'ensemble': both networks' scores summed; 'alone': PP-OCR alone. */
  readonly kept: 'ensemble' | 'alone';
  /** Plies the other reading decodes otherwise (or does not reach), now on the review list unless a person confirmed them. */
  readonly differing: readonly number[];
}

/** The summary and the kept game, with the readers' differences on its review list. */
export interface CrossChecked extends CrossCheckSummary {
  readonly decoded: DecodeOutcome;
}

const withoutMarks = (san: string): string => san.replace(/[+#]$/u, '');

/** Share of a decoding's moves sent to review; a failed decoding counts as all in doubt. */
function doubtShare(outcome: DecodeOutcome): number {
  if (!outcome.ok) return 1;
  const moves = outcome.value.moves;
  return moves.length === 0 ? 1 : moves.filter((move) => move.review).length / moves.length;
}

/** A decoding's mean confidence over its moves; a failed decoding has none. */
function meanConfidence(outcome: DecodeOutcome): number {
  if (!outcome.ok || outcome.value.moves.length === 0) return 0;
  return outcome.value.moves.reduce((sum, move) => sum + move.confidence, 0) / outcome.value.moves.length;
}

/**
 * How much surer the ensemble's decoding must be, on average, to be kept where both send every move to review. That
 * tie is both players' sheets of a game, one of them written in a hand the readers cannot read: each move is a
 * correction on that sheet in both decodings. There the ensemble, read on the other sheet, can be sure of its game
 * while PP-OCR alone is sure of none. A tie with some moves not in doubt keeps PP-OCR alone: in the desk, the
 * confirmations of a review tie the two often, and the kept game would change back and forth with them.
 */
export const SURER_ON_A_TIE = 0.05;

/**
 * Which decoding the cross-check keeps: the one with the smaller share of moves sent to review; where both send every
 * move, the clearly surer one (SURER_ON_A_TIE); else, on a tie, PP-OCR alone (the one that reads printed moves). Both failed: the one that got further.
 */
export function keptReading(ensemble: DecodeOutcome, alone: DecodeOutcome): CrossCheckSummary['kept'] {
  if (!ensemble.ok && !alone.ok) return furtherFailure(ensemble.error, alone.error);
  const [ensembleShare, aloneShare] = [doubtShare(ensemble), doubtShare(alone)];
  const allInDoubt = ensembleShare === 1 && aloneShare === 1;
  return ensembleShare < aloneShare || (allInDoubt && meanConfidence(ensemble) > meanConfidence(alone) + SURER_ON_A_TIE) ? 'ensemble' : 'alone';
}

/** Keeps the decoding keptReading chooses and flags where the other differs. */
export function crossCheck(ensemble: DecodeOutcome, alone: DecodeOutcome): CrossChecked {
  const kept = keptReading(ensemble, alone);
  const [chosen, other] = kept === 'ensemble' ? [ensemble, alone] : [alone, ensemble];
  if (!chosen.ok) return { kept, decoded: chosen, differing: [] };
  const otherMoves = other.ok ? other.value.moves : [];
  const differing: number[] = [];
  const moves = chosen.value.moves.map((move, index): DecodedMove => {
    const otherMove = otherMoves[index] as DecodedMove | undefined;
    // Check marks aside: after an earlier difference the same move can check in one game and not the other.
    if (move.confirmed || (otherMove !== undefined && withoutMarks(otherMove.san) === withoutMarks(move.san))) return move;
    differing.push(move.ply);
    return flagged(move, otherMove);
  });
  const review = moves.filter((move) => move.review).map((move) => move.ply);
  return { kept, decoded: { ok: true, value: { ...chosen.value, moves, review } }, differing };
}

/**
 * Both readings failed: the error of the one that got further. A confirmed move one reading cannot play is
 * refused by the caller (the desk decodes again without it), so refusing the earlier one would drop a move the
 * other reading plays.
 */
function furtherFailure(ensemble: DecodeError, alone: DecodeError): CrossChecked['kept'] {
  return (ensemble.ply ?? 0) > (alone.ply ?? 0) ? 'ensemble' : 'alone';
}

/** The move on the review list for the readers' difference; when nothing else flagged it, the other reading's move is its rival. */
function flagged(move: DecodedMove, otherMove: DecodedMove | undefined): DecodedMove {
  const reviewReasons = [...move.reviewReasons, 'readers-differ' as const];
  const posterior = (san: string): number => move.alternatives.find((alternative) => alternative.san === san)?.probability ?? 0;
  const rival: Rival | undefined = move.review
    ? move.rival
    : otherMove ? { kind: 'move', san: otherMove.san, probability: posterior(otherMove.san) } : { kind: 'game-ends', probability: move.remainder.gameEnds };
  return { ...move, review: true, reviewReasons, ...(rival ? { rival } : {}), ...(otherMove ? { otherReading: otherMove.san } : {}) };
}
