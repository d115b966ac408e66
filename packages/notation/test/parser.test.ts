import { describe, expect, it } from 'vitest';
import { parseGames, parsePgn } from '../src/index.js';
import { codes, moveAt, onlyGame, texts } from './helpers.js';

describe('tag pairs', () => {
  it('reads names and unescaped values with spans', () => {
    const game = onlyGame('[Event "A \\"quoted\\" name"]\n[Site "C:\\\\chess"]\n\n1. e4 *');
    expect(game.tags.map((tag) => [tag.name, tag.value])).toEqual([['Event', 'A "quoted" name'], ['Site', 'C:\\chess']]);
    expect(game.tags[1].span).toEqual({ offset: 28, length: 18, line: 2, column: 1 });
    expect(game.problems).toEqual([]);
  });

  it('accepts tag names that look like moves', () => {
    const game = onlyGame('[Nf3 "looks like a move"]\n[e4 "pawn"]\n[N "novelty"]\n\n1. Nf3 *');
    expect(game.tags.map((tag) => tag.name)).toEqual(['Nf3', 'e4', 'N']);
    expect(texts(game)).toEqual(['Nf3']);
  });
});

describe('move text', () => {
  it('reads move numbers in every written form', () => {
    const game = onlyGame('1. e4 1... e5 2.Nf3 2 ... Nc6 3 Bb5 17.a5... *');
    expect(game.moves.map((move) => move.moveNumber && [move.moveNumber.value, move.moveNumber.dots])).toEqual([
      [1, 1], [1, 3], [2, 1], [2, 3], [3, 0], [17, 1],
    ]);
    expect(game.problems).toEqual([]);
  });

  it('reads a bare Polish scoresheet, one move per line', () => {
    const game = onlyGame('1. e4 e5\n2. Sf3 Sc6\n3. Gb5 a6\n12. Sf3 G:e5');
    expect(texts(game)).toEqual(['e4', 'e5', 'Sf3', 'Sc6', 'Gb5', 'a6', 'Sf3', 'G:e5']);
    expect(game.tags).toEqual([]);
    expect(game.result).toBeUndefined();
    expect(moveAt(game, 7).span).toMatchObject({ line: 4, column: 9 });
    expect(moveAt(game, 7).captureMark).toBe(':');
  });

  it('reads the 2001 Polish example game', () => {
    const text = '1.d4 Sf6 2.c4 e6 3.Sc3 Gb4 4.Gd2 0–0 5.e4 d5 6.ed5 ed5 7.cd5 G:c3 8.G:c3 S:d5 9.Sf3 b6 10.Hb3 S:c3 ' +
      '11.bc3 c5 12.Ge2 cd4 13.S:d4 We8 14.0–0 Sd7 15.a4 Sc5 16.Hb4 Gb7 17.a5... itd.';
    const game = onlyGame(text);
    expect(game.moves).toHaveLength(33);
    expect(moveAt(game, 7).readings[0]).toMatchObject({ castle: 'king', languages: 'any' });
    expect(moveAt(game, 10).readings).toEqual([{ languages: 'any', figurine: false, piece: 'pawn', fromFile: 4, to: 35 }]);
    expect(codes(game)).toEqual(['unknown-token']); // "itd." (Polish "etc.") is not notation
  });

  it('attaches comments, NAGs, glyphs and variations', () => {
    const game = onlyGame('{before} 1. e4 {best by test} $1 e5 !? (1... c5 ; Sicilian\n 2. Nf3 (2. c3) d6) 2. Nf3 ?! $14 *');
    expect(game.comments.map((comment) => comment.text)).toEqual(['before']);
    const e4 = moveAt(game, 0);
    expect(e4.comments.map((comment) => [comment.text, comment.kind])).toEqual([['best by test', 'brace']]);
    expect(e4.nags.map((nag) => nag.value)).toEqual([1]);
    const e5 = moveAt(game, 1);
    expect(e5.nags.map((nag) => nag.value)).toEqual([5]);
    expect(e5.variations).toHaveLength(1);
    const variation = e5.variations[0];
    expect(variation.moves.map((move) => move.text)).toEqual(['c5', 'Nf3', 'd6']);
    expect(variation.moves[0].comments[0]).toMatchObject({ text: 'Sicilian', kind: 'line' });
    expect(variation.moves[1].variations[0].moves.map((move) => move.text)).toEqual(['c3']);
    expect(variation.span).toMatchObject({ offset: 39, line: 1, column: 40 });
    expect(moveAt(game, 2).nags.map((nag) => nag.value)).toEqual([6, 14]);
    expect(game.result?.text).toBe('*');
  });

  it('maps every glyph to its NAG', () => {
    const game = onlyGame('1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! *');
    expect(game.moves.map((move) => move.nags[0].value)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('reads every result marker, ½-½ as 1/2-1/2', () => {
    const results = parsePgn('1. e4 1-0\n\n1. d4 0-1\n\n1. c4 1/2-1/2\n\n1. Nf3 ½-½\n\n1. g3 *').map((game) => game.result?.text);
    expect(results).toEqual(['1-0', '0-1', '1/2-1/2', '1/2-1/2', '*']);
  });

  it('reads a draw offer after a move, not as a promotion or variation', () => {
    const game = onlyGame('1. e4 e5 2. Sf3 (=) Sc6 *');
    expect(moveAt(game, 2).drawOffer).toBe(true);
    expect(moveAt(game, 2).variations).toEqual([]);
    expect(moveAt(game, 3).drawOffer).toBe(false);
  });

  it('reads null moves', () => {
    const game = onlyGame('1. e4 -- 2. d4 Z0 *');
    expect(game.moves.map((move) => move.kind)).toEqual(['move', 'null', 'move', 'null']);
  });

  it('ignores % escape lines', () => {
    const game = onlyGame('% produced by a program\n[Event "x"]\n%another\n1. e4 *');
    expect(texts(game)).toEqual(['e4']);
    expect(game.problems).toEqual([]);
  });

  it('skips a BOM and counts CRLF and CR line ends', () => {
    const crlf = onlyGame('\uFEFF[Event "x"]\r\n\r\n1. e4 e5\r\n2. Nf3 *');
    expect(crlf.tags[0].value).toBe('x');
    expect(moveAt(crlf, 2).span).toEqual({ offset: 29, length: 3, line: 4, column: 4 });
    const cr = onlyGame('[Event "x"]\r\r1. e4 e5\r2. Nf3 *');
    expect(moveAt(cr, 2).span).toMatchObject({ line: 4, column: 4 });
  });

  it('gives spans to every node', () => {
    const game = onlyGame('[A "b"]\n1. e4 $2 {c} (1. d4) *');
    const e4 = moveAt(game, 0);
    expect(e4.moveNumber?.span).toEqual({ offset: 8, length: 2, line: 2, column: 1 });
    expect(e4.span).toEqual({ offset: 11, length: 2, line: 2, column: 4 });
    expect(e4.nags[0].span).toEqual({ offset: 14, length: 2, line: 2, column: 7 });
    expect(e4.comments[0].span).toEqual({ offset: 17, length: 3, line: 2, column: 10 });
    expect(e4.variations[0].span).toEqual({ offset: 21, length: 7, line: 2, column: 14 });
    expect(game.result?.span).toEqual({ offset: 29, length: 1, line: 2, column: 22 });
    expect(game.span).toEqual({ offset: 0, length: 30, line: 1, column: 1 });
  });
});

describe('games', () => {
  it('splits games at a new tag section even without a result', () => {
    const games = parsePgn('[Event "a"]\n1. e4 e5\n[Event "b"]\n1. d4 d5 1-0\n[Event "c"]\n*');
    expect(games.map((game) => [game.index, game.tags[0].value, game.moves.length, game.result?.text])).toEqual([
      [1, 'a', 2, undefined], [2, 'b', 2, '1-0'], [3, 'c', 0, '*'],
    ]);
    expect(games[1].span.line).toBe(3);
  });

  it('splits bare move text games at results', () => {
    const games = parsePgn('1. e4 e5 1-0\n1. d4 d5 0-1\n1. c4 *');
    expect(games.map(texts)).toEqual([['e4', 'e5'], ['d4', 'd5'], ['c4']]);
  });

  it('parses lazily', () => {
    const iterator = parseGames('[E "1"]\n1. e4 *\n[E "2"]\n1. d4 *')[Symbol.iterator]();
    expect(iterator.next().value?.tags[0].value).toBe('1');
    expect(iterator.next().value?.tags[0].value).toBe('2');
    expect(iterator.next().done).toBe(true);
  });

  it('returns no game for empty or blank input', () => {
    expect(parsePgn('')).toEqual([]);
    expect(parsePgn(' \n\r\n\t')).toEqual([]);
  });
});
