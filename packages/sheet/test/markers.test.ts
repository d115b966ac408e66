import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { CORNERS, MARKER_DICTIONARY, MARKER_IDS, buildSheetLayout, markerBits } from '../src/index.js';

interface Dictionary {
  find(bits: number[][]): { id: number; distance: number } | undefined;
}
const require = createRequire(import.meta.url);
const { AR } = require('js-aruco2') as { AR: { Dictionary: new (name: string) => Dictionary } };

describe('corner markers', () => {
  it('are four distinct ARUCO_MIP_36h12 codes that js-aruco2 recognises exactly', () => {
    const dictionary = new AR.Dictionary(MARKER_DICTIONARY);
    const ids = CORNERS.map((corner) => MARKER_IDS[corner]);
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) {
      const bits = markerBits(id);
      expect(bits).toHaveLength(6);
      expect(bits.every((row) => row.length === 6 && row.every((bit) => bit === 0 || bit === 1))).toBe(true);
      expect(dictionary.find(bits)).toEqual({ id, distance: 0 });
    }
  });

  it('travel with the layout, bits included', () => {
    const result = buildSheetLayout({});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    for (const marker of result.value.markers) {
      expect(marker.dictionary).toBe(MARKER_DICTIONARY);
      expect(marker.cells).toBe(8);
      expect(marker.bits).toEqual(markerBits(marker.id));
      expect(marker.rect.width).toBe(marker.rect.height);
    }
  });
});
