import { distance } from 'fastest-levenshtein';
import { describe, expect, it } from 'vitest';
import { decodeSheets, type Cell } from '../src/index.js';

/** A cell whose image "shows" `shown`: texts score by how far they are from it, as a recogniser would. */
const scoredCell = (shown: string, readings: string[] = [shown]): Cell => ({
  readings: readings.map((text) => ({ text })),
  score: (text: string) => -6 * distance(text, shown),
});

describe('cells with a scorer (images read by a recogniser)', () => {
  it('decodes a game from scores of candidate texts', () => {
    const shown = ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Ba4', 'Nf6'];
    const decoded = decodeSheets({ cells: shown.map((text) => scoredCell(text)) }, { language: 'en' });
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(decoded.value.moves.map((move) => move.san)).toEqual(shown);
    expect(decoded.value.moves.every((move) => !move.corrected)).toBe(true);
  });

  it('ranks the legal moves by the scorer, not by the reader\u2019s first text', () => {
    // The reader's first text is wrong (`Nf5` is not legal), but its scorer still prefers Nf3 among legal moves.
    const cells = [scoredCell('e4'), scoredCell('e5'), { readings: [{ text: 'Nf5' }], score: (text: string) => -3 * distance(text, 'Nf3') - (text === 'Nf5' ? 0 : 0.5) }, scoredCell('Nc6')];
    const decoded = decodeSheets({ cells }, { language: 'en' });
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(decoded.value.moves.map((move) => move.san)).toEqual(['e4', 'e5', 'Nf3', 'Nc6']);
  });

  it('flags a move the game forced against what the image clearly shows', () => {
    // The image shows Qh5 at ply 3, which is illegal there (the queen is blocked): what was played must be another move.
    const cells = [scoredCell('e4'), scoredCell('e5'), scoredCell('Qh4'), scoredCell('Nc6')];
    const decoded = decodeSheets({ cells }, { language: 'en' });
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    const third = decoded.value.moves[2];
    expect(third.san).not.toBe('Qh4');
    expect(third.corrected).toBe(true);
    expect(third.review).toBe(true);
  });

  it('keeps a scored cell even when the reader found no text in it', () => {
    const cells = [scoredCell('e4'), scoredCell('e5', []), scoredCell('Nf3')];
    const decoded = decodeSheets({ cells }, { language: 'en' });
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(decoded.value.moves.map((move) => move.san)).toEqual(['e4', 'e5', 'Nf3']);
  });
});
