/**
 * A sheet cut on one thread and read on others reads exactly as one reader reads it whole: the cut crosses as
 * plain data, its cells are read in the reader's own batches in any order, and the page's outcome is assembled
 * from the pieces (what the web app does with its reader workers).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '@zapis/testkit';
import { cellBatches, CtcReader } from '../src/ctc-reader.js';
import { cutSheet } from '../src/cut-sheet.js';
import { loadImage } from '../src/load-image.js';
import { locateSheet } from '../src/locate-sheet.js';
import { loadNodeRecognizer } from '../src/node-recognizer.js';
import { readScanPage } from '../src/read-scan-file.js';
import { plainCellReading, plainCutSheet, plainOutcome, plainOutcomeFromCut, type PlainCellReading } from '../src/read-transfer.js';

describe('a sheet cut on one thread, read on others', () => {
  let reader: CtcReader;
  beforeAll(async () => {
    reader = new CtcReader(await loadNodeRecognizer());
  });
  afterAll(async () => {
    await reader.dispose();
  });

  it.each(['scan200-heldout.png', 'phone.jpg'])('reads %s exactly as the whole page read at once', async (name) => {
    const truth = JSON.parse(readFileSync(join(REPOSITORY_ROOT, 'fixtures', 'scans', name.replace(/\.\w+$/, '.json')), 'utf8')) as { written: string[] };
    const loaded = loadImage(new Uint8Array(readFileSync(join(REPOSITORY_ROOT, 'fixtures', 'scans', name))));
    if (!loaded.ok) throw new Error(loaded.error.message);
    const whole = plainOutcome(await readScanPage(name, 1, loaded.value, { reader }));

    const located = locateSheet(loaded.value, 1);
    if (!located.ok) throw new Error(located.error.message);
    // What crosses from the thread that cut the page: plain data only (a function or a class would not survive).
    const cut = structuredClone(plainCutSheet(cutSheet(located.value)));
    expect(cut.cells.length).toBe(truth.written.length);
    const lines = cut.cells.map((cell) => cell.image.line);
    const batches = cellBatches(lines);
    expect(batches.length).toBeGreaterThan(1);
    const readings = new Array<PlainCellReading>(lines.length);
    // Last batch first: each batch reads alone, as it would on another worker.
    for (const batch of [...batches].reverse()) {
      const read = await reader.readCells(batch.map((index) => lines[index]));
      batch.forEach((index, k) => { readings[index] = structuredClone(plainCellReading(read[k])); });
    }
    const texts = await reader.readTexts(cut.header.map((field) => field.line));
    const assembled = plainOutcomeFromCut(name, 1, cut, readings, texts);

    expect(assembled).toEqual(whole);
    if (!assembled.ok) throw new Error('the page did not read');
    expect(assembled.read.cells.map((cell) => cell.alternatives[0]?.text)).not.toEqual(new Array(lines.length).fill(undefined));
    // Every written header line crossed and was read; a line the reader finds no text in is left out of the read.
    expect(texts.length).toBe(cut.header.length);
    expect(assembled.read.header.length).toBeGreaterThan(0);
    expect(assembled.read.header.length).toBeLessThanOrEqual(cut.header.length);
  });
});
