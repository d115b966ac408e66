/**
 * A page kept without its cells' crops (what the desk holds for every sheet of a round) decodes to exactly the game
 * the whole page decodes to, and is a fraction of its size.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CtcReader } from '@zapis/ocr';
import { loadNodeRecognizer } from '@zapis/ocr/node';
import { decodeGroup } from '../src/read-game.js';
import { readFixture } from './support/read-fixture.js';
import { outcomeFromPlain, plainOutcome, withoutCellImages, type PlainOutcome } from '@zapis/ocr';

/** The page's game, decoded as the desk decodes it (cross-checked where the cells have a second reading). */
function gameOf(plain: PlainOutcome) {
  const outcome = outcomeFromPlain(structuredClone(plain));
  if (!outcome.ok) throw new Error(outcome.message);
  const read = decodeGroup({ players: [{ name: 'white', pages: [{ file: outcome.file, page: outcome.page, read: outcome.read }] }] }, { crossCheck: true });
  return { decoded: read.decoded, risks: read.risks, tags: read.tags };
}

/** Bytes of the typed arrays a value holds (what a structured clone or IndexedDB copies). */
function bufferBytes(value: unknown): number {
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + bufferBytes(item), 0);
  if (value !== null && typeof value === 'object') return Object.values(value).reduce((sum: number, item) => sum + bufferBytes(item), 0);
  return 0;
}

describe('a page kept without its cells\u2019 crops', () => {
  let reader: CtcReader;
  beforeAll(async () => {
    reader = new CtcReader(await loadNodeRecognizer());
  });
  afterAll(async () => {
    await reader.dispose();
  });

  it('decodes to the same game as the whole page, in a fraction of the memory', async () => {
    const { read } = await readFixture('phone.jpg', reader);
    const whole = plainOutcome({ ok: true, file: 'phone.jpg', page: 1, read });
    const kept = withoutCellImages(whole);
    if (!whole.ok || !kept.ok) throw new Error('the page did not read');
    expect(whole.read.cells.every((cell) => cell.image !== undefined)).toBe(true);
    expect(kept.read.cells.some((cell) => cell.image !== undefined)).toBe(false);
    // Everything else stays: the readings (frames and texts), where each cell is, the header, the ticks.
    expect(kept.read.cells.map(({ image: _image, ...cell }) => cell)).toEqual(whole.read.cells.map(({ image: _image, ...cell }) => cell));
    expect({ ...kept.read, cells: [] }).toEqual({ ...whole.read, cells: [] });
    const game = gameOf(whole);
    expect(game.decoded.ok && game.decoded.value.moves.length).toBeGreaterThan(20);
    expect(gameOf(kept)).toEqual(game);
    expect(bufferBytes(kept)).toBeLessThan(bufferBytes(whole) / 3);
  });
});
