/** validate, convert and reconcile on the bundled seed samples, through the CLI contract (ARCHITECTURE.md). */
import { describe, expect, it } from 'vitest';
import { jsonLines, run } from './run-cli.js';

const SAMPLES = 'fixtures/seed-samples';

describe('zapis validate', () => {
  it('reports the 2023 sample error with a caret, the reason and the repair; exit 1', async () => {
    const result = await run(['validate', `${SAMPLES}/2023-sample.pgn`]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`${SAMPLES}/2023-sample.pgn:3:21: error[illegal-move]: castling '0-0' is not legal: f8 is occupied`);
    expect(result.stdout).toMatch(/3 \| 8\. He3\+ Se7 9\. Sbd2 0-0 10\. 0-0-0 We8 11\. Kb1 \(=\) \*\n {2}\| {21}\^\^\^\n/);
    expect(result.stdout).toContain('help: game 1: 8...Se7 → 8...Ge7');
    expect(result.stderr).toBe('');
  });

  it('prints one JSON object per game with the contract fields, then a summary', async () => {
    const result = await run(['validate', '--format', 'json', `${SAMPLES}/2001-sample.pgn`, `${SAMPLES}/2023-sample.pgn`]);
    expect(result.code).toBe(1);
    const [first, second, summary] = jsonLines(result.stdout);
    for (const key of ['file', 'index', 'line', 'tags', 'language', 'status', 'plies', 'san', 'fen', 'diagnostics']) {
      expect(first).toHaveProperty(key);
    }
    expect(first).toMatchObject({ file: `${SAMPLES}/2001-sample.pgn`, index: 1, language: 'pl', status: 'ok', plies: 33 });
    expect(second).toMatchObject({ status: 'error', plies: 17 });
    const error = (second.diagnostics as Record<string, unknown>[]).find((d) => d.severity === 'error');
    expect(error).toMatchObject({
      severity: 'error', code: 'illegal-move', file: `${SAMPLES}/2023-sample.pgn`, line: 3, column: 21,
      ply: 18, moveNumber: 9, side: 'black', text: '0-0',
      fen: 'r1bqkb1r/ppp1nppp/3n4/6B1/8/4QN2/PPPN1PPP/R3KB1R b KQkq - 5 9',
    });
    expect(summary).toMatchObject({ summary: { games: 2, ok: 1, failed: 1 } });
  });

  it('reads standard input and accepts a clean game with exit 0', async () => {
    const result = await run(['validate', '-', '--lang', 'en'], { stdin: '1. e4 e5 2. Nf3 Nc6 *\n' });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('1 game: 1 ok, 0 with errors');
  });

  it('a missing file is exit 2 with one line, and the other files are still read', async () => {
    const result = await run(['validate', 'no-such.pgn', `${SAMPLES}/2001-sample.pgn`]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('zapis: cannot read no-such.pgn: no such file\n');
    expect(result.stdout).toContain('1 game: 1 ok');
  });

  it('an unknown language is a usage error', async () => {
    const result = await run(['validate', '--lang', 'xx', `${SAMPLES}/2001-sample.pgn`]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^zapis: unknown language 'xx'/);
  });
});

describe('zapis convert', () => {
  it('Polish short form to standard PGN', async () => {
    const result = await run(['convert', `${SAMPLES}/2023-short.pgn`, '--to', 'en']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\[Event "\?"\]\n\[Site "\?"\]\n\[Date "\?\?\?\?\.\?\?\.\?\?"\]\n\[Round "\?"\]\n\[White "\?"\]\n\[Black "\?"\]\n\[Result "\*"\]\n/);
    expect(result.stdout.replace(/\s+/g, ' ')).toContain('5. Qxd4 d5 6. exd6 Nxd6 7. Bg5 Nc6 8. Qe3+ Be7 9. Nbd2 O-O 10. O-O-O Re8 11. Kb1');
    expect(result.stdout.split('\n').every((line) => line.length <= 80)).toBe(true);
  });

  it('to Polish with : captures, 0-0 and X, and back to the same moves', async () => {
    const polish = await run(['convert', `${SAMPLES}/2001-sample.pgn`, '--to', 'pl', '--capture', ':', '--castling', '0-0', '--mate', 'X']);
    expect(polish.code).toBe(0);
    expect(polish.stdout.replace(/\s+/g, ' ')).toContain('6. e:d5 e:d5 7. c:d5 G:c3 8. G:c3 S:d5');
    const english = await run(['convert', '-', '--to', 'en', '--from', 'pl'], { stdin: polish.stdout });
    const original = await run(['convert', `${SAMPLES}/2001-sample.pgn`, '--to', 'en']);
    expect(english.stdout).toBe(original.stdout);
  });

  it('figurine, long form and UCI', async () => {
    const figurine = await run(['convert', `${SAMPLES}/2023-long.pgn`, '--to', 'figurine']);
    expect(figurine.stdout).toContain('♘f3');
    const lan = await run(['convert', `${SAMPLES}/2023-long.pgn`, '--to', 'lan']);
    expect(lan.stdout).toContain('Ng1-f3');
    const uci = await run(['convert', `${SAMPLES}/2023-long.pgn`, '--to', 'uci']);
    expect(uci.stdout).toContain('1. e2e4 e7e5 2. g1f3');
  });

  it('a game that fails keeps what it could not convert in a comment; exit 1', async () => {
    const result = await run(['convert', `${SAMPLES}/2023-sample.pgn`, '--to', 'en']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('9. Nbd2 {zapis: not converted, as written: 0-0 10. 0-0-0 We8');
    expect(result.stderr).toContain(`${SAMPLES}/2023-sample.pgn:3:21: error[illegal-move]`);
  });

  it('needs --to', async () => {
    const result = await run(['convert', `${SAMPLES}/2001-sample.pgn`]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('convert needs --to');
  });
});

describe('zapis reconcile', () => {
  it('finds where the short and the long records part', async () => {
    const result = await run(['reconcile', `${SAMPLES}/2023-short.pgn`, `${SAMPLES}/2023-long.pgn`]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('the sheets agree for 14 plies');
    expect(result.stdout).toContain('1 difference:\nply 15 (8. white): different moves');
    expect(result.stdout).toContain(`white's sheet ${SAMPLES}/2023-short.pgn:3:1: 8. He3 (Qe3+)`);
    expect(result.stdout).toContain(`black's sheet ${SAMPLES}/2023-long.pgn:3:40: 8. Hd4d3 (Qd3)`);
    expect(result.stdout).toContain('no merged game: the sheets give different moves');
  });

  it('merges a record that only lacks moves; they still differ, so exit 1', async () => {
    const result = await run(['reconcile', '-', `${SAMPLES}/2023-short.pgn`, '--format', 'json'], {
      stdin: '1. e4 e5 2. Sf3 Sf6 3. d4 exd4 4. e5 Se4 5. Hd4 d5 6. ed6 Sd6 7. Gg5 Sc6 8. He3 Ge7 9 Sbd2 0-0 10. 0-0-0 *',
    });
    const [report] = jsonLines(result.stdout);
    expect(result.code).toBe(1);
    expect(report).toMatchObject({ agree: false, agreedPlies: 19, merged: { source: 'second', missingPlies: [20, 21] } });
    expect(report.differences).toMatchObject([{ ply: 20, kind: 'missing-move', second: { text: 'We8', san: 'Re8' } }, { ply: 21, kind: 'missing-move', second: { text: 'Kb1' } }]);
  });
});
