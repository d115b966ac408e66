import { describe, expect, it } from 'vitest';
import { parseTranscription } from '../src/index.js';

const texts = (text: string): string[][] => parseTranscription(text).map((game) => game.sheet.cells.map((cell) => cell.readings[0].text));

describe('transcription parsing', () => {
  it('takes move numbers away, however misread, and keeps the cells in order', () => {
    expect(texts('1. e4 e5\nl2. Sf3 Sc6\nI3, Gb5 a6\n4 Ga4 Sf6\n5.0-0 Ge7')).toEqual([['e4', 'e5', 'Sf3', 'Sc6', 'Gb5', 'a6', 'Ga4', 'Sf6', '0-0', 'Ge7']]);
  });

  it('knows which half-move a cell’s place suggests', () => {
    const [game] = parseTranscription('1. e4 e5\n2. Sf3\n3. ... Gb5');
    expect(game.sheet.cells.map((cell) => cell.source?.ply)).toEqual([1, 2, 3, 6]);
  });

  it('reads tags and results, and splits games there', () => {
    const games = parseTranscription('[White "Nowak"]\n1. e4 e5 1-0\n[White "Kowalska"]\n1. d4 d5 2. c4 *');
    expect(games).toHaveLength(2);
    expect(games[0].tags.White).toBe('Nowak');
    expect(games[0].result).toBe('1-0');
    expect(texts('1. e4 e5 1-0\n1. d4 d5')).toEqual([['e4', 'e5'], ['d4', 'd5']]);
  });

  it('keeps a misread move that looks like a number (`45` for d5)', () => {
    expect(texts('1. e4 e6\n2. d4 45')).toEqual([['e4', 'e6', 'd4', '45']]);
  });

  it('reads a result-like token mid-game as a misread move (`O-l` for O-O), not the end', () => {
    expect(texts('7. O-l Nf6\n8. Nb3 Nc6')).toEqual([['O-l', 'Nf6', 'Nb3', 'Nc6']]);
    expect(parseTranscription('1. e4 e5 1-0')[0].result).toBe('1-0');
  });

  it('keeps a lone digit before the line’s moves as a cell (`3. 4 exf4`: f4 lost its f), and the count right', () => {
    const [game] = parseTranscription('1. e4 e5\n2. Nc3 Nc6\n3. 4 exf4\n4. Nf3 g5');
    expect(game.sheet.cells.map((cell) => cell.readings[0].text)).toEqual(['e4', 'e5', 'Nc3', 'Nc6', '4', 'exf4', 'Nf3', 'g5']);
    expect(game.sheet.cells.map((cell) => cell.source?.ply)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('trusts a number that follows the last one read, so a miscount does not last', () => {
    const [game] = parseTranscription('1. e4 e5\n3. Nf3 Nc6\n3. Bb5 a6\n4. Ba4 Nf6');
    expect(game.sheet.cells.map((cell) => cell.source?.ply)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('reads a line whose number starts with a misread `%` as moves, not as an escape line', () => {
    const [game] = parseTranscription('19. e4 e5\n%0. Qxb5 Qe8\n21. Ra4 Qf7\n% a real escape line\n22. h3 h6');
    expect(game.sheet.cells.map((cell) => cell.readings[0].text)).toEqual(['e4', 'e5', 'Qxb5', 'Qe8', 'Ra4', 'Qf7', 'h3', 'h6']);
    expect(game.sheet.cells.map((cell) => cell.source?.ply)).toEqual([37, 38, 39, 40, 41, 42, 43, 44]);
  });

  it('attaches e.p. to its move', () => {
    expect(texts('5. e5 d5 6. e:d6 e.p.')).toEqual([['e5', 'd5', 'e:d6 e.p.']]);
  });
});
