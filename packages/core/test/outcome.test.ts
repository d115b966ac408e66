/** Outcomes: mate, stalemate, dead positions, repetition in the sense of Art. 9.2, 50/75 moves. */
import { describe, expect, it } from 'vitest';
import {
  GameHistory, INITIAL_FEN, hasMatingMaterial, makeFen, isCheckmate, isDeadByMaterial, isStalemate, positionOutcome,
  repetitionKey,
} from '../src/index.js';
import { playLine, positionFrom } from './support.js';

describe('checkmate and stalemate', () => {
  it.each([
    ['fool\'s mate', 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3', '0-1'],
    ['back-rank mate', '3R2k1/5ppp/8/8/8/8/8/6K1 b - - 0 1', '1-0'],
    ['smothered mate', '6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1', '1-0'],
    ['two queens guarding each other', '4k3/8/8/8/8/8/3q1q2/4K3 w - - 0 1', '0-1'],
    ['double check answered by a king step', '4k3/8/8/8/1b6/8/8/r3K3 w - - 0 1', null],
  ])('%s', (_name, fen, result) => {
    const position = positionFrom(fen);
    if (result === null) {
      // Rook a1 and bishop b4 both give check, but Ke2/Kf2 escape.
      expect(isCheckmate(position)).toBe(false);
      return;
    }
    expect(isCheckmate(position)).toBe(true);
    expect(isStalemate(position)).toBe(false);
    const outcome = positionOutcome(position);
    expect(outcome).toMatchObject({ reason: 'checkmate', result });
  });

  it.each([
    ['queen stalemate', '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'],
    ['pawn stalemate', '8/8/8/8/8/5k2/5p2/5K2 w - - 0 1'],
    ['pinned pieces only', 'k7/8/1Q6/8/8/8/8/7K b - - 0 1'],
  ])('%s', (_name, fen) => {
    const position = positionFrom(fen);
    expect(isStalemate(position)).toBe(true);
    expect(positionOutcome(position)).toEqual({ result: '1/2-1/2', reason: 'stalemate' });
  });

  it('an en-passant capture can be the only move that avoids stalemate', () => {
    // Black just played g7-g5; white's only legal move is hxg6 e.p.
    const position = positionFrom('8/8/8/6pP/6K1/4k3/8/8 w - g6 0 1');
    expect(isStalemate(position)).toBe(false);
    expect(positionOutcome(position)).toBeUndefined();
  });
});

describe('dead positions by material', () => {
  it.each([
    ['K v K', '8/8/4k3/8/8/4K3/8/8 w - - 0 1', true],
    ['K+N v K', '8/8/4k3/8/8/4K3/8/6N1 w - - 0 1', true],
    ['K+B v K', '8/8/4k3/8/8/4K3/8/5b2 w - - 0 1', true],
    ['K+B v K+B, same square colour', '8/8/4k3/8/8/B3K3/8/2b5 w - - 0 1', true],
    ['K+BB v K, all light bishops', '8/8/4k3/8/8/4K3/8/1B1B1B2 w - - 0 1', true],
    ['K+B v K+B, opposite colours', '8/8/4k3/8/8/B3K3/8/3b4 w - - 0 1', false],
    ['K+N v K+N', '8/8/4k3/8/8/4K3/8/1n4N1 w - - 0 1', false],
    ['K+N+N v K', '8/8/4k3/8/8/4K3/8/1N4N1 w - - 0 1', false],
    ['K+P v K', '8/8/4k3/8/8/4K3/4P3/8 w - - 0 1', false],
    ['K+R v K', '8/8/4k3/8/8/4K3/8/7R w - - 0 1', false],
  ])('%s', (_name, fen, dead) => {
    const position = positionFrom(fen);
    expect(isDeadByMaterial(position)).toBe(dead);
    if (dead) expect(positionOutcome(position)).toEqual({ result: '1/2-1/2', reason: 'dead-position' });
  });

  it.each([
    ['lone king', '8/8/4k3/8/8/4K3/8/7r w - - 0 1', 'white', false],
    ['king and knight against a lone king', '8/8/4k3/8/8/4K3/8/6N1 w - - 0 1', 'white', false],
    ['king and knight against a queen (a helpmate exists)', '8/8/4k3/8/3q4/4K3/8/6N1 w - - 0 1', 'white', true],
    ['two light bishops against a lone king', '8/8/4k3/8/8/4K3/8/1B1B4 w - - 0 1', 'white', false],
    ['light bishop against a dark bishop', '8/8/4k3/8/8/4K3/8/1Bb5 w - - 0 1', 'white', true],
    ['bishop against a pawn', '8/8/4k3/4p3/8/4K3/8/1B6 w - - 0 1', 'white', true],
  ])('mating material: %s', (_name, fen, color, expected) => {
    expect(hasMatingMaterial(positionFrom(fen), color as 'white' | 'black')).toBe(expected);
  });
});

describe('repetition (FIDE Art. 9.2)', () => {
  const knightDance = 'Nf3 Nf6 Ng1 Ng8';

  it('threefold is claimable, fivefold ends the game', () => {
    const history = new GameHistory(positionFrom(INITIAL_FEN));
    playLine(history, knightDance);
    expect(history.repetitions()).toBe(2);
    playLine(history, knightDance);
    expect(history.repetitions()).toBe(3);
    expect(history.claimableDraws().threefoldRepetition).toBe(true);
    expect(history.outcome()).toBeUndefined();
    playLine(history, `${knightDance} ${knightDance}`);
    expect(history.repetitions()).toBe(5);
    expect(history.outcome()).toEqual({ result: '1/2-1/2', reason: 'fivefold-repetition' });
  });

  it('a restarted history forgets the game before: repetitions, moves to undo, the position and its key', () => {
    const start = positionFrom(INITIAL_FEN);
    const history = new GameHistory(start.clone());
    playLine(history, `${knightDance} ${knightDance} e4`);
    expect(history.position.undoDepth).toBe(9);
    history.restart(start);
    expect(makeFen(history.position)).toBe(INITIAL_FEN);
    expect(history.position.hash).toBe(start.hash);
    expect(history.position.undoDepth).toBe(0);
    expect(history.repetitions()).toBe(1);
    playLine(history, knightDance);
    expect(history.repetitions()).toBe(2);
    expect(() => history.restart(positionFrom('rk6/8/8/8/8/8/8/RK6 w Aa - 0 1'))).toThrow(RangeError);
  });

  it('counts repetitions across a game longer than the history first holds, after undo and after a restart', () => {
    const start = positionFrom(INITIAL_FEN);
    const history = new GameHistory(start.clone());
    for (let cycle = 1; cycle <= 80; cycle++) {
      playLine(history, knightDance);
      expect(history.repetitions()).toBe(cycle + 1);
    }
    playLine(history, 'e4');
    expect(history.repetitions()).toBe(1);
    history.undo();
    expect(history.repetitions()).toBe(81);
    for (let ply = 0; ply < 4; ply++) history.undo();
    playLine(history, 'd4');
    expect(history.repetitions()).toBe(1);
    history.restart(start);
    expect(history.repetitions()).toBe(1);
    for (let cycle = 1; cycle <= 70; cycle++) playLine(history, knightDance);
    expect(history.repetitions()).toBe(71);
  });

  it('a usable en-passant square makes the first occurrence a different position', () => {
    // After 1...d5 white may take e.p.: that position is not repeated by the later ones.
    const history = new GameHistory(positionFrom('6k1/3p4/8/4P3/8/8/8/4K3 b - - 0 1'));
    playLine(history, 'd5');
    const withEp = repetitionKey(history.position);
    playLine(history, 'Kf1 Kh8 Ke1 Kg8');
    expect(repetitionKey(history.position)).not.toBe(withEp);
    playLine(history, 'Kf1 Kh8 Ke1 Kg8');
    expect(history.repetitions()).toBe(2);
    expect(history.claimableDraws().threefoldRepetition).toBe(false);
  });

  it('an en-passant square no legal capture can use does not count', () => {
    // The e5 pawn is pinned by the rook on e8, so exd6 e.p. is illegal.
    const history = new GameHistory(positionFrom('4r1k1/3p4/8/4P3/8/8/8/4K3 b - - 0 1'));
    playLine(history, 'd5');
    const first = repetitionKey(history.position);
    playLine(history, 'Kf1 Kh8 Ke1 Kg8');
    expect(repetitionKey(history.position)).toBe(first);
    playLine(history, 'Kf1 Kh8 Ke1 Kg8');
    expect(history.repetitions()).toBe(3);
    expect(history.claimableDraws().threefoldRepetition).toBe(true);
  });

  it('lost castling rights make a different position', () => {
    const history = new GameHistory(positionFrom('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'));
    const start = repetitionKey(history.position);
    playLine(history, 'Kf1 Kf8 Ke1 Ke8');
    expect(repetitionKey(history.position)).not.toBe(start);
    expect(history.repetitions()).toBe(1);
  });

  it('undo takes positions off the record', () => {
    const history = new GameHistory(positionFrom(INITIAL_FEN));
    playLine(history, `${knightDance} ${knightDance}`);
    expect(history.repetitions()).toBe(3);
    history.undo();
    history.undo();
    history.undo();
    history.undo();
    expect(history.repetitions()).toBe(2);
  });
});

describe('50 and 75 moves (Art. 9.3, 9.6.2)', () => {
  it('the 50-move draw becomes claimable after 100 quiet half-moves', () => {
    const history = new GameHistory(positionFrom('8/8/4k3/8/8/4K3/4R3/8 w - - 99 80'));
    expect(history.claimableDraws().fiftyMoves).toBe(false);
    playLine(history, 'Rd2');
    expect(history.claimableDraws().fiftyMoves).toBe(true);
    expect(history.outcome()).toBeUndefined();
  });

  it('a capture or pawn move resets the count', () => {
    const history = new GameHistory(positionFrom('8/8/4k3/8/8/3K4/4P3/8 w - - 99 80'));
    playLine(history, 'e4');
    expect(history.position.halfmoves).toBe(0);
    expect(history.claimableDraws().fiftyMoves).toBe(false);
  });

  it('75 moves end the game', () => {
    const history = new GameHistory(positionFrom('8/8/4k3/8/8/4K3/4R3/8 w - - 149 100'));
    playLine(history, 'Rd2');
    expect(history.outcome()).toEqual({ result: '1/2-1/2', reason: 'seventy-five-moves' });
  });

  it('a mate on the 75th move stands', () => {
    const history = new GameHistory(positionFrom('6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 100'));
    playLine(history, 'Ra8');
    expect(history.outcome()).toMatchObject({ reason: 'checkmate', result: '1-0' });
  });
});
