/**
 * The whole-output scorer (evaluation/output-scoring.ts) on a hand-made read output and truth: right moves,
 * wrong moves accepted without review, invented plies, a false break, a sheet not found, one registered off.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareSan, parseReadOutput, registeredOff, scoreSheetOutput, tallyByKind, type SheetOutcome } from '../evaluation/output-scoring.js';
import { loadTruths } from '../evaluation/output-truth.js';
import type { Quad } from '../evaluation/independent/truth.js';

/** Ply i's cell: 100 px wide boxes side by side, 50 px high. */
const cell = (index: number): Quad => [[100 * index, 0], [100 * index + 90, 0], [100 * index + 90, 50], [100 * index, 50]];
const independent = (file: string, kind: string, san: string[]) => ({
  format: 'zapis-independent-truth', file, kind, san, written: san, lastWrittenPly: san.length, cells: san.map((_, index) => cell(index)),
  pageCorners: [[0, 0], [1000, 0], [1000, 1000], [0, 1000]],
});
const first = (file: string, kind: string, san: string[]) => ({ format: 'zapis-eval-truth', file, kind, san });

/** A read move in the cell of ply `at` (or far off it). */
const move = (san: string, review: boolean, at: number | 'off', file = 'dir/a.png') => ({
  san, review, cell: at === 'off' ? { file, x: 20, y: 500, width: 60, height: 30 } : { file, x: 100 * at + 10, y: 10, width: 70, height: 30 },
});

const output = [
  // a.png: all four right, one reviewed, one pinned off its cell, then an invented fifth ply accepted.
  { file: 'dir/a.png', sheets: [{ file: 'dir/a.png', page: 1 }], status: 'ok', moves: [move('e4', false, 0), move('e5', true, 1), move('Nf3', false, 2), move('Nc6', false, 'off'), move('Bb5', false, 4)] },
  // b.png: every move right but the game reported broken; every cell pinned off the truth's.
  { file: 'dir/b.png', sheets: [{ file: 'dir/b.png', page: 1 }], status: 'error', moves: [move('d4', false, 'off', 'dir/b.png'), move('d5', false, 'off', 'dir/b.png'), move('c4+', true, 2, 'dir/b.png')] },
  // c.jpg: not a sheet to the reader.
  { file: 'dir/c.jpg', page: 1, status: 'error', plies: 0, san: [], moves: [], diagnostics: [{ severity: 'error', code: 'read-no-sheet' }] },
  // d.jpg: exact though its castling is written with zeros.
  { file: 'dir/d.jpg', sheets: [{ file: 'dir/d.jpg', page: 1 }], status: 'ok', moves: [{ san: 'e4', review: false }, { san: 'Nf6', review: false }, { san: 'Bc4', review: false }, { san: 'Nxe4', review: false }, { san: '0-0', review: true }] },
  // e.jpg: one wrong move accepted, one right one sent to review, one ply short.
  { file: 'dir/e.jpg', sheets: [{ file: 'dir/e.jpg', page: 1 }], status: 'ok', moves: [{ san: 'c4', review: false }, { san: 'e6', review: false }, { san: 'Nc3', review: true }] },
  { summary: { files: 5 } },
].map((line) => JSON.stringify(line)).join('\n');

describe('the whole-output scorer', () => {
  let folder: string;
  let sheets: SheetOutcome[];
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'zapis-score-output-test-'));
    const truths = {
      a: independent('a.png', 'scan', ['e4', 'e5', 'Nf3', 'Nc6']),
      b: independent('b.png', 'scan', ['d4', 'd5', 'c4']),
      c: first('c.jpg', 'jpeg150', ['e4', 'e5']),
      d: first('d.jpg', 'jpeg150', ['e4', 'Nf6', 'Bc4', 'Nxe4', 'O-O']),
      e: first('e.jpg', 'jpeg150', ['c4', 'e5', 'Nc3', 'Nf6']),
    };
    for (const [name, truth] of Object.entries(truths)) await writeFile(join(folder, `${name}.json`), JSON.stringify(truth));
    await writeFile(join(folder, 'manifest.json'), JSON.stringify({ sheets: Object.keys(truths) }));
    const games = parseReadOutput(output);
    sheets = loadTruths(folder).map((truth) => scoreSheetOutput(truth, games.get(truth.file)));
  });
  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('compares bare SAN', () => {
    expect(bareSan('0-0-0+')).toBe('O-O-O');
    expect(bareSan('Qxf7#')).toBe('Qxf7');
    expect(bareSan('exd6 e.p.')).toBe('exd6');
  });

  it('scores each sheet', () => {
    const [a, b, c, d, e] = sheets;
    expect(a).toMatchObject({ file: 'a.png', right: 4, readPlies: 5, invented: 1, missing: 0, autoAccepted: 4, autoAcceptedWrong: 1, reviewed: 1, exact: false, falseBreak: false, registrationCompared: 4, registrationOff: 1 });
    expect(registeredOff(a)).toBe(false);
    expect(b).toMatchObject({ right: 3, falseBreak: true, exact: false, registrationCompared: 3, registrationOff: 2 });
    expect(registeredOff(b)).toBe(true);
    expect(c).toMatchObject({ located: false, right: 0, missing: 2, registrationCompared: 0 });
    expect(d).toMatchObject({ right: 5, exact: true, autoAcceptedWrong: 0, reviewed: 1 });
    expect(e).toMatchObject({ right: 2, missing: 1, autoAccepted: 2, autoAcceptedWrong: 1, reviewed: 1, exact: false });
  });

  it('adds the sheets up per kind and over all', () => {
    const [scan, jpeg, all] = tallyByKind(sheets);
    expect(scan).toMatchObject({ kind: 'scan', sheets: 2, plies: 7, right: 7, autoAccepted: 6, autoAcceptedWrong: 1, reviewed: 2, invented: 1, falseBreaks: 1, exact: 0, notLocated: 0, registrationSheets: 2, registeredOff: 1 });
    expect(jpeg).toMatchObject({ kind: 'jpeg150', sheets: 3, plies: 11, right: 7, autoAcceptedWrong: 1, invented: 0, missing: 3, falseBreaks: 0, exact: 1, notLocated: 1, registrationSheets: 0, registeredOff: 0 });
    expect(all).toMatchObject({ kind: 'all', sheets: 5, plies: 18, right: 14, invented: 1, falseBreaks: 1, exact: 1, notLocated: 1, registeredOff: 1 });
  });
});
