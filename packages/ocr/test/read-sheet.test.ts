/** Reading a located sheet: written cells, the draw-offer boxes and the result ticks, on the pre-filled fixture scan. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '@zapis/testkit';
import { CtcReader } from '../src/ctc-reader.js';
import { loadImage } from '../src/load-image.js';
import { locateSheet } from '../src/locate-sheet.js';
import { loadNodeRecognizer } from '../src/node-recognizer.js';
import type { GrayImage } from '../src/raster.js';
import { readLocatedSheet } from '../src/read-sheet.js';

const scan = join(REPOSITORY_ROOT, 'fixtures', 'scans', 'prefilled.png');

/** Writes an `=` (two short bars) into a sheet rectangle, through the page map. */
function markEquals(image: GrayImage, toImage: (x: number, y: number) => readonly [number, number], rect: { x: number; y: number; width: number; height: number }): GrayImage {
  const data = Uint8Array.from(image.data);
  for (const bar of [0.38, 0.62]) {
    for (let t = 0.2; t <= 0.8; t += 0.01) {
      for (let thick = -0.05; thick <= 0.05; thick += 0.02) {
        const [x, y] = toImage(rect.x + t * rect.width, rect.y + (bar + thick) * rect.height);
        data[Math.round(y) * image.width + Math.round(x)] = 30;
      }
    }
  }
  return { ...image, data };
}

describe('reading a located sheet', () => {
  let reader: CtcReader;
  beforeAll(async () => {
    reader = new CtcReader(await loadNodeRecognizer());
  });
  afterAll(async () => {
    await reader.dispose();
  });

  it('reads written cells up to the last one, the ticked result, and an = in a draw-offer box', async () => {
    const loaded = loadImage(new Uint8Array(readFileSync(scan)));
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    const located = locateSheet(loaded.value, 1);
    expect(located.ok).toBe(true);
    if (!located.ok) return;
    const truth = JSON.parse(readFileSync(scan.replace(/\.png$/, '.json'), 'utf8')) as { san: string[]; written: string[]; result: string };
    const offer = located.value.cells.find((cell) => cell.ply === 31)!;
    const marked = markEquals(loaded.value, (x, y) => located.value.map.toImage(x, y), offer.drawOffer!);
    const read = await readLocatedSheet({ ...located.value, image: marked }, reader);
    expect(read.cells.length).toBe(truth.san.length);
    expect(read.cells.filter((cell) => cell.drawOffer).map((cell) => cell.place.ply)).toEqual([31]);
    expect(read.resultsTicked).toEqual([truth.result]);
    expect(read.result).toBe(truth.result);
    // Printed moves (Polish letters, `:` captures, `0-0` on this sheet): the reader scores each cell's printed
    // move above the same move with another destination rank, nearly always.
    const printed = truth.written.map((text) => text.replace(/x/g, ':').replace(/O/g, '0'));
    const otherRank = (text: string) => text.replace(/[1-8](?=[^1-8]*$)/, (digit) => String((Number(digit) % 8) + 1));
    const preferred = read.cells.filter((cell, index) => cell.reading.score!(printed[index]) > cell.reading.score!(otherRank(printed[index]))).length;
    expect(preferred / read.cells.length).toBeGreaterThan(0.95);
  });
});
