/** The move prior: what it looks at in a move, and weights fitted on real games that predict real moves. */
import { describe, expect, it } from 'vitest';
import { initialPosition, parseFen, type Position } from '@zapis/core';
import { readGames, sharedPath, skipWithoutShared } from '@zapis/testkit';
import { describeLegalMoves } from '../src/candidate-moves.js';
import { referenceGame } from '../src/evaluation/reference-games.js';
import { fitMovePrior, PriorSamples } from '../src/fit-move-prior.js';
import { FEATURE_COUNT, MOVE_FEATURES, moveFeatures, positionFacts, type MoveFeature } from '../src/move-features.js';
import { DEFAULT_MOVE_PRIOR, moveLogWeight } from '../src/move-prior.js';
import { readPerftSuite, seededRandom } from '@zapis/testkit';
import { englishSan } from '@zapis/core/internal';

function positionOf(fen: string): Position {
  const parsed = parseFen(fen);
  if (!parsed.ok) throw new Error(`bad FEN in test: ${fen}`);
  return parsed.value;
}

/** The features of the move written `san` in `position`, by name (only the non-zero ones). */
function featuresOf(position: Position, san: string, lastCaptureSquare = -1): Partial<Record<MoveFeature, number>> {
  const move = describeLegalMoves(position).find((description) => englishSan(description) === san);
  if (!move) throw new Error(`${san} is not legal here`);
  const out = new Float64Array(FEATURE_COUNT);
  moveFeatures(position, positionFacts(position), move, lastCaptureSquare, out);
  return Object.fromEntries(MOVE_FEATURES.flatMap((name, index) => (out[index] !== 0 ? [[name, out[index]]] : [])));
}

describe('move features', () => {
  it('see development, central pawns and castling in the opening', () => {
    const start = initialPosition();
    expect(featuresOf(start, 'Nf3')).toMatchObject({ knight: 1, development: 1 });
    expect(featuresOf(start, 'e4')).toMatchObject({ openingCentralPawn: 1, pawnDoublePush: 1 });
    expect(featuresOf(start, 'h3')).toEqual({ openingWingPawn: 1 });
    const castling = positionOf('r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4');
    expect(featuresOf(castling, 'O-O')).toMatchObject({ castle: 1, king: 1 });
    expect(featuresOf(castling, 'Kf1')).toMatchObject({ king: 1, kingWalk: 1 });
  });

  it('keep each position\'s attacked squares with its own facts: facts of another position asked in between change nothing', () => {
    const first = positionOf('r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq d3 0 3');
    const second = positionOf('rnb1kbnr/ppp1pppp/8/3q4/8/2N5/PPPP1PPP/R1BQKBNR b KQkq - 1 3');
    const features = (position: Position, facts: ReturnType<typeof positionFacts>) => describeLegalMoves(position).map((move) => {
      const out = new Float64Array(FEATURE_COUNT);
      moveFeatures(position, facts, move, -1, out);
      return Array.from(out);
    });
    const alone = [features(first, positionFacts(first)), features(second, positionFacts(second))];
    const firstFacts = positionFacts(first);
    const secondFacts = positionFacts(second);
    // Interleaved: each position's questions asked between the other's.
    const interleaved = [features(first, firstFacts), features(second, secondFacts), features(first, firstFacts), features(second, secondFacts)];
    expect(interleaved).toEqual([...alone, ...alone]);
  });

  it('see a recapture, what a capture wins and a piece left where a pawn takes it', () => {
    // 1.e4 d5 2.exd5 Qxd5 3.Nc3: Black's queen stands attacked by the knight.
    const position = positionOf('rnb1kbnr/ppp1pppp/8/3q4/8/2N5/PPPP1PPP/R1BQKBNR b KQkq - 1 3');
    expect(featuresOf(position, 'Qa5')).toMatchObject({ queen: 1, fromAttacked: 1 });
    expect(featuresOf(position, 'Qa5').toAttacked).toBeUndefined();
    expect(featuresOf(position, 'Qe4+')).toMatchObject({ toAttacked: 1, check: 1 });
    // White's d-pawn takes on e3: a knight there stands en prise to a pawn.
    const pawns = positionOf('rnbqkb1r/pppppppp/8/8/4n3/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1');
    expect(featuresOf(pawns, 'Nc3')).toMatchObject({ intoPawnAttack: 1 });
    const recapture = positionOf('rnbqkbnr/ppp2ppp/8/3p4/3P4/8/PPP2PPP/RNBQKBNR w KQkq - 0 4');
    expect(featuresOf(recapture, 'Qe2+', -1)).toMatchObject({ check: 1 });
    const trade = positionOf('4k3/8/8/3r4/8/8/8/3RK3 w - - 0 1');
    expect(featuresOf(trade, 'Rxd5', 35)).toMatchObject({ recapture: 1, capturedValue: 5 / 9 });
    // A rook for a rook gains nothing (a zero feature is left out).
    expect(featuresOf(trade, 'Rxd5', 35).captureGain).toBeUndefined();
    expect(featuresOf(trade, 'Rxd5').capture).toBe(1);
  });
});

describe('a move\u2019s prior weight', () => {
  /** What the fitting sees: the features as a vector, dotted with the weights in the features' order. */
  function dotted(position: Position, move: Parameters<typeof moveFeatures>[2], lastCaptureSquare: number, weights: Float64Array): number {
    const out = new Float64Array(FEATURE_COUNT);
    moveFeatures(position, positionFacts(position), move, lastCaptureSquare, out);
    let score = 0;
    for (let f = 0; f < FEATURE_COUNT; f++) score += weights[f] * out[f];
    return score;
  }

  /** Every legal move of `position`, after a capture on each square its moves capture on and on none: the prior's sum is the dot product, bit for bit. */
  function checkPosition(position: Position, weightSets: readonly Float64Array[]): number {
    const moves = describeLegalMoves(position);
    const lastCaptures = [-1, ...new Set(moves.filter((move) => move.capture).map((move) => move.to))];
    let checked = 0;
    for (const weights of weightSets) {
      for (const last of lastCaptures) {
        const facts = positionFacts(position);
        for (const move of moves) {
          expect(moveLogWeight(position, facts, move, last, weights), `${englishSan(move)} after a capture on ${last}`).toBe(dotted(position, move, last, weights));
          checked += 1;
        }
      }
    }
    return checked;
  }

  const random = seededRandom(7);
  const weightSets = [
    Float64Array.from(MOVE_FEATURES, (name) => DEFAULT_MOVE_PRIOR[name]),
    // Every feature weighed, with values whose sums round differently in another order.
    Float64Array.from(MOVE_FEATURES, () => (random() - 0.5) * 10 / 3),
  ];

  it('is exactly the fitted weights dotted with the move\u2019s features, on tricky positions (castling, en passant, promotions, mates)', () => {
    let checked = 0;
    for (const suite of ['python-chess_tricky.perft', 'shakmaty_tricky.perft', 'scalachess_tricky.perft']) {
      if (skipWithoutShared()) break;
      for (const { fen } of readPerftSuite(sharedPath(`perft/${suite}`))) {
        const parsed = parseFen(fen);
        if (parsed.ok && !parsed.value.chess960) checked += checkPosition(parsed.value, weightSets);
      }
    }
    checked += checkPosition(initialPosition(), weightSets);
    checked += checkPosition(positionOf('4k3/8/8/3r4/8/2n5/8/3RK3 w - - 0 1'), weightSets);
    expect(checked).toBeGreaterThan(skipWithoutShared() ? 100 : 5_000);
  });

  it.skipIf(skipWithoutShared())('is exactly the dot product in every position of 20 real games, opening to endgame', async () => {
    let checked = 0;
    let index = 0;
    for await (const raw of readGames(sharedPath('corpora/gnu-book/games-000001-100000.pgn.gz'))) {
      if (++index > 20) break;
      const game = referenceGame(raw.text);
      if (!game) continue;
      const position = initialPosition();
      for (const move of game.moves) {
        checked += checkPosition(position, weightSets);
        position.play(move.move);
      }
    }
    expect(checked).toBeGreaterThan(20_000);
  });
});

describe('fitting the move prior', () => {
  it('learns what the played moves have in common', () => {
    // Positions where a capture was always played: the capture weight must come out large.
    const samples = new PriorSamples();
    const position = positionOf('4k3/8/8/3r4/8/2n5/8/3RK3 w - - 0 1');
    const capture = describeLegalMoves(position).find((move) => move.capture);
    if (!capture) throw new Error('no capture in the test position');
    for (let i = 0; i < 50; i++) expect(samples.add(position, capture, -1)).toBe(true);
    const fitted = fitMovePrior(samples, { iterations: 200 });
    expect(fitted.weights.capture).toBeGreaterThan(1);
    expect(fitted.logLikelihood).toBeGreaterThan(fitted.uniformLogLikelihood + 1);
  });

  it.skipIf(skipWithoutShared())('ships weights that predict real moves far better than chance, on games it was not fitted on', async () => {
    // Games 6501–6600: after the fitting games (2001–6000) and the 500 the fit script holds out.
    const samples = new PriorSamples();
    let index = 0;
    for await (const raw of readGames(sharedPath('corpora/gnu-book/games-000001-100000.pgn.gz'))) {
      if (++index < 6501) continue;
      if (index > 6600) break;
      const game = referenceGame(raw.text);
      if (game) samples.addGame(game.moves);
    }
    expect(samples.positions).toBeGreaterThan(5000);
    const gradient = new Float64Array(FEATURE_COUNT);
    const uniform = samples.logLikelihood(new Float64Array(FEATURE_COUNT), gradient);
    const shipped = samples.logLikelihood(Float64Array.from(MOVE_FEATURES, (name) => DEFAULT_MOVE_PRIOR[name]), gradient);
    // About 0.6 nats a move better than uniform over the legal moves (the old hand-set prior: 0.17).
    expect(shipped - uniform).toBeGreaterThan(0.45);
  });
});
