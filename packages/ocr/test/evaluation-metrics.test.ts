import { describe, expect, it } from 'vitest';
import { bareSan, parseNdjson, pickGame, scoreKind, scoreSheet } from '../bench/metrics.js';
import { formatTable, metricRows, readerLabel } from '../bench/targets.js';
import { formatByHand, scoreByHand } from '../bench/by-hand.js';

const move = (san: string, review = false): Record<string, unknown> =>
  ({ san, confidence: review ? 0.5 : 0.999, review, read: [san], alternatives: [], cell: { page: 1, x: 0, y: 0, width: 10, height: 10 } });

const ndjson = (...lines: unknown[]): string => lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n');

const TRUTH = ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Bxc6', 'dxc6', 'O-O', 'f6'];

describe('parseNdjson', () => {
  it('groups game objects by file base name, keeps the summary and stray lines', () => {
    const output = parseNdjson(ndjson(
      { file: '/scans/a.png', tags: {}, result: '1-0', moves: [move('e4'), move('e5')] },
      'Warning: not json',
      { file: 'b.pdf', moves: [move('d4')] },
      { file: 'b.pdf', moves: [move('c4'), move('e6')] },
      // Both players' sheets of one game: found under either file.
      { file: 'dir/w.jpg', sheets: [{ file: 'dir/w.jpg', page: 1 }, { file: 'dir/b.jpg', page: 1 }], moves: [move('Nf3')] },
      { summary: { games: 3, flagged: 0 } },
    ));
    expect([...output.games.keys()]).toEqual(['a.png', 'b.pdf', 'w.jpg', 'b.jpg']);
    expect(output.games.get('b.jpg')?.[0]).toBe(output.games.get('w.jpg')?.[0]);
    expect(output.games.get('a.png')?.[0].moves.map((m) => m.san)).toEqual(['e4', 'e5']);
    expect(output.games.get('b.pdf')).toHaveLength(2);
    expect(output.summary).toEqual({ games: 3, flagged: 0 });
    expect(output.strayLines).toEqual(['Warning: not json']);
    expect(pickGame(output.games.get('b.pdf'), 'first')?.moves).toHaveLength(1);
    expect(pickGame(output.games.get('b.pdf'), 'longest')?.moves).toHaveLength(2);
  });
});

describe('bareSan', () => {
  it('ignores check marks and zeros in castling, nothing else', () => {
    expect(bareSan('O-O+')).toBe('O-O');
    expect(bareSan('0-0-0#')).toBe('O-O-O');
    expect(bareSan('Qxe7+')).toBe('Qxe7');
    expect(bareSan('exd6 e.p.')).toBe('exd6');
    expect(bareSan('Nf3')).not.toBe(bareSan('Nd2'));
  });
});

describe('scoreSheet', () => {
  it('a perfect reading', () => {
    const [game] = parseNdjson(ndjson({ file: 'a.png', moves: TRUTH.map((san) => move(san)) })).games.get('a.png')!;
    const score = scoreSheet('a.png', TRUTH, game);
    expect(score).toMatchObject({ plies: 10, right: 10, reviewed: 0, notReviewed: 10, notReviewedRight: 10 });
    expect(score.broken).toBeUndefined();
  });

  it('counts a wrong move sent to review as wrong and reviewed, with check marks ignored', () => {
    const read = TRUTH.map((san) => move(san));
    read[4] = move('Bc4', true);
    read[8] = move('O-O+');
    const score = scoreSheet('a.png', TRUTH, { file: 'a.png', moves: read.map((m) => ({ san: String(m.san), review: m.review === true })) });
    expect(score).toMatchObject({ plies: 10, right: 9, reviewed: 1, notReviewed: 9, notReviewedRight: 9 });
  });

  it('missing plies are wrong and count as silently lost (not reviewed); the game is marked broken', () => {
    const score = scoreSheet('a.png', TRUTH, { file: 'a.png', moves: TRUTH.slice(0, 7).map((san) => ({ san, review: false })) });
    expect(score).toMatchObject({ plies: 10, right: 7, reviewed: 0, notReviewed: 10, notReviewedRight: 7 });
    expect(score.broken).toBe('7 plies read, 10 on the sheet');
  });

  it('extra plies are wrong', () => {
    const moves = [...TRUTH, 'Be3', 'Bd6'].map((san, index) => ({ san, review: index >= 10 }));
    const score = scoreSheet('a.png', TRUTH, { file: 'a.png', moves });
    expect(score).toMatchObject({ plies: 12, right: 10, reviewed: 2 });
    expect(score.broken).toBe('12 plies read, 10 on the sheet');
  });

  it('a game that broke: no output, an error object, a failed status', () => {
    expect(scoreSheet('a.png', TRUTH, undefined)).toMatchObject({ plies: 10, right: 0, notReviewed: 10, broken: 'no game in the output' });
    const output = parseNdjson(ndjson(
      { file: 'x.jpg', error: { message: 'no scoresheet found (no markers, no grid)' }, moves: [] },
      { file: 'y.jpg', status: 'failed', moves: [move('e4'), move('e5')] },
    ));
    expect(scoreSheet('x.jpg', TRUTH, pickGame(output.games.get('x.jpg'), 'first')).broken).toMatch(/^error: .*no scoresheet found/u);
    const failed = scoreSheet('y.jpg', TRUTH, pickGame(output.games.get('y.jpg'), 'first'));
    expect(failed).toMatchObject({ right: 2, broken: 'status failed' });
  });
});

describe('scoreKind and the target table', () => {
  it('adds up sheets and marks each metric against the issue targets', () => {
    const good = scoreSheet('a.png', TRUTH, { file: 'a.png', moves: TRUTH.map((san, index) => ({ san, review: index === 3 })) });
    const short = scoreSheet('b.png', TRUTH, { file: 'b.png', moves: TRUTH.slice(0, 8).map((san) => ({ san, review: false })) });
    const kind = scoreKind([good, short], 5, 1234.4);
    expect(kind.plies).toBe(20);
    expect(kind.peakMegabytes).toBe(1234.4);
    expect(kind.rightPercent).toBeCloseTo(90);
    expect(kind.reviewPercent).toBeCloseTo(5);
    expect(kind.notReviewedRightPercent).toBeCloseTo((17 / 19) * 100);
    expect(kind.secondsPerSheet).toBeCloseTo(2.5);
    expect(kind.broken).toEqual([{ file: 'b.png', reason: '8 plies read, 10 on the sheet' }]);

    const rows = metricRows('phone', kind, scoreKind([good]));
    expect(rows.map((row) => [row.metric, row.mark])).toEqual([
      ['% moves right', 'FAIL'], ['% right, not sent to review', 'FAIL'], ['% sent to review', 'PASS'],
      ['s / sheet / core', 'FAIL'], ['peak memory, MB (one worker)', 'FAIL'], ['sheets where the game broke', '-'],
    ]);
    expect(rows[0].anchor).toBeCloseTo(100);
    expect(formatTable('phone', 2, rows)).toMatch(/peak memory, MB \(one worker\)\s+< 500\s+1234\s+FAIL\s/u);
    const lean = metricRows('phone', scoreKind([good], 1.2, 480), undefined);
    expect(lean.filter((row) => row.metric.startsWith('s /') || row.metric.startsWith('peak')).map((row) => row.mark)).toEqual(['PASS', 'PASS']);
    const perfect = metricRows('prefilled', scoreKind([scoreSheet('c.png', TRUTH, { file: 'c.png', moves: TRUTH.map((san) => ({ san, review: false })) })], 1), undefined);
    expect(perfect[0].mark).toBe('PASS');
    expect(formatTable('phone', 2, rows)).toContain('% moves right');
    // Another reader run beside the default gets its own column and marks, the same rows scored its way.
    const beside = metricRows('phone', kind, undefined, undefined, new Map([['ensemble', scoreKind([good], 1)], ['missing', undefined]]));
    expect(beside[0].others).toEqual([{ reader: 'ensemble', value: 100, mark: 'PASS' }, { reader: 'missing', mark: '-' }]);
    expect(beside[0].mark).toBe('FAIL');
    expect(formatTable('phone', 2, beside)).toMatch(/% moves right\s+>= 95\s+90\.00\s+FAIL\s+100\.00\s+PASS\s+n\/a\s+-/u);
    // `NAME:HOW` is the default reader with another way of making the review list.
    const everyDoubt = metricRows('phone', kind, undefined, undefined, new Map([['auto:every-doubt', scoreKind([good], 1)]]));
    expect(formatTable('phone', 2, everyDoubt).split('\n')[1]).toContain('--reader auto --review every-doubt');
    expect(readerLabel('ctc')).toBe('--reader ctc');
    // A `:deep` part asks for the deep search (the default), a `:narrow` one for the one narrow search, with or without a way of making the review list.
    expect(readerLabel('auto:deep')).toBe('--reader auto --deep');
    expect(readerLabel('auto:every-doubt:deep')).toBe('--reader auto --review every-doubt --deep');
    expect(readerLabel('auto:narrow')).toBe('--reader auto --no-deep');
    expect(readerLabel('auto:every-doubt:narrow')).toBe('--reader auto --review every-doubt --no-deep');
  });

  it('without a reader, the marks are empty and the anchor still shows', () => {
    const anchor = scoreKind([scoreSheet('a.png', TRUTH, undefined)], 10);
    const rows = metricRows('scan200', undefined, anchor);
    expect(rows.every((row) => row.mark === '-' && row.value === undefined)).toBe(true);
    expect(rows[0].anchor).toBe(0);
    expect(formatTable('scan200', 1, rows)).toMatch(/% moves right\s+>= 99\s+n\/a\s+-\s+0\.00/u);
  });
});

describe('scores by hand', () => {
  it('splits a kind by the font each sheet was written in, worst hand first, and prints one line each', () => {
    const allRight = (file: string) => scoreSheet(file, TRUTH, { file, moves: TRUTH.map((san) => ({ san, review: false })) });
    const lost = scoreSheet('c.png', TRUTH, { file: 'c.png', moves: TRUTH.map(() => ({ san: 'a3', review: true })) });
    const hands = scoreByHand([allRight('a.png'), allRight('b.png'), lost], (file) => (file === 'a.png' ? 'kalam' : 'caveat'));
    expect([...hands.keys()]).toEqual(['caveat', 'kalam']);
    expect(hands.get('caveat')).toMatchObject({ sheets: 2, plies: 20, rightPercent: 50, reviewPercent: 50, notReviewedRightPercent: 100 });
    expect(hands.get('kalam')).toMatchObject({ sheets: 1, rightPercent: 100, reviewPercent: 0 });
    expect(formatByHand('phone by hand', hands).split('\n')).toEqual([
      'phone by hand',
      'hand    plies  right  not sent, right  sent',
      'caveat     20   50.0            100.0  50.0',
      'kalam      10  100.0            100.0   0.0',
    ]);
  });
});

describe('moveLikeTokens (the kinder anchor)', () => {
  it('keeps moves in any letters, drops labels and numbers', async () => {
    const { moveLikeTokens } = await import('../bench/tesseract-anchor.js');
    expect(moveLikeTokens('KARTA ZAPISU PARTII\n1| e4 Ol c5 | 31] Qe4\n12| 0-0 0 Kg8 Ol G:c6 dxc5+ Event 1-0')).toBe('e4 c5 Qe4 0-0 Kg8 G:c6 dxc5+');
  });
});
