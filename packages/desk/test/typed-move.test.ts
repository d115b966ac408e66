import { describe, expect, it } from 'vitest';
import { INITIAL_FEN, describeMove, legalMoves, makeFen, parseFen } from '@zapis/core';
import { POLISH_STYLE, STANDARD_SAN_STYLE, parsePgn, writeMove } from '@zapis/notation';
import { analyseGame } from '@zapis/game';
import { parseTypedMove, typedMoveStem } from '../src/index.js';

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

describe('typedMoveStem', () => {
  /** Morphy's Opera game: checks, a capture with check, castling long and mate. */
  const OPERA = '1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 '
    + '11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0';

  it('leaves off only the marks that end a move, in English and Polish', () => {
    expect(['Qh5+', 'Qh5#', 'Qh5++', 'Hh5X', 'e8=Q+', 'e8HX', 'Nf3!?', 'Nf3?', ' Nf3 '].map(typedMoveStem)).toEqual(['Qh5', 'Qh5', 'Qh5', 'Hh5', 'e8=Q', 'e8H', 'Nf3', 'Nf3', 'Nf3']);
    // An X that is a capture or a piece, not a mate, stays.
    expect(['Nxf3', 'X', 'e4xd5'].map(typedMoveStem)).toEqual(['Nxf3', 'X', 'e4xd5']);
  });

  it('reads every legal move of a real game\'s positions as the same move with its marks and without', () => {
    const report = analyseGame(parsePgn(OPERA)[0], { language: 'en' });
    expect(report.status).toBe('ok');
    let checked = 0;
    let marked = 0;
    for (const move of report.moves) {
      const fen = makeFen(positionBefore(report, move.ply));
      const position = parseFen(fen);
      if (!position.ok) throw new Error(fen);
      for (const legal of legalMoves(position.value)) {
        const description = describeMove(position.value, legal);
        for (const [style, language] of [[STANDARD_SAN_STYLE, 'en'], [POLISH_STYLE, 'pl']] as const) {
          const written = writeMove(description, style);
          const stem = typedMoveStem(written);
          if (stem !== written) marked += 1;
          expect([written, parseTypedMove(fen, stem, language)]).toEqual([written, parseTypedMove(fen, written, language)]);
          checked += 1;
        }
      }
    }
    // Every move of the game's 33 positions, and the checks and the mate among them.
    expect(checked).toBeGreaterThan(1000);
    expect(marked).toBeGreaterThan(20);
  });
});

/** The position before `ply` of a replayed game, as FEN. */
function positionBefore(report: ReturnType<typeof analyseGame>, ply: number) {
  const position = parseFen(INITIAL_FEN);
  if (!position.ok) throw new Error('start');
  for (const move of report.moves.slice(0, ply - 1)) position.value.playUnchecked(move.move);
  return position.value;
}
