/**
 * Telling written cells from empty ones on phone photos. The cells are real cuts from tune-set phone photos
 * (fixtures/cells/README.md): faint ink in a grainy photo, which an earlier rule called empty (cutting games
 * short and leaving cells unread), and empty cells crossed by a shadow's edge, which must stay empty.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '@zapis/testkit';
import { CELL_PIXELS_PER_POINT, cutCell } from '../src/cell-image.js';
import { loadImage } from '../src/load-image.js';
import type { PageMap } from '../src/page-map.js';
import type { GrayImage } from '../src/raster.js';

/** The cell image as its own page: one sheet point is CELL_PIXELS_PER_POINT pixels, so cutting gives the pixels back. */
const pixelMap: PageMap = {
  toImage: (x, y) => [x * CELL_PIXELS_PER_POINT, y * CELL_PIXELS_PER_POINT],
  toSheet: (x, y) => [x / CELL_PIXELS_PER_POINT, y / CELL_PIXELS_PER_POINT],
};

function cellFixture(name: string): GrayImage {
  const loaded = loadImage(new Uint8Array(readFileSync(join(REPOSITORY_ROOT, 'fixtures', 'cells', name))));
  if (!loaded.ok) throw new Error(loaded.error.message);
  return loaded.value;
}

function cut(image: GrayImage) {
  return cutCell(image, pixelMap, { x: 0, y: 0, width: image.width / CELL_PIXELS_PER_POINT, height: image.height / CELL_PIXELS_PER_POINT });
}

describe('written or empty, on phone photos', () => {
  it.each(['faint-c5.png', 'faint-castling.png'])('%s: faint writing in grain is written, and cropped to the writing', (name) => {
    const image = cellFixture(name);
    const cell = cut(image);
    expect(cell.written).toBe(true);
    // The crop is the writing, not the grain across the whole cell.
    expect(cell.line.width).toBeLessThan(image.width / 3);
    expect(cell.line.height).toBeLessThan(image.height);
    // Stretched: the writing's darkest strokes come out dark.
    expect(Math.min(...cell.line.data)).toBeLessThan(80);
  });

  it.each(['shadow-empty.png', 'shadow-empty-2.png'])('%s: an empty cell under a shadow stays empty', (name) => {
    const cell = cut(cellFixture(name));
    expect(cell.written).toBe(false);
    expect(cell.ink).toBe(0);
  });

  it('cutting gives the fixture pixels back (the test map is exact)', () => {
    const image = cellFixture('faint-c5.png');
    const { cell } = cut(image);
    expect([cell.width, cell.height]).toEqual([image.width, image.height]);
  });
});
