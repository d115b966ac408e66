import { distance } from 'fastest-levenshtein';
import { describe, expect, it } from 'vitest';
import { decodedGamePgn, decodeSheets, readComment, reviewComment, type Cell } from '../src/index.js';

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

  it('flags a move one reader of an ensemble clearly contradicts, though the ensemble’s average favours it, and names what that reader reads', () => {
    // Ply 3 read by two readers: one sees Nf3 (8 nats an edit), the other, more sharply, Nc3 (20 nats an edit).
    // Their average favours Nc3 by 6 nats and no reading of the cell is better, so the ensemble alone corrects nothing.
    const sawNf3 = (text: string): number => -8 * distance(text, 'Nf3');
    const sawNc3 = (text: string): number => -20 * distance(text, 'Nc3');
    const ensemble: Cell = { readings: [{ text: 'Nc3' }, { text: 'Nf3' }], score: (text) => 0.5 * sawNf3(text) + 0.5 * sawNc3(text) };
    const witnesses = [{ score: sawNf3, ceiling: 0, reads: 'Nf3' }, { score: sawNc3, ceiling: 0, reads: 'Nc3' }];
    const decode = (third: Cell) => decodeSheets({ cells: [scoredCell('e4'), scoredCell('e5'), third, scoredCell('Nc6')] }, { language: 'en' });
    const alone = decode(ensemble);
    const heard = decode({ ...ensemble, witnesses });
    expect(alone.ok && heard.ok).toBe(true);
    if (!alone.ok || !heard.ok) return;
    expect(alone.value.moves[2]).toMatchObject({ san: 'Nc3', corrected: false });
    // What was read (Nc3) is the move: not a correction, but one reader alone reads Nf3, and the move is disputed.
    expect(heard.value.moves[2]).toMatchObject({ san: 'Nc3', corrected: false, review: true, reviewReasons: ['disputed'] });
    expect(heard.value.moves[2].cells[0]).toMatchObject({ text: 'Nc3', corrected: false, disputedBy: 'Nf3' });
    expect(reviewComment(heard.value.moves[2])).toMatch(/^review: one reader alone reads Nf3; confidence /);
    expect(readComment(heard.value.moves[2])).toBeUndefined();
    // Trusted no more than a correction: the dispute weighs on its confidence as a correction would.
    expect(heard.value.moves[2].confidence).toBeLessThanOrEqual(alone.value.moves[2].confidence);
    // Unnamed readers are not named: a caller that knows its readers names them, and every one that disputes is listed.
    expect(heard.value.moves[2].cells[0].disputingReaders).toBeUndefined();
    const third = (moves: readonly { readonly cells: readonly { readonly disputingReaders?: readonly string[] }[] }[]) => moves[2].cells[0].disputingReaders;
    const named = decode({ ...ensemble, witnesses: [{ ...witnesses[0], reader: 'first' }, { ...witnesses[1], reader: 'second' }] });
    expect(named.ok && third(named.value.moves)).toEqual(['first']);
    const both = decode({ ...ensemble, witnesses: [{ ...witnesses[0], reader: 'first' }, { score: (text: string) => -8 * distance(text, 'Nf3'), ceiling: 0, reader: 'third' }] });
    expect(both.ok && third(both.value.moves)).toEqual(['first', 'third']);
    // Review comments name the disputing readers when given their names, and say "one reader" when a name is missing.
    if (!named.ok || !both.ok) return;
    const names = { first: 'the first network', third: 'the third network' };
    expect(reviewComment(named.value.moves[2], names)).toMatch(/^review: the first network alone reads Nf3; confidence /);
    expect(reviewComment(both.value.moves[2], names)).toMatch(/^review: the first network and the third network alone read Nf3; /);
    expect(reviewComment(both.value.moves[2], { first: 'the first network' })).toMatch(/^review: one reader alone reads Nf3; /);
    expect(decodedGamePgn(named.value, { readerNames: names })).toContain('{review: the first network alone reads Nf3; confidence');
    expect(decodedGamePgn(named.value)).toContain('{review: one reader alone reads Nf3; confidence');
    // A witness that agrees within the margin objects to nothing.
    const mild = decode({ ...ensemble, witnesses: [{ score: (text) => -2 * distance(text, 'Nf3'), ceiling: 0 }, { score: sawNc3, ceiling: 0 }] });
    expect(mild.ok && mild.value.moves[2].reviewReasons.includes('disputed')).toBe(false);
    // The cell's own reading is still what makes a correction: a read text the game forbids stays 'corrected', not disputed.
    const forced = decode({ ...scoredCell('Qh4'), witnesses: [{ score: (text) => -20 * distance(text, 'Qh4'), ceiling: 0, reads: 'Qh4' }] });
    expect(forced.ok && forced.value.moves[2].reviewReasons).toEqual(expect.arrayContaining(['corrected']));
    expect(forced.ok && forced.value.moves[2].reviewReasons.includes('disputed')).toBe(false);
  });

  it('keeps a scored cell even when the reader found no text in it', () => {
    const cells = [scoredCell('e4'), scoredCell('e5', []), scoredCell('Nf3')];
    const decoded = decodeSheets({ cells }, { language: 'en' });
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(decoded.value.moves.map((move) => move.san)).toEqual(['e4', 'e5', 'Nf3']);
  });
});
