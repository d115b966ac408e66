/** The sample games of the Polish FIDE texts (fixtures/seed-samples): replay, repair, reconciliation. */
import { describe, expect, it } from 'vitest';
import { reconcile } from '../src/index.js';
import { analyseOne, codes, fixture } from './support.js';

describe('seed samples', () => {
  it('the 2001 sample replays clean in Polish', () => {
    const report = analyseOne(fixture('2001-sample.pgn'));
    expect(report.status).toBe('ok');
    expect(report.language).toBe('pl');
    expect(report.plies).toBe(33);
    expect(report.san.slice(0, 8)).toEqual(['d4', 'Nf6', 'c4', 'e6', 'Nc3', 'Bb4', 'Bd2', 'O-O']);
    expect(report.san.slice(-3)).toEqual(['Qb4', 'Bb7', 'a5']);
    expect(codes(report).filter((code) => code.startsWith('error'))).toEqual([]);
  });

  it('the 2023 short form replays clean, with warnings only for omitted marks', () => {
    const report = analyseOne(fixture('2023-short.pgn'));
    expect(report.status).toBe('ok');
    expect(report.language).toBe('pl');
    expect(report.plies).toBe(21);
    expect(report.san[10]).toBe('exd6');
    expect(report.moves[20].token.drawOffer).toBe(true);
    expect(report.diagnostics.every((d) => d.severity !== 'error')).toBe(true);
    expect(codes(report)).toContain('warning:missing-capture-mark');
    expect(codes(report)).toContain('warning:missing-check-mark');
  });

  it('the 2023 long form replays clean', () => {
    const report = analyseOne(fixture('2023-long.pgn'));
    expect(report.status).toBe('ok');
    expect(report.language).toBe('pl');
    expect(report.plies).toBe(21);
    expect(report.san[14]).toBe('Qd3');
  });

  it('the first 2023 sample fails at 9...0-0 and is repaired by 8...Ge7', () => {
    const report = analyseOne(fixture('2023-sample.pgn'), { file: '2023-sample.pgn' });
    expect(report.status).toBe('error');
    expect(report.language).toBe('pl');
    const error = report.diagnostics.find((d) => d.severity === 'error');
    expect(error).toMatchObject({ code: 'illegal-move', ply: 18, moveNumber: 9, side: 'black', text: '0-0', file: '2023-sample.pgn', line: 3 });
    expect(error?.fen).toBe('r1bqkb1r/ppp1nppp/3n4/6B1/8/4QN2/PPPN1PPP/R3KB1R b KQkq - 5 9');
    expect(report.plies).toBe(17);
    const [repair] = report.repairs;
    expect(repair.edit).toMatchObject({ kind: 'replace', ply: 16, written: 'Se7', san: 'Be7' });
    expect(repair.message).toContain('8...Se7 → 8...Ge7');
    expect(repair.editedPlies).toEqual([16]);
    expect(repair.san.slice(15, 19)).toEqual(['Be7', 'Nbd2', 'O-O', 'O-O-O']);
  });

  it('reconciles the short and the long form: they part at White\'s 8th move', () => {
    const short = analyseOne(fixture('2023-short.pgn'));
    const long = analyseOne(fixture('2023-long.pgn'));
    const result = reconcile(short, long);
    expect(result.agree).toBe(false);
    expect(result.agreedPlies).toBe(14);
    expect(result.firstDifference).toMatchObject({ ply: 15, moveNumber: 8, side: 'white' });
    expect(result.firstDifference?.first).toMatchObject({ text: 'He3', san: 'Qe3+' });
    expect(result.firstDifference?.second).toMatchObject({ text: 'Hd4d3', san: 'Qd3' });
    expect(result.agreedFen).toBe('r1bqkb1r/ppp2ppp/2nn4/6B1/3Q4/5N2/PPP2PPP/RN2KB1R w KQkq - 2 8');
    expect(result.merged).toBeUndefined();
  });
});
