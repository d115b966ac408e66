/** Cutting sheet rectangles through a homography takes the matrix's own path; it must cut what any page map cuts. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '@zapis/testkit';
import { Homography } from '../src/homography.js';
import { loadImage } from '../src/load-image.js';
import { locateSheet } from '../src/locate-sheet.js';
import type { PageMap } from '../src/page-map.js';
import { sampleRect } from '../src/sample-rect.js';
import { CELL_PIXELS_PER_POINT } from '../src/cell-image.js';

/** The same map, not a Homography: sampleRect maps it point by point. */
const plainMap = (map: PageMap): PageMap => ({ toImage: (x, y) => map.toImage(x, y), toSheet: (x, y) => map.toSheet(x, y) });

describe('sampleRect', () => {
  for (const name of ['phone.jpg', 'jpeg150.jpg']) {
    it(`cuts every move cell of ${name} to the same pixels through the matrix as point by point`, () => {
      const image = loadImage(new Uint8Array(readFileSync(join(REPOSITORY_ROOT, 'fixtures', 'scans', name))));
      if (!image.ok) throw new Error(image.error.message);
      const located = locateSheet(image.value, 1);
      if (!located.ok) throw new Error(located.error.message);
      const { map, cells } = located.value;
      expect(map).toBeInstanceOf(Homography);
      const plain = plainMap(map);
      let pixels = 0;
      for (const { rect } of cells) {
        const fast = sampleRect(image.value, map, rect, CELL_PIXELS_PER_POINT);
        const slow = sampleRect(image.value, plain, rect, CELL_PIXELS_PER_POINT);
        expect([fast.width, fast.height]).toEqual([slow.width, slow.height]);
        expect(Buffer.from(fast.data).equals(Buffer.from(slow.data))).toBe(true);
        pixels += fast.data.length;
      }
      expect(pixels).toBeGreaterThan(100_000);
    });
  }

  it('reads as paper where the rectangle leaves the image, through the matrix as point by point', () => {
    const image = loadImage(new Uint8Array(readFileSync(join(REPOSITORY_ROOT, 'fixtures', 'scans', 'jpeg150.jpg'))));
    if (!image.ok) throw new Error(image.error.message);
    const located = locateSheet(image.value, 1);
    if (!located.ok) throw new Error(located.error.message);
    const { map } = located.value;
    // Half off the page's top-left corner: outside the scan, inside the sheet's plane.
    const corner = map.toSheet(0, 0);
    const rect = { x: corner[0] - 30, y: corner[1] - 20, width: 60, height: 40 };
    const fast = sampleRect(image.value, map, rect, 2);
    const slow = sampleRect(image.value, plainMap(map), rect, 2);
    expect(Buffer.from(fast.data).equals(Buffer.from(slow.data))).toBe(true);
    expect(fast.data[0]).toBe(255);
    expect(fast.data.some((value) => value < 255)).toBe(true);
  });
});
