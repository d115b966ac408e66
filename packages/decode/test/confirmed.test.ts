/**
 * Moves a person confirmed (DecodeOptions.confirmed): the search keeps only that move at its ply and
 * decodes the rest of the game around it; a confirmed move that cannot be played is a located error.
 * Real data: the Janowski – Lasker transcription of fixtures/scoresheets and the true game as a scored sheet.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { distance } from 'fastest-levenshtein';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '@zapis/testkit';
import { decodedGamePgn, decodeSheets, decodeText, parseTranscription, type DecodedGame, type Sheet } from '../src/index.js';
import { CONFIRMED_COMMENT } from '../src/pgn-output.js';

const fixture = (name: string): string => readFileSync(join(REPOSITORY_ROOT, 'fixtures', 'scoresheets', name), 'utf8');
const transcription = fixture('janowski-lasker-1912.pl.txt');

function decodedOf(text: string, confirmed?: ReadonlyMap<number, string>): DecodedGame {
  const [game] = decodeText(text, confirmed ? { confirmed } : {});
  if (!game.decoded.ok) throw new Error(game.decoded.error.message);
  return game.decoded.value;
}

const sans = (game: DecodedGame): string[] => game.moves.map((move) => move.san);

describe('confirmed moves in a text transcription', () => {
  let plain: DecodedGame;
  beforeAll(() => {
    plain = decodedOf(transcription);
  });

  it('keeps the confirmed alternative at its ply, says what the cell read, and takes it off the review list', () => {
    // 35... Qa7 (read `Ha7`) is the one uncertain move; Qe7 is its first alternative.
    const before = plain.moves[69];
    expect(before.san).toBe('Qa7');
    expect(before.review).toBe(true);
    expect(before.alternatives[0].san).toBe('Qe7');
    const fixed = decodedOf(transcription, new Map([[70, 'Qe7']]));
    const move = fixed.moves[69];
    expect(move).toMatchObject({ san: 'Qe7', confirmed: true, confidence: 1, review: false, reviewReasons: [], corrected: true });
    expect(move.cells[0].text).toBe('Ha7');
    expect(move.rival).toBeUndefined();
    expect(fixed.review).toEqual(plain.review.filter((ply) => ply !== 70));
    expect(sans(fixed).slice(0, 69)).toEqual(sans(plain).slice(0, 69));
    expect(fixed.moves.filter((other) => other.confirmed).map((other) => other.ply)).toEqual([70]);
    // The PGN keeps what was read and says a person confirmed the move.
    expect(decodedGamePgn(fixed)).toContain(`Qe7 {read: Ha7} {${CONFIRMED_COMMENT}}`);
  });

  it('decodes the later plies again around a confirmed move that changes the position', () => {
    // With 2. Nc3 instead of Nf3 the king's knight is still on g1: 5. O-O cannot stand.
    const fixed = decodedOf(transcription, new Map([[3, 'Nc3']]));
    expect(fixed.moves[2]).toMatchObject({ san: 'Nc3', confirmed: true, corrected: true });
    expect(sans(fixed).slice(0, 2)).toEqual(['e4', 'e5']);
    expect(plain.moves[8].san).toBe('O-O');
    expect(fixed.moves[8].san).not.toBe('O-O');
    expect(fixed.moves.length).toBeGreaterThan(60);
  });

  it('takes a confirmed move without its check mark, and with castling written with zeros', () => {
    const fixed = decodedOf(transcription, new Map([[47, 'Nxe6'], [9, '0-0']]));
    expect(fixed.moves[46]).toMatchObject({ san: 'Nxe6+', confirmed: true, confidence: 1 });
    expect(fixed.moves[8]).toMatchObject({ san: 'O-O', confirmed: true });
    expect(sans(fixed)).toEqual(sans(plain));
  });

  it('returns an error at the ply of a confirmed move that cannot be played, never a throw', () => {
    // After 1. d4 the king's bishop is shut in and the queen's bishop cannot reach c4 in one move.
    const [game] = decodeText(transcription, { confirmed: new Map([[1, 'd4'], [3, 'Bc4']]) });
    expect(game.decoded.ok).toBe(false);
    if (game.decoded.ok) return;
    expect(game.decoded.error).toMatchObject({ code: 'confirmed-illegal', ply: 3 });
    expect(game.decoded.error.message).toContain('2. Bc4 (ply 3)');
  });

  it('refuses a confirmation at a ply that is not one', () => {
    const [game] = decodeText(transcription, { confirmed: new Map([[0, 'e4']]) });
    expect(game.decoded.ok).toBe(false);
    if (!game.decoded.ok) expect(game.decoded.error.code).toBe('bad-option');
  });
});

describe('confirmed moves in a scored sheet (cells with a recogniser\u2019s scores)', () => {
  // The true game's moves as the cells' images "show" them: a text scores by how far it is from that.
  const truth = parseTranscription(fixture('janowski-lasker-1912.pgn'))[0].sheet;
  const scored: Sheet = {
    cells: truth.cells.map((cell) => {
      const shown = cell.readings[0].text;
      return { readings: [{ text: shown }], score: (text: string) => -6 * distance(text, shown) };
    }),
  };
  const truthSans = truth.cells.map((cell) => cell.readings[0].text);

  it('decodes the game, then keeps a confirmed alternative and re-decodes what follows', () => {
    const plain = decodeSheets(scored, { language: 'en' });
    expect(plain.ok).toBe(true);
    if (!plain.ok) return;
    expect(sans(plain.value)).toEqual(truthSans);
    expect(plain.value.moves.every((move) => !move.confirmed)).toBe(true);
    const fixed = decodeSheets(scored, { language: 'en', confirmed: new Map([[3, 'Nc3']]) });
    expect(fixed.ok).toBe(true);
    if (!fixed.ok) return;
    expect(fixed.value.moves[2]).toMatchObject({ san: 'Nc3', confirmed: true, confidence: 1, review: false, corrected: true });
    expect(sans(fixed.value).slice(0, 2)).toEqual(['e4', 'e5']);
    // The king's knight is still on g1: 5. O-O cannot stand, and the game still reaches its end.
    expect(fixed.value.moves[8].san).not.toBe('O-O');
    expect(sans(fixed.value).slice(-4)).toEqual(truthSans.slice(-4));
  });

  it('returns the located error for a confirmed move illegal where it stands', () => {
    // After 1... e5 (confirmed too) the d7 pawn still shuts in the light-squared bishop: 2... Bg4 cannot be played.
    const decoded = decodeSheets(scored, { language: 'en', confirmed: new Map([[2, 'e5'], [4, 'Bg4']]) });
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.error).toMatchObject({ code: 'confirmed-illegal', ply: 4, message: expect.stringContaining('2... Bg4') });
  });
});
