import { describe, expect, it } from 'vitest';
import { INITIAL_FEN } from '@zapis/core';
import { parseTypedMove } from '../src/index.js';

/** After 1. e4 d5: White may take on d5. */
const SCANDINAVIAN = 'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2';
/** After 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5: White may castle. */
const ITALIAN = 'r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4';

describe('parseTypedMove', () => {
  it('reads Polish letters, `:` captures and castling with zeros', () => {
    expect(parseTypedMove(INITIAL_FEN, 'Sf3', 'pl')).toEqual({ ok: true, san: 'Nf3' });
    expect(parseTypedMove(SCANDINAVIAN, 'e4:d5', 'pl')).toEqual({ ok: true, san: 'exd5' });
    expect(parseTypedMove(ITALIAN, '0-0', 'pl')).toEqual({ ok: true, san: 'O-O' });
    expect(parseTypedMove(ITALIAN, 'Hd1-e2', 'pl')).toEqual({ ok: true, san: 'Qe2' });
  });

  it('reads English SAN, also when the sheet is Polish, and long form', () => {
    expect(parseTypedMove(INITIAL_FEN, 'Nf3', 'en')).toEqual({ ok: true, san: 'Nf3' });
    expect(parseTypedMove(INITIAL_FEN, 'Nf3', 'pl')).toEqual({ ok: true, san: 'Nf3' });
    expect(parseTypedMove(SCANDINAVIAN, 'exd5')).toEqual({ ok: true, san: 'exd5' });
    expect(parseTypedMove(INITIAL_FEN, 'g1-f3')).toEqual({ ok: true, san: 'Nf3' });
    expect(parseTypedMove(INITIAL_FEN, '1. e4', 'en')).toEqual({ ok: true, san: 'e4' });
    // A wrong or missing check mark is no reason to refuse the move: the SAN comes out right.
    expect(parseTypedMove(SCANDINAVIAN, 'Qh5+', 'en')).toEqual({ ok: true, san: 'Qh5' });
  });

  it('says why an illegal move cannot be played, in the language asked for', () => {
    const illegal = parseTypedMove(INITIAL_FEN, 'Sf4', 'pl');
    expect(illegal.ok).toBe(false);
    if (!illegal.ok) expect(illegal.message).toContain('Sf4');
    const castling = parseTypedMove(INITIAL_FEN, '0-0', 'pl');
    expect(castling).toMatchObject({ ok: false, message: expect.stringContaining('not legal') });
    expect(parseTypedMove(SCANDINAVIAN, 'Nd4', 'en')).toMatchObject({ ok: false, message: expect.stringContaining('Nd4') });
  });

  it('refuses what is not one move, and a bad position, with a message', () => {
    for (const text of ['', '   ', 'hello', 'e4 e5', '{e4}', '[Event "x"]', 'e4)']) {
      const typed = parseTypedMove(INITIAL_FEN, text, 'en');
      expect(typed.ok, text).toBe(false);
      if (!typed.ok) expect(typed.message.length).toBeGreaterThan(5);
    }
    expect(parseTypedMove('not a fen', 'e4')).toMatchObject({ ok: false, message: expect.stringContaining('bad position') });
  });
});
