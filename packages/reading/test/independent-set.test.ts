/**
 * The independent evaluation set's generator (evaluation/independent): two small sheets written into a temporary
 * folder, and their truth checked against itself — the image is there, every ply has a cell inside the page, what
 * is written is the game in the sheet's language.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithoutShared } from '@zapis/testkit';
import { generateIndependentSet } from '../evaluation/independent/generate.js';
import { insideQuad } from '../evaluation/independent/homography.js';
import { INDEPENDENT_TRUTH_FORMAT, type IndependentManifest, type IndependentTruth } from '../evaluation/independent/truth.js';
import { FIRST_GAME, LAST_GAME } from '../evaluation/independent/corpus-range.js';

/** pdftoppm rasterises the printed sheets; without it (poppler-utils) the generator cannot run. */
function skipWithoutPdftoppm(): boolean {
  if (spawnSync('pdftoppm', ['-v']).error === undefined) return false;
  console.warn('pdftoppm not found (poppler-utils): skipping the independent evaluation set generator test');
  return true;
}

const skip = skipWithoutShared() || skipWithoutPdftoppm();

/** Piece letters each sheet language writes; a written move's capital must be one of them (or castling's O). */
const PIECE_LETTERS: Readonly<Record<string, string>> = { pl: 'KHWGS', en: 'KQRBN', de: 'KDTLS', fr: 'RDTFC' };

describe.skipIf(skip)('the independent evaluation set generator', () => {
  let folder: string;
  let truths: IndependentTruth[];
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'zapis-independent-test-'));
    truths = await generateIndependentSet({ out: folder, sheetsPerKind: 2, seed: 11, kinds: ['jpeg'] });
  }, 60_000);
  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('writes each sheet’s image, its truth file and a manifest naming them', async () => {
    expect(truths).toHaveLength(2);
    const manifest = JSON.parse(await readFile(join(folder, 'manifest.json'), 'utf8')) as IndependentManifest;
    expect(manifest.sheets).toEqual(truths.map((truth) => truth.id));
    for (const truth of truths) {
      expect(existsSync(join(folder, truth.file))).toBe(true);
      expect(truth.file).toMatch(/\.jpg$/);
      const stored = JSON.parse(await readFile(join(folder, `${truth.id}.json`), 'utf8')) as IndependentTruth;
      expect(stored.format).toBe(INDEPENDENT_TRUTH_FORMAT);
      expect(stored.san).toEqual(truth.san);
    }
  });

  it('takes games from the corpus range the first generator leaves alone', () => {
    for (const truth of truths) {
      expect(truth.game).toBeGreaterThanOrEqual(FIRST_GAME);
      expect(truth.game).toBeLessThanOrEqual(LAST_GAME);
    }
  });

  it('gives every ply a written text (or a deliberate blank) and a cell inside the page', () => {
    for (const truth of truths) {
      expect(truth.san.length).toBeGreaterThan(0);
      expect(truth.written).toHaveLength(truth.san.length);
      expect(truth.cells).toHaveLength(truth.san.length);
      expect(truth.lastWrittenPly).toBe(truth.san.length);
      for (const quad of truth.cells) for (const corner of quad) expect(insideQuad(corner, truth.pageCorners)).toBe(true);
    }
  });

  it('writes the moves in the sheet’s language', () => {
    for (const truth of truths) {
      const letters = PIECE_LETTERS[truth.language];
      expect(letters).toBeDefined();
      truth.written.forEach((text, index) => {
        if (text === null) return;
        const capital = text.match(/[A-Z]/)?.[0];
        if (capital === undefined) return;
        // Castling's O and a Polish mate's X are no piece letters.
        if (/^[0O]-[0O]/.test(text) || (capital === 'X' && text.endsWith('X'))) return;
        expect(letters, `${truth.id} ply ${index + 1}: ${text} for ${truth.san[index]}`).toContain(capital);
      });
      expect(truth.written.some((text) => text !== null && /[A-Z]/.test(text.replace(/X$/, '')))).toBe(true);
    }
  });

  it('writes each move to the squares the game played', () => {
    const squares = (text: string) => text.match(/[a-h]?[1-8]/g)?.join(' ') ?? '';
    for (const truth of truths) {
      truth.written.forEach((text, index) => {
        if (text !== null) expect(squares(text), `${truth.id} ply ${index + 1}`).toBe(squares(truth.san[index]));
      });
    }
  });
});
