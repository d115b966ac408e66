/**
 * Text games on the desk: the Janowski – Lasker transcription of fixtures/scoresheets (OCR noise, Polish
 * letters) and the same game's PGN, decoded, confirmed, and exported as one PGN of the round.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '@zapis/testkit';
import { describeMove, initialPosition, legalMoves } from '@zapis/core';
import { englishSan } from '@zapis/core/internal';
import { POLISH_STYLE, writeMove } from '@zapis/notation';
import { decodeDeskGame, gamesOf, roundPgn, type DeskGame, type DeskGameSource } from '../src/index.js';
import { oneLine, pgnGames } from './truth.js';

const fixture = (name: string): string => readFileSync(join(REPOSITORY_ROOT, 'fixtures', 'scoresheets', name), 'utf8');
const truthPgn = fixture('janowski-lasker-1912.pgn');
const truth = pgnGames(truthPgn)[0];

function sourcesOf(name: string, text: string, pair = false): DeskGameSource[] {
  const { games, failures } = gamesOf([{ kind: 'text', id: name, name, text }], { pair });
  expect(failures).toEqual([]);
  return games;
}

describe('a transcription on the desk', () => {
  let source: DeskGameSource;
  let game: DeskGame;
  beforeAll(() => {
    [source] = sourcesOf('janowski-lasker-1912.pl.txt', fixture('janowski-lasker-1912.pl.txt'));
    game = decodeDeskGame(source);
  });

  it('decodes every move right, the corrected ones shown and the doubtful one flagged, with the boards around each move', () => {
    expect(game).toMatchObject({ id: source.id, title: 'Janowski, Dawid \u2013 Lasker, Emanuel', status: 'ok', language: 'pl', result: '0-1', confirmedCount: 0, rejected: [] });
    expect(game.moves.map((move) => move.san)).toEqual(truth.san);
    expect(game.flagged).toEqual(game.moves.filter((move) => move.review).map((move) => move.ply));
    // Every correction but the doubtful 35...Qa7 is one only one legal move explains: shown (read), not flagged.
    expect(game.flagged).toEqual([70]);
    expect(game.moves.filter((move) => move.corrected).length).toBeGreaterThan(10);
    expect(game.moves[2]).toMatchObject({ san: 'Nf3', read: ['Tf3'], readCorrected: [true], corrected: true, cells: [null], readAlternatives: [[{ text: 'Tf3', confidence: 1 }]] });
    game.moves.forEach((move, index) => {
      if (index > 0) expect(move.fenBefore).toBe(game.moves[index - 1].fenAfter);
      expect(move.alternatives.some((alternative) => alternative.san === move.san)).toBe(false);
    });
    expect(game.diagnostics.filter((diagnostic) => diagnostic.severity === 'warning').map((diagnostic) => diagnostic.ply)).toEqual(game.flagged);
    expect(game.sheets).toEqual([{ file: 'janowski-lasker-1912.pl.txt' }]);
    expect(structuredClone(game)).toEqual(game);
  });

  it('keeps a confirmed alternative and takes it off the review list', () => {
    expect(game.moves[69]).toMatchObject({ san: 'Qa7', review: true });
    expect(game.moves[69].alternatives[0].san).toBe('Qe7');
    const fixed = decodeDeskGame(source, new Map([[70, 'Qe7']]));
    expect(fixed.moves[69]).toMatchObject({ san: 'Qe7', confirmed: true, confidence: 1, review: false, reviewReasons: [], read: ['Ha7'], corrected: true });
    expect(fixed.confirmedCount).toBe(1);
    expect(fixed.flagged).toEqual(game.flagged.filter((ply) => ply !== 70));
  });

  it('shows the game without a confirmation that cannot be played, and says so at its ply', () => {
    const fixed = decodeDeskGame(source, new Map([[1, 'd4'], [3, 'Bc4']]));
    expect(fixed.status).toBe('error');
    expect(fixed.rejected).toEqual([{ ply: 3, san: 'Bc4', message: expect.stringContaining('2. Bc4 (ply 3) cannot be played') }]);
    expect(fixed.diagnostics[0]).toMatchObject({ severity: 'error', code: 'confirmed-illegal', ply: 3 });
    expect(fixed.moves[0]).toMatchObject({ san: 'd4', confirmed: true });
    // The game before it cannot be the true one: from the confirmed move before it on, every move is flagged.
    expect(fixed.moves[1]).toMatchObject({ review: true, refusedAfter: { ply: 3, san: 'Bc4' } });
    expect(fixed.moves[1].reviewReasons).toContain('before-refused');
    expect(fixed.moves[2]).toMatchObject({ review: true, refusedAfter: { ply: 3, san: 'Bc4' } });
    expect(fixed.moves[2].reviewReasons).toContain('refused');
    // Named in the game's letters too (a Polish sheet: the bishop is G), though it cannot be played there.
    expect(fixed.moves[2].refusedAfter?.written).toBe('Gc4');
    expect(fixed.flagged).toEqual(expect.arrayContaining([2, 3]));
    expect(fixed.moves.slice(3).filter((move) => move.refusedAfter !== undefined)).toEqual([]);
    expect(fixed.moves.length).toBeGreaterThan(60);
    expect(fixed.confirmedCount).toBe(1);
    expect(oneLine(roundPgn([fixed]).pgn)).toContain('{decode: the confirmed move 2. Bc4 (ply 3) cannot be played');
  });

  it('exports one PGN of the round: the true game, its tags, what was read, and how many moves a person confirmed', () => {
    const fixed = decodeDeskGame(source, new Map([[70, 'Qa7']]));
    const round = roundPgn([fixed]);
    expect(round).toMatchObject({ games: 1, confirmed: 1, flaggedLeft: 0 });
    const [written] = pgnGames(round.pgn);
    expect(written.errors).toBe(0);
    expect(written.san).toEqual(truth.san);
    expect(written.tags).toMatchObject({ White: 'Janowski, Dawid', Black: 'Lasker, Emanuel', Event: 'Paryż 1912', Result: '0-1' });
    expect(oneLine(round.pgn)).toContain('{zapis desk: 1 move confirmed by a person; 0 moves still flagged for review}');
    expect(oneLine(round.pgn)).toContain('2. Nf3 {read: Tf3} 2... Nc6');
    expect(oneLine(round.pgn)).toContain('35. f3 Qa7 {confirmed by a person}');
  });
});

describe('a PGN pasted in', () => {
  it('decodes with no flags and exports the same game', () => {
    const [source] = sourcesOf('janowski-lasker-1912.pgn', truthPgn);
    const game = decodeDeskGame(source);
    expect(game).toMatchObject({ status: 'ok', flagged: [], language: 'en', title: 'Janowsky Dawid \u2013 Lasker Emmanuel' });
    expect(game.moves.map((move) => move.san)).toEqual(truth.san);
    const round = roundPgn([game, decodeDeskGame(source)]);
    expect(round).toMatchObject({ games: 2, confirmed: 0, flaggedLeft: 0 });
    expect(pgnGames(round.pgn).map((written) => written.san)).toEqual([truth.san, truth.san]);
  });
});

describe('both players\u2019 sheets of a text', () => {
  it('lists where they disagree: the noisy sheet\u2019s corrected cells against the clean one', () => {
    // Black's sheet: the true game written cleanly the Polish way (`Sf3`, `e4:d5`, `0-0`), as the noisy one is.
    const position = initialPosition();
    const polish = truth.san.map((san, index) => {
      const move = legalMoves(position).find((legal) => englishSan(describeMove(position, legal)) === san);
      if (move === undefined) throw new Error(san);
      const written = writeMove(describeMove(position, move), POLISH_STYLE);
      position.playUnchecked(move);
      return index % 2 === 0 ? `${index / 2 + 1}. ${written}` : written;
    }).join(' ');
    const text = `${fixture('janowski-lasker-1912.pl.txt')}\n\n${polish} 0-1\n`;
    const [source] = sourcesOf('both.txt', text, true);
    const game = decodeDeskGame(source);
    expect(game.moves.map((move) => move.san)).toEqual(truth.san);
    expect(game.sheets).toEqual([{ file: 'both.txt', copy: 'white' }, { file: 'both.txt', copy: 'black' }]);
    const corrected = game.moves.filter((move) => move.readCorrected[0] !== move.readCorrected[1]).map((move) => move.ply);
    expect(corrected.length).toBeGreaterThan(5);
    expect(game.disagreements.map((entry) => entry.ply)).toEqual(expect.arrayContaining(corrected));
    expect(game.disagreements.find((entry) => entry.ply === 3)).toEqual({ ply: 3, reads: ['Tf3', 'Sf3'] });
    // Where both sheets read the move, they agree.
    expect(game.moves[46].read).toEqual(['S:e6+', 'S:e6+']);
    expect(game.disagreements.some((entry) => entry.ply === 47)).toBe(false);
    expect(game.disagreements.some((entry) => entry.ply === 4)).toBe(false);
  });
});
