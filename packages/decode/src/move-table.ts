/**
 * Every move one search meets, described once. A legal move in a position is
 * named by its signature — squares, promotion and kind, the piece, capture,
 * check, mate and SAN disambiguation: all its spellings and its SAN depend on
 * — and each signature gets a small integer. A position's moves are then
 * typed arrays of those numbers with priors and the hashes of the positions
 * they lead to (positions recombine, so each is generated once), and the
 * emission cache is indexed by the same numbers.
 */
import {
  ROLES, castleSide, hasLegalMove, moveFrom, movePromotion, moveTarget, moveTo, moveToUci, type Move, type MoveDescription, type Position,
} from '@zapis/core';
import {
  DISAMBIGUATIONS, KIND_CASTLE, KIND_EN_PASSANT, MAX_MOVES, disambiguationsOf, englishSan, generateLegalMoves, isCheckAfterMove, moveKind,
  newMoveBuffer, repetitionKeyParts,
} from '@zapis/core/internal';
import { positionFacts } from './move-features.js';
import { moveLogWeight, priorWeightVector, type MovePriorWeights } from './move-prior.js';

/** A described move: what the lattice's edges carry. */
export interface KnownMove {
  readonly id: number;
  readonly move: Move;
  readonly uci: string;
  /** Standard English SAN, as PGN export writes it. */
  readonly san: string;
  /** `uci|san`: identifies the move and how it is written, across positions. */
  readonly key: string;
  readonly description: MoveDescription;
}

/** A position's legal moves. */
export interface PositionMoves {
  readonly count: number;
  readonly ids: readonly number[];
  readonly logPrior: readonly number[];
  /** Zobrist hash of the position after each move, a usable en-passant square included (its repetition key). */
  readonly childLo: readonly number[];
  readonly childHi: readonly number[];
}

export class MoveTable {
  private readonly bySignature = new Map<number, number>();
  readonly moves: KnownMove[] = [];
  /** One position's scratch, this table's own: `positionMoves` calls nothing that could call it again while in use. */
  private readonly legal = newMoveBuffer();
  private readonly disambiguations = new Uint8Array(MAX_MOVES);
  private readonly weights = new Float64Array(MAX_MOVES);

  /** The legal moves of `position`; `lastCaptureSquare` is where the previous move captured (-1 if it did not). */
  positionMoves(position: Position, lastCaptureSquare: number, priorWeights?: MovePriorWeights): PositionMoves {
    const { legal, disambiguations, weights } = this;
    const count = generateLegalMoves(position, legal);
    disambiguationsOf(position, legal, count, disambiguations);
    const facts = positionFacts(position);
    const priorVector = priorWeightVector(priorWeights);
    // Plain arrays: a search builds thousands of these, and small typed arrays are slow to allocate. Made to size: grown
    // by pushes they held about twice the slots they used, and a correction keeps every new position's lists alive.
    const ids = new Array<number>(count);
    const childLo = new Array<number>(count);
    const childHi = new Array<number>(count);
    for (let i = 0; i < count; i++) {
      const move = legal[i];
      const from = moveFrom(move);
      const kind = moveKind(move);
      const piece = position.board[from] & 7;
      const capturedCode = kind === KIND_CASTLE ? 0 : kind === KIND_EN_PASSANT ? 1 : position.board[moveTo(move)] & 7;
      const disambiguation = disambiguations[i];
      position.playUnchecked(move);
      const check = isCheckAfterMove(position, move);
      const mate = check && !hasLegalMove(position);
      // The incremental hash leaves the en-passant square out, but a capture en passant is one more legal move:
      // hypotheses that differ only in it must not merge. The repetition key (Art. 9.2.3) draws exactly that line.
      // Without an en-passant square (nearly every move) the key is the hash itself: no pair allocated per move.
      if (position.epSquare < 0) {
        childLo[i] = position.hashLo;
        childHi[i] = position.hashHi;
      } else {
        const [lo, hi] = repetitionKeyParts(position);
        childLo[i] = lo;
        childHi[i] = hi;
      }
      position.undo();
      // 17 bits of move, then piece, captured piece, check, mate, disambiguation, Chess960.
      const signature = move + 2 ** 17 * (piece + 8 * (capturedCode + 8 * ((check ? 1 : 0) + 2 * ((mate ? 1 : 0)
        + 2 * (disambiguation + 4 * (position.chess960 ? 1 : 0))))));
      let id = this.bySignature.get(signature);
      if (id === undefined) {
        id = this.moves.length;
        this.bySignature.set(signature, id);
        const description: MoveDescription = {
          move, piece: ROLES[piece - 1], from, to: moveTarget(move),
          capture: capturedCode !== 0,
          captured: capturedCode !== 0 ? ROLES[capturedCode - 1] : undefined,
          enPassant: kind === KIND_EN_PASSANT,
          promotion: movePromotion(move),
          castle: kind === KIND_CASTLE ? castleSide(move) : undefined,
          disambiguation: DISAMBIGUATIONS[disambiguation], check, mate,
        };
        const uci = moveToUci(move, position.chess960);
        const san = englishSan(description);
        this.moves.push({ id, move, uci, san, key: `${uci}|${san}`, description });
      }
      ids[i] = id;
      weights[i] = moveLogWeight(position, facts, this.moves[id].description, lastCaptureSquare, priorVector);
    }
    // Normalised over the legal moves (log-sum-exp).
    let top = -Infinity;
    for (let i = 0; i < count; i++) if (weights[i] > top) top = weights[i];
    let total = 0;
    for (let i = 0; i < count; i++) total += Math.exp(weights[i] - top);
    const norm = top + Math.log(total);
    const logPrior = new Array<number>(count);
    for (let i = 0; i < count; i++) logPrior[i] = weights[i] - norm;
    return { count, ids, logPrior, childLo, childHi };
  }
}
