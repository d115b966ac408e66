/** Each diagnostic code on a crafted game: located, with ply, side, FEN and candidates. */
import { describe, expect, it } from 'vitest';
import { analyseOne, codes } from './support.js';

describe('move errors', () => {
  it('an illegal move: the piece is pinned', () => {
    // After 2. d3 the knight on c3 shields the king from the bishop on b4: only it could go to b5.
    const pinned = analyseOne('1. e4 e5 2. d3 Bb4+ 3. Nc3 Nf6 4. Nb5 *', { language: 'en' });
    expect(pinned.status).toBe('error');
    const [error] = pinned.diagnostics.filter((d) => d.severity === 'error');
    expect(error).toMatchObject({ code: 'illegal-move', ply: 7, moveNumber: 4, side: 'white', text: 'Nb5', line: 1, column: 35 });
    expect(error.message).toContain('leave the king in check');
    expect(error.fen).toBe('rnbqk2r/pppp1ppp/5n2/4p3/1b2P3/2NP4/PPP2PPP/R1BQKBNR w KQkq - 3 4');
    expect(error.candidates).toEqual(expect.arrayContaining(['Ne2', 'Nh3']));
  });

  it('a move that ignores check', () => {
    const report = analyseOne('1. e4 e5 2. Qh5 Nc6 3. Qxf7+ Nf6 *', { language: 'en' });
    const [error] = report.diagnostics.filter((d) => d.severity === 'error');
    expect(error).toMatchObject({ code: 'illegal-move', ply: 6, side: 'black', text: 'Nf6' });
    expect(error.message).toContain('does not answer the check');
  });

  it('no piece can reach the square', () => {
    const report = analyseOne('1. e4 e5 2. Nf4 *', { language: 'en' });
    expect(report.diagnostics[0]).toMatchObject({ severity: 'error', code: 'no-piece-can-reach', ply: 3, text: 'Nf4', column: 13 });
    expect(report.diagnostics[0].message).toBe("'Nf4': no knight of white can move there");
    expect(report.diagnostics[0].candidates).toEqual(expect.arrayContaining(['Nf3']));
    expect(report.plies).toBe(2);
  });

  it('an ambiguous move lists the moves it could be', () => {
    const ambiguous = analyseOne('[FEN "4k3/8/8/8/8/8/8/1N1K1N2 w - - 0 1"]\n1. Nd2 *', { language: 'en' });
    expect(codes(ambiguous)).toEqual(['error:ambiguous-move']);
    const diagnostic = ambiguous.diagnostics[0];
    expect([...(diagnostic.candidates ?? [])].sort()).toEqual(['Nbd2', 'Nfd2']);
    expect(diagnostic.message).toContain('fits 2 legal moves');
  });

  it('moves after mate are an error', () => {
    const report = analyseOne('1. f3 e5 2. g4 Qh4# 3. a3 0-1', { language: 'en' });
    expect(report.plies).toBe(4);
    expect(report.diagnostics.find((d) => d.severity === 'error')).toMatchObject({ code: 'moves-after-end', ply: 5, text: 'a3' });
  });

  it('a result that contradicts the mate on the board', () => {
    const report = analyseOne('[Result "1-0"]\n1. f3 e5 2. g4 Qh4# 1-0', { language: 'en' });
    expect(report.outcome).toMatchObject({ reason: 'checkmate', result: '0-1' });
    expect(report.diagnostics.find((d) => d.severity === 'error')).toMatchObject({ code: 'result-contradicts-board', suggestions: ['0-1'] });
  });

  it('a Result tag that disagrees with the movetext', () => {
    const report = analyseOne('[Result "1-0"]\n1. e4 e5 1/2-1/2', { language: 'en' });
    expect(codes(report)).toEqual(['warning:result-tag-mismatch']);
    expect(report.status).toBe('ok');
  });

  it('moves that end without a termination marker though the Result tag says the game was decided (a cut file)', () => {
    const report = analyseOne('[Event "x"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3', { language: 'en' });
    expect(codes(report)).toEqual(['warning:missing-termination']);
    expect(report.diagnostics[0]).toMatchObject({ line: 2, text: '1-0' });
    expect(codes(analyseOne('[Result "*"]\n1. e4 e5', { language: 'en' }))).toEqual([]);
    expect(codes(analyseOne('1. e4 e5', { language: 'en' }))).toEqual([]);
  });

  it('a promotion without the new piece is an error, and replay goes on with a queen', () => {
    const report = analyseOne('[FEN "8/P6k/8/8/8/8/8/K7 w - - 0 1"]\n1. a8 Kg6 *', { language: 'en' });
    expect(report.diagnostics[0]).toMatchObject({ severity: 'error', code: 'missing-promotion-piece', ply: 1 });
    expect(report.san).toEqual(['a8=Q', 'Kg6']);
  });

  it('an invalid FEN tag', () => {
    const report = analyseOne('[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n1. e4 *');
    expect(report.diagnostics[0]).toMatchObject({ severity: 'error', code: 'invalid-fen-tag', line: 1 });
    expect(report.diagnostics[0].message).toContain('no white king');
  });

  it('replays from a FEN tag with black to move, numbering plies from it', () => {
    const report = analyseOne('[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 10"]\n10... Kd7 11. e4 *', { language: 'en' });
    expect(report.status).toBe('ok');
    expect(report.moves.map((move) => [move.ply, move.moveNumber, move.side])).toEqual([[20, 10, 'black'], [21, 11, 'white']]);
  });
});

describe('warnings about marks', () => {
  it.each([
    ['1. e4 d5 2. ed5 *', 'missing-capture-mark'],
    ['1. Nxf3 *', 'extra-capture-mark'],
    ['1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 *', 'missing-mate-mark'],
    ['1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7+ *', 'missing-mate-mark'],
    ['1. e4 f6 2. Qh5 *', 'missing-check-mark'],
    ['1. e4 e5 2. Nf3+ *', 'extra-check-mark'],
    ['1. e4 f6 2. Qh5# *', 'false-mate-mark'],
    ['1. Ngf3 *', 'over-disambiguation'],
    ['1. e4 e.p. *', 'extra-en-passant-mark'],
  ])('%s → %s', (text, code) => {
    const report = analyseOne(text, { language: 'en' });
    expect(report.diagnostics.map((d) => d.code)).toContain(code);
  });

  it('a clean game has no diagnostics at all', () => {
    const report = analyseOne('1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O f6 6. d4 exd4 7. Nxd4 c5 8. Nb3 Qxd1 9. Rxd1 *', { language: 'en' });
    expect(report.diagnostics).toEqual([]);
  });
});

describe('languages', () => {
  it('reads Polish letters with --lang pl and by detection', () => {
    const text = '1. e4 e5 2. Sf3 Sc6 3. Gb5 a6 4. G:c6 d:c6 5. 0-0 f6 6. d4 e:d4 7. S:d4 c5 8. Sb3 H:d1 9. W:d1 *';
    for (const language of ['pl', 'auto'] as const) {
      const report = analyseOne(text, { language });
      expect(report.status).toBe('ok');
      expect(report.language).toBe('pl');
      expect(report.san).toEqual(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Bxc6', 'dxc6', 'O-O', 'f6', 'd4', 'exd4', 'Nxd4', 'c5', 'Nb3', 'Qxd1', 'Rxd1']);
    }
  });

  it('tells the Czech bishop S from the Polish knight S by legality', () => {
    // In Czech S is the bishop (střelec) and J the knight (jezdec).
    const report = analyseOne('1. e4 e5 2. Jf3 Jc6 3. Sc4 Sc5 *');
    expect(report.status).toBe('ok');
    expect(report.language).toBe('cs');
    expect(report.san).toEqual(['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Bc5']);
  });

  it('reads German, where B is a pawn only in some writers\' hands and L the bishop', () => {
    const report = analyseOne('1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. O-O Le7 6. Te1 b5 7. Lb3 d6 8. c3 O-O 9. h3 Dd7 *');
    expect(report.status).toBe('ok');
    expect(report.language).toBe('de');
    expect(report.san[17]).toBe('Qd7');
  });

  it('with a fixed language, a letter of another language is an error at its ply, never a silent guess', () => {
    const report = analyseOne('1. e4 e5 2. Nf3 Sc6 *', { language: 'pl' });
    expect(report.status).toBe('error');
    const diagnostic = report.diagnostics.find((d) => d.code === 'wrong-piece-letter');
    expect(diagnostic).toMatchObject({ severity: 'error', ply: 3, text: 'Nf3', suggestions: ['Nf3'] });
    expect(diagnostic?.message).toContain('not written with the piece letters of pl');
    expect(report.san).toEqual(['e4', 'e5']);
  });

  it('a game that mixes English and Polish letters fails at the first move outside its language', () => {
    const report = analyseOne('1. e4 e5 2. Nf3 Sc6 3. Bb5 Gc5 *');
    expect(report.status).toBe('error');
    expect(report.language).toBe('en');
    const [error] = report.diagnostics.filter((d) => d.severity === 'error');
    expect(error).toMatchObject({ code: 'wrong-piece-letter', ply: 4, text: 'Sc6', suggestions: ['Nc6'] });
  });

  it('does not read Sf3 as the pawn move f3, nor as a knight move in English', () => {
    const report = analyseOne('1. e4 e5 2. Sf3 *', { language: 'en' });
    expect(report.san).toEqual(['e4', 'e5']);
    expect(report.diagnostics).toEqual([expect.objectContaining({ code: 'wrong-piece-letter', severity: 'error', text: 'Sf3', ply: 3, suggestions: ['Nf3'] })]);
  });
});

describe('repairs', () => {
  it('two moves written in the wrong order', () => {
    const report = analyseOne('1. e4 e5 2. Bc4 Nf3 3. Nc6 *', { language: 'en' });
    expect(report.status).toBe('error');
    const swap = report.repairs.find((repair) => repair.edit.kind === 'swap');
    expect(swap).toBeDefined();
  });

  it('a missing move', () => {
    // White's 2. Nf3 was not written: 2...Nc6 then 3. Bb5 appears as White's second move.
    const report = analyseOne('1. e4 e5 Nc6 2. Bb5 a6 3. Ba4 Nf6 4. O-O Be7 *', { language: 'en' });
    expect(report.status).toBe('error');
    expect(report.repairs.some((repair) => repair.edit.kind === 'insert')).toBe(true);
  });
});
