/**
 * A game's language is settled from the whole game; a move that is not legal in
 * it is an error at its own ply, and another language's reading of it is only
 * ever a suggestion (the cases of issue 18 that once read an illegal move in
 * another language, or let one garbage token change the language).
 */
import { describe, expect, it } from 'vitest';
import { analyseOne } from './support.js';

const firstError = (text: string) => analyseOne(text).diagnostics.find((d) => d.severity === 'error');

describe('the language is settled from the whole game', () => {
  it('an impossible Polish queen move is an error, not a Hungarian knight move', () => {
    const report = analyseOne('1. d4 d5 2. Sf3 Sf6 3. Hg5 e6 4. e3 Ge7 *');
    expect(report.status).toBe('error');
    expect(report.language).toBe('pl');
    const error = report.diagnostics.find((d) => d.severity === 'error');
    expect(error).toMatchObject({ code: 'no-piece-can-reach', ply: 5, text: 'Hg5' });
    expect(error?.message).toContain('no queen of white');
    // The other reading is told, as a reading, never played.
    expect(error?.message).toContain('in hu it would be Ng5');
    expect(report.san).toEqual(['d4', 'd5', 'Nf3', 'Nf6']);
  });

  it('an illegal English bishop capture is not read as a German pawn capture', () => {
    const report = analyseOne('1. e4 e6 2. d4 Nf6 3. Nc3 Nc6 4. d5 Bxd5 5. Nf3 Bb4 *');
    expect(report.status).toBe('error');
    expect(report.language).toBe('en');
    expect(report.diagnostics.find((d) => d.severity === 'error')).toMatchObject({ code: 'no-piece-can-reach', ply: 8, text: 'Bxd5' });
    expect(report.plies).toBe(7);
  });

  it('an illegal rook move is not read as an Icelandic knight move, and the error stays at its ply', () => {
    const error = firstError('1. e4 d6 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. c3 Re5 6. Nxe5 dxe5 *');
    expect(error).toMatchObject({ code: 'no-piece-can-reach', ply: 10, text: 'Re5' });
  });

  it('one garbage token does not change the language', () => {
    const report = analyseOne(
      '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 '
      + '11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6 16. Bh4 c5 17. dxe5 dxcf 18. exf6 *',
    );
    expect(report.language).toBe('en');
    expect(report.diagnostics.filter((d) => d.code === 'wrong-piece-letter')).toEqual([]);
    expect(report.diagnostics.find((d) => d.severity === 'error')).toMatchObject({ code: 'unknown-token', ply: 34, side: 'black' });
  });

  it('languages that tie on letters are told apart by legality (Czech S is a bishop)', () => {
    const report = analyseOne('1. e4 e5 2. Jf3 Jc6 3. Sc4 Sc5 *');
    expect(report).toMatchObject({ status: 'ok', language: 'cs' });
  });

  it("with every tied reading failing, the error is where the game's letters fail", () => {
    // Only S and K: Polish (knight) and Czech (bishop) tie; the Polish reading replays further and fails at 3...Sf6?? (f6 taken).
    const report = analyseOne('1. e4 e5 2. Sf3 Sc6 3. Sc3 Sd4 4. Sxd4 exd4 5. Sd5 Kf6 *');
    expect(report.language).toBe('pl');
    expect(report.diagnostics.find((d) => d.severity === 'error')).toMatchObject({ ply: 10, text: 'Kf6' });
  });
});
