/**
 * A token that is not a move is an error where it stands (issue 18): never
 * split into a move number and a move, never a stray symbol and a move, never
 * a pawn move the text does not name. Move numbers that disagree with the ply
 * are a warning.
 */
import { describe, expect, it } from 'vitest';
import { analyseOne } from './support.js';

const firstError = (text: string) => analyseOne(text, { language: 'en' }).diagnostics.find((d) => d.severity === 'error');

describe('digits glued to a move', () => {
  it('`6b6` is one unknown token at its ply, not move number 6 and b6', () => {
    const report = analyseOne('1. e4 e5 2. Nf3 Nc6 3. Bc4 6b6 4. d3 *');
    expect(report.status).toBe('error');
    const error = report.diagnostics.find((d) => d.severity === 'error');
    expect(error).toMatchObject({ code: 'unknown-token', ply: 6, side: 'black', column: 28, text: '6b6' });
    expect(error?.message).toContain('"6b6"');
    expect(report.san).not.toContain('b6');
  });

  it('`15...5f6` is reported where it stands', () => {
    const report = analyseOne('1. e4 e5 2. Nf3 5f6 3. Bc4 *');
    expect(report.diagnostics.find((d) => d.severity === 'error')).toMatchObject({ code: 'unknown-token', ply: 4 });
  });

  it('a move number that disagrees with the ply is a warning at the number', () => {
    const report = analyseOne('1. e4 e5 2. Nf3 Nc6 6. Bc4 Bc5 7. c3 *');
    expect(report.status).toBe('ok');
    const mismatches = report.diagnostics.filter((d) => d.code === 'move-number-mismatch');
    // Once a line: a wrongly numbered file is not a warning per move.
    expect(mismatches).toEqual([expect.objectContaining({ severity: 'warning', ply: 5, text: '6.', column: 21, suggestions: ['3.'] })]);
  });

  it('move numbers with and without dots before black moves are fine when they are right', () => {
    expect(analyseOne('1. e4 1... e5 2 Nf3 2... Nc6 *').diagnostics).toEqual([]);
  });
});

describe('symbols glued to a move', () => {
  it('`=` glued after a move makes one unknown token at that move\'s ply', () => {
    expect(firstError('1. e4 e5 2. Nf3 Nc6 3. Bb5= a6 *')).toMatchObject({ code: 'unknown-token', ply: 5, text: 'Bb5=' });
    expect(firstError('1. e4 e5 2. Nf3 Nc6=15 3. Bb5 *')).toMatchObject({ code: 'unknown-token', ply: 4, text: 'Nc6=15' });
  });

  it('`=` glued before a move is not an evaluation and a move played', () => {
    const report = analyseOne('1. e4 e5 2. Nf3 =Nc6 3. Bb5 *', { language: 'en' });
    expect(report.diagnostics.find((d) => d.severity === 'error')).toMatchObject({ code: 'unknown-token', ply: 4, text: '=Nc6' });
    expect(report.san).not.toContain('Nc6');
  });

  it('an evaluation written apart from the move stays an annotation', () => {
    const report = analyseOne('1. e4 e5 2. Nf3 Nc6 = 3. Bb5 +- *', { language: 'en' });
    expect(report.diagnostics).toEqual([]);
    expect(report.moves[3].token.nags.map((nag) => nag.value)).toEqual([10]);
  });
});

describe('pawn moves name what FIDE C.9.3 asks', () => {
  it('a pawn capture written without the file it leaves is not that capture', () => {
    // Only exd5 reaches d5: `d5` names no capture.
    expect(firstError('1. e4 d5 2. d5 *')).toMatchObject({ code: 'no-piece-can-reach', ply: 3, text: 'd5' });
  });

  it('a pawn "capture" along its own file is not a push', () => {
    expect(firstError('1. e4 e5 2. dd4 *')).toMatchObject({ ply: 3, text: 'dd4' });
    expect(firstError('1. e4 e5 2. d4 d5 3. dxd5 *')).toMatchObject({ ply: 5, text: 'dxd5' });
  });

  it('a capture that names only the file it lands on is an error, with the move it must be', () => {
    const report = analyseOne('1. e4 d5 2. exd Qxd5 *', { language: 'en' });
    expect(report.diagnostics.find((d) => d.severity === 'error')).toMatchObject({ code: 'missing-destination-rank', ply: 3, text: 'exd', suggestions: ['exd5'] });
    // The move is certain, so the rest of the game is still checked.
    expect(report.san).toEqual(['e4', 'd5', 'exd5', 'Qxd5']);
  });

  it('long form still names the pawn\'s square: e2-e4 is fine', () => {
    expect(analyseOne('1. e2-e4 e7-e5 2. Ng1-f3 *', { language: 'en' }).status).toBe('ok');
  });
});

describe('castling is written as castling in SAN', () => {
  it('a king move onto the castling square is a king move, and is told how castling is written', () => {
    const error = firstError('1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Kg1 *');
    expect(error).toMatchObject({ code: 'no-piece-can-reach', ply: 7, text: 'Kg1' });
    expect(error?.message).toContain('castling is written O-O');
    // King takes rook, as Chess960 programs write castling, is not SAN either.
    expect(firstError('1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Kh1 *')).toMatchObject({ ply: 7, text: 'Kh1' });
  });

  it('long form and UCI still write castling as the king\'s move', () => {
    for (const castling of ['Ke1-g1', 'e1g1', 'e1-g1']) {
      const report = analyseOne(`1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. ${castling} *`, { language: 'en' });
      expect([castling, report.san[6]]).toEqual([castling, 'O-O']);
    }
  });
});
