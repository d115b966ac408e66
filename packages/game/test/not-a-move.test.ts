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

describe('a word that is no move holds its ply', () => {
  const RUY_LOPEZ = '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8';

  it('the move after it is Black\'s, not White\'s in its place: one error, where the word is', () => {
    const report = analyseOne(`${RUY_LOPEZ} 10. Rd9 Kf7 11. d4 Nbd7 *`, { language: 'en' });
    const errors = report.diagnostics.filter((d) => d.severity === 'error');
    expect(errors).toEqual([expect.objectContaining({ code: 'unknown-token', ply: 19, side: 'white', text: 'Rd9' })]);
    expect(report.plies).toBe(18);
    // The only White move after which Black can play a king to f7 and the rest is legal.
    expect(report.repairs.map((repair) => repair.edit)).toEqual([{ kind: 'replace', ply: 19, written: 'Rd9', san: 'Bxf7+', replacement: 'Bxf7+' }]);
    expect(report.repairs[0].message).toBe('10.Rd9 → 10.Bxf7+ makes the rest of the game legal');
    expect(report.repairs[0].san.slice(18)).toEqual(['Bxf7+', 'Kxf7', 'd4', 'Nbd7']);
  });

  it('the move numbers after it agree, and the fixes are the moves written most like it', () => {
    const report = analyseOne('1. e4 e5 2. Nf3 Nc6 3. Bc4 6b6 4. d3 Nf6 *', { language: 'en' });
    expect(report.diagnostics.map((d) => `${d.severity}:${d.code}:${d.ply}`)).toEqual(['error:unknown-token:6']);
    expect(report.repairs[0]).toMatchObject({ edit: { kind: 'replace', ply: 6, san: 'b6' }, message: '3...6b6 → 3...b6 makes the rest of the game legal' });
  });

  it('a fix is written in the game\'s letters', () => {
    const report = analyseOne('1. e4 e5 2. Sf3 Sc6 3. Gb5 a6 4. Gy4 Sf6 5. 0-0 *', { language: 'pl' });
    expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([expect.objectContaining({ code: 'unknown-token', ply: 7, text: 'Gy4' })]);
    // Both one letter from it, both legal with what follows; then moves further from it.
    expect(report.repairs.slice(0, 2).map((repair) => repair.edit)).toEqual([
      { kind: 'replace', ply: 7, written: 'Gy4', san: 'Ba4', replacement: 'Ga4' },
      { kind: 'replace', ply: 7, written: 'Gy4', san: 'Bc4', replacement: 'Gc4' },
    ]);
    expect(report.repairs[0].message).toBe('4.Gy4 → 4.Ga4 (Ba4 in standard SAN) makes the rest of the game legal');
  });

  it('a word the move numbers show held Black\'s move holds it, and no fix is guessed where many moves fit', () => {
    const report = analyseOne('1. e4 e5 2. Nf3 blah 3. Bb5 a6 *', { language: 'en' });
    expect(report.diagnostics.map((d) => `${d.severity}:${d.code}:${d.ply}`)).toEqual(['error:unknown-token:4']);
    expect(report.repairs).toEqual([]);
  });

  it('as the last move, only moves one letter from it are offered: nothing after it tells them apart', () => {
    const report = analyseOne('1. e4 e5 2. Nf9 *', { language: 'en' });
    expect(report.repairs.map((repair) => repair.edit)).toEqual([{ kind: 'replace', ply: 3, written: 'Nf9', san: 'Nf3', replacement: 'Nf3' }]);
  });

  it('in a variation it holds the variation\'s ply, and the mainline goes on', () => {
    const report = analyseOne('1. e4 e5 2. Nf3 (2. Bc4 Qy9 3. Qh5) 2... Nc6 3. Bb5 *', { language: 'en' });
    expect(report.san).toEqual(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']);
    expect(report.diagnostics.filter((d) => d.severity === 'error').map((d) => d.text)).toEqual(['Qy9']);
  });

  it('a word with no letter and digit both is debris, not a move: the game goes on without it', () => {
    const report = analyseOne('1. e4 e5 2. Nf3 @ Nc6 3. Bb5 *', { language: 'en' });
    expect(report.diagnostics.map((d) => `${d.code}:${d.ply}`)).toEqual(['unknown-token:4']);
    expect(report.san).toEqual(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']);
  });
});
