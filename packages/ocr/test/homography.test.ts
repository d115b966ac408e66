import { describe, expect, it } from 'vitest';
import { Homography, type PointPair } from '../src/homography.js';
import { sampleRect } from '../src/sample-rect.js';
import { grayImage } from '../src/raster.js';

// A known perspective map, to generate exact point pairs from.
const truth = (x: number, y: number): [number, number] => {
  const w = 0.0002 * x - 0.0001 * y + 1;
  return [(1.9 * x + 0.2 * y + 40) / w, (-0.15 * x + 2.1 * y + 75) / w];
};

describe('Homography', () => {
  it('recovers a perspective map from four corners and inverts it', () => {
    const corners: [number, number][] = [[0, 0], [595, 0], [595, 842], [0, 842]];
    const map = Homography.fit(corners.map((sheet) => ({ sheet, image: truth(...sheet) })));
    expect(map).toBeDefined();
    const [x, y] = map!.toImage(300, 400);
    const [tx, ty] = truth(300, 400);
    expect(Math.hypot(x - tx, y - ty)).toBeLessThan(1e-6);
    const [sx, sy] = map!.toSheet(tx, ty);
    expect(Math.hypot(sx - 300, sy - 400)).toBeLessThan(1e-6);
  });

  it('fits many noisy pairs by least squares and reports the residual', () => {
    const pairs: PointPair[] = [];
    for (let i = 0; i < 20; i += 1) {
      const sheet: [number, number] = [(i * 37) % 595, (i * 91) % 842];
      const [u, v] = truth(...sheet);
      pairs.push({ sheet, image: [u + ((i % 3) - 1) * 0.5, v + ((i % 5) - 2) * 0.3] });
    }
    const map = Homography.fit(pairs)!;
    expect(map.residual(pairs)).toBeLessThan(1);
    expect(map.residual(pairs)).toBeGreaterThan(0);
  });

  it('refuses degenerate points', () => {
    const line = [0, 1, 2, 3].map((i) => ({ sheet: [i, i] as const, image: [i * 2, i * 2] as const }));
    expect(Homography.fit(line)).toBeUndefined();
    expect(Homography.fit(line.slice(0, 3))).toBeUndefined();
  });
});

describe('sampleRect', () => {
  it('cuts a rotated rectangle back upright', () => {
    // A 200×200 image with a dark 20×10 bar at (100..120, 50..60) in sheet units, drawn rotated by 90°.
    const image = grayImage(200, 200);
    const rotate = (x: number, y: number): [number, number] => [200 - y, x];
    for (let y = 50; y < 60; y += 1) for (let x = 100; x < 120; x += 1) {
      const [ix, iy] = rotate(x + 0.5, y + 0.5);
      image.data[Math.floor(iy) * 200 + Math.floor(ix)] = 0;
    }
    const corners: [number, number][] = [[0, 0], [200, 0], [200, 200], [0, 200]];
    const map = Homography.fit(corners.map((sheet) => ({ sheet, image: rotate(...sheet) })))!;
    const crop = sampleRect(image, map, { x: 95, y: 45, width: 30, height: 20 }, 1);
    expect(crop.width).toBe(30);
    expect(crop.height).toBe(20);
    const dark = (x: number, y: number) => crop.data[y * 30 + x] < 128;
    expect(dark(15, 10)).toBe(true); // inside the bar
    expect(dark(2, 2)).toBe(false); // paper around it
    expect(dark(27, 10)).toBe(false);
  });
});
