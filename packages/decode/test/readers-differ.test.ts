/**
 * The review reason a caller adds when it decodes the same cells with two
 * readers and their games part (`readers-differ`, set by @zapis/ocr's
 * cross-check, never by the decoder): PGN names the other reader's move, and
 * does not name it twice when it is also the only rival.
 */
import { describe, expect, it } from 'vitest';
import { decodedGamePgn, decodeText, type DecodedGame, type DecodedMove } from '../src/index.js';

const GAME = `1. e4 e5 2. Sf3 Sc6 3. Gb5 a6 4. Ga4 Sf6 5. O-O Ge7`;

function decoded(): DecodedGame {
  const [game] = decodeText(GAME, { language: 'pl' });
  if (!game.decoded.ok) throw new Error(game.decoded.error.message);
  return game.decoded.value;
}

/** The game with one move changed, as PGN on one line (the writer wraps comments). */
function pgnWith(game: DecodedGame, ply: number, change: (move: DecodedMove) => DecodedMove): string {
  const moves = game.moves.map((move) => (move.ply === ply ? change(move) : move));
  return decodedGamePgn({ ...game, moves }).replace(/\s+/g, ' ');
}

describe('the readers-differ review reason', () => {
  const game = decoded();

  it('is never set by the decoder itself', () => {
    expect(game.moves.every((move) => !move.reviewReasons.includes('readers-differ'))).toBe(true);
  });

  it('names the other reader\u2019s move, once, when that move is the only rival', () => {
    const pgn = pgnWith(game, 3, (move) => ({
      ...move, review: true, reviewReasons: ['readers-differ'], otherReading: 'Nc3', rival: { kind: 'move', san: 'Nc3', probability: 0 }, alternatives: [],
    }));
    expect(pgn).toContain('2. Nf3 {review: the other reader reads Nc3; confidence 1.00}');
    expect(pgn).not.toContain('or Nc3');
  });

  it('keeps the decoder\u2019s own rival beside it when the move was in doubt anyway', () => {
    const pgn = pgnWith(game, 3, (move) => ({
      ...move, confidence: 0.6, review: true, reviewReasons: ['uncertain', 'readers-differ'], otherReading: 'Nc3',
      rival: { kind: 'move', san: 'Ne2', probability: 0.3 }, alternatives: [{ san: 'Ne2', probability: 0.3 }],
    }));
    expect(pgn).toContain('2. Nf3 {review: uncertain, the other reader reads Nc3; confidence 0.60; or Ne2 (0.30)}');
  });

  it('says when the other reader\u2019s game ends before the move', () => {
    const pgn = pgnWith(game, 10, (move) => ({
      ...move, review: true, reviewReasons: ['readers-differ'], rival: { kind: 'game-ends', probability: 0 }, alternatives: [],
    }));
    expect(pgn).toContain('5. O-O Be7 {review: the other reader\u2019s game ends before this move; confidence 1.00}');
  });
});
