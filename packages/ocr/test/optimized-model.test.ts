/**
 * The recogniser as ONNX Runtime saves it optimised (what the web app loads, for a session that starts sooner)
 * reads as the original does: the same alternatives in every cell, and scores equal to rounding.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '@zapis/testkit';
import { CtcReader } from '../src/ctc-reader.js';
import { loadImage } from '../src/load-image.js';
import { locateSheet } from '../src/locate-sheet.js';
import { loadNodeRecognizer, writeOptimizedRecognizer } from '../src/node-recognizer.js';
import { readLocatedSheet, type SheetRead } from '../src/read-sheet.js';

async function readWith(reader: CtcReader, name: string): Promise<SheetRead> {
  const loaded = loadImage(new Uint8Array(readFileSync(join(REPOSITORY_ROOT, 'fixtures', 'scans', name))));
  if (!loaded.ok) throw new Error(loaded.error.message);
  const located = locateSheet(loaded.value, 1);
  if (!located.ok) throw new Error(located.error.message);
  return readLocatedSheet(located.value, reader);
}

describe('the recogniser saved optimised', () => {
  let folder: string;
  let original: CtcReader;
  let optimized: CtcReader;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'zapis-optimized-'));
    const file = join(folder, 'recognizer.onnx');
    await writeOptimizedRecognizer(file);
    expect((await stat(file)).size).toBeGreaterThan(1_000_000);
    original = new CtcReader(await loadNodeRecognizer());
    optimized = new CtcReader(await loadNodeRecognizer(1, file));
  });
  afterAll(async () => {
    await original.dispose();
    await optimized.dispose();
    await rm(folder, { recursive: true, force: true });
  });

  it('reads a phone photo as the original model does', async () => {
    const truth = JSON.parse(readFileSync(join(REPOSITORY_ROOT, 'fixtures', 'scans', 'phone.json'), 'utf8')) as { written: string[] };
    const [before, after] = [await readWith(original, 'phone.jpg'), await readWith(optimized, 'phone.jpg')];
    expect(after.cells.length).toBe(before.cells.length);
    expect(before.cells.length).toBe(truth.written.length);
    let worst = 0;
    before.cells.forEach((cell, index) => {
      expect(after.cells[index].reading.alternatives.map((entry) => entry.text)).toEqual(cell.reading.alternatives.map((entry) => entry.text));
      for (const text of [truth.written[index], `${truth.written[index]}+`, 'Kxe1']) {
        worst = Math.max(worst, Math.abs(after.cells[index].reading.score!(text) - cell.reading.score!(text)));
      }
    });
    // Fused kernels add in another order: log-probabilities agree to a thousandth, far below any decision.
    expect(worst).toBeLessThan(1e-3);
  });
});
