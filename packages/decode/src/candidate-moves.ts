/**
 * The legal moves of a position with what the decoder needs of each: its
 * description (for spellings), standard SAN, prior, and the key of the
 * position it leads to (so equal hypotheses can merge). Built once per
 * position and cached, since beam hypotheses often share positions.
 */
import {
  ROLES, castleSide, hasLegalMove, moveFrom, movePromotion, moveTarget, moveTo, moveToUci, type Move,
  type MoveDescription, type Position, type Role,
} from '@zapis/core';
import {
  KIND_CASTLE, KIND_EN_PASSANT, disambiguationOf, englishSan, generateLegalMoves, moveKind, newMoveBuffer,
} from '@zapis/core/internal';
import { positionFacts } from './move-features.js';
import { moveLogWeight, normaliseLogWeights, type MovePriorWeights } from './move-prior.js';

export interface CandidateMove {
  readonly move: Move;
  readonly uci: string;
  /** Standard English SAN, as PGN export writes it. */
  readonly san: string;
  readonly description: MoveDescription;
  readonly logPrior: number;
  /** `uci|san`: identifies the move and how it is written, across positions. */
  readonly key: string;
  /** The position after the move, by its Zobrist hash. */
  readonly childLo: number;
  readonly childHi: number;
}

const legal = newMoveBuffer();
const roleOf = (code: number): Role => ROLES[(code & 7) - 1];

interface Described {
  readonly description: MoveDescription;
  readonly childLo: number;
  readonly childHi: number;
}

/** Describes every legal move and keys the position it leads to (the position is left as it was). */
function describeAll(position: Position): Described[] {
  const count = generateLegalMoves(position, legal);
  const moves = Array.from(legal.subarray(0, count)) as Move[];
  const described: Described[] = [];
  for (const move of moves) {
    const from = moveFrom(move);
    const kind = moveKind(move);
    const capturedCode = kind === KIND_CASTLE ? 0 : kind === KIND_EN_PASSANT ? 1 : position.board[moveTo(move)] & 7;
    const disambiguation = disambiguationOf(position, move, moves, moves.length);
    const piece = roleOf(position.board[from]);
    position.playUnchecked(move);
    const check = position.isCheck();
    const mate = check && !hasLegalMove(position);
    const childLo = position.hashLo;
    const childHi = position.hashHi;
    position.undo();
    const description: MoveDescription = {
      move, piece, from, to: moveTarget(move),
      capture: capturedCode !== 0,
      captured: capturedCode !== 0 ? roleOf(capturedCode) : undefined,
      enPassant: kind === KIND_EN_PASSANT,
      promotion: movePromotion(move),
      castle: kind === KIND_CASTLE ? castleSide(move) : undefined,
      disambiguation, check, mate,
    };
    described.push({ description, childLo, childHi });
  }
  return described;
}

/** Describes every legal move (the position is left as it was). */
export function describeLegalMoves(position: Position): MoveDescription[] {
  return describeAll(position).map((entry) => entry.description);
}

/** Candidate moves with priors; `lastCaptureSquare` is where the previous move captured (-1 if it did not). */
export function candidateMoves(position: Position, lastCaptureSquare: number, weights?: MovePriorWeights): CandidateMove[] {
  const described = describeAll(position);
  const facts = positionFacts(position);
  const logPriors = normaliseLogWeights(described.map((entry) => moveLogWeight(position, facts, entry.description, lastCaptureSquare, weights)));
  return described.map(({ description, childLo, childHi }, index) => {
    const uci = moveToUci(description.move, position.chess960);
    const san = englishSan(description);
    return { move: description.move, uci, san, key: `${uci}|${san}`, description, logPrior: logPriors[index], childLo, childHi };
  });
}
