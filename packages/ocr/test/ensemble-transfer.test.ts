/**
 * An ensemble's cell readings cross from a reading thread with each network's own best texts, so the thread that
 * decodes does not search the frames again: rebuilt with them, a reading must be the reading rebuilt without them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '@zapis/testkit';
import type { CellReader, CellReading } from '../src/cell-reader.js';
import { ctcReading, ENSEMBLE_READERS } from '../src/ctc-reader.js';
import { cutSheet } from '../src/cut-sheet.js';
import { loadImage } from '../src/load-image.js';
import { locateSheet } from '../src/locate-sheet.js';
import { loadReader } from '../src/read-pool.js';
import { plainCellReading } from '../src/read-transfer.js';

/** What the decoder takes from a reading: its texts, its witnesses and PP-OCR alone's texts, and a few scores. */
function used(reading: CellReading, texts: readonly string[]): unknown {
  return {
    alternatives: reading.alternatives,
    witnesses: reading.witnesses?.map((witness) => ({ ...witness, score: texts.map((text) => witness.score(text)) })),
    alone: reading.alone?.().alternatives,
    scores: texts.map((text) => reading.score?.(text)),
  };
}

describe('an ensemble reading sent to another thread', () => {
  let reader: CellReader;
  beforeAll(async () => {
    reader = await loadReader('auto');
  });
  afterAll(async () => {
    await reader.dispose();
  });

  it('carries each network\'s best texts, and is rebuilt from them as from its frames alone', async () => {
    const loaded = loadImage(new Uint8Array(readFileSync(join(REPOSITORY_ROOT, 'fixtures', 'scans', 'phone.jpg'))));
    if (!loaded.ok) throw new Error(loaded.error.message);
    const located = locateSheet(loaded.value, 1);
    if (!located.ok) throw new Error(located.error.message);
    const cells = cutSheet(located.value).cells.slice(0, 12);
    const readings = await reader.readCells(cells.map((cell) => cell.image.line));
    for (const reading of readings) {
      const plain = structuredClone(plainCellReading(reading));
      if (!plain.frames) throw new Error('an ensemble reading crosses with its frames');
      expect(plain.networkBest?.length).toBe(ENSEMBLE_READERS.length);
      const texts = ['e4', 'Nf3', 'O-O', ...reading.alternatives.map((alternative) => alternative.text)];
      const withBest = ctcReading(plain.frames, {}, plain.alternatives, plain.networkBest);
      const searchedAgain = ctcReading(plain.frames, {}, plain.alternatives);
      expect(used(withBest, texts)).toEqual(used(searchedAgain, texts));
      expect(used(withBest, texts)).toEqual(used(reading, texts));
    }
    expect(readings.some((reading) => reading.alternatives.length > 0)).toBe(true);
  });
});
