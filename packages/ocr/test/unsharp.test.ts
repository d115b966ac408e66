/**
 * The unsharp mask that what is read goes through (cell-image.ts): edges get steeper, flat paper stays flat, grey
 * levels stay in range, and a region is masked with the pixels around it as its surroundings.
 */
import { describe, expect, it } from 'vitest';
import { grayImage, type GrayImage } from '../src/raster.js';
import { unsharp } from '../src/unsharp.js';

/** A dark bar on paper whose edges ramp over `ramp` pixels, as a soft capture leaves a stroke. */
function softBar(width: number, height: number, ramp: number): GrayImage {
  const image = grayImage(width, height);
  const left = width / 2 - 6, right = width / 2 + 6;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const inside = Math.min(1, Math.max(0, Math.min(x - left + ramp / 2, right + ramp / 2 - x) / ramp));
      image.data[y * width + x] = Math.round(235 - 160 * inside);
    }
  }
  return image;
}

const steepest = (image: GrayImage, y: number): number => {
  let most = 0;
  for (let x = 1; x < image.width; x += 1) most = Math.max(most, Math.abs(image.data[y * image.width + x] - image.data[y * image.width + x - 1]));
  return most;
};

describe('unsharp', () => {
  it('makes a soft edge steeper and the stroke darker', () => {
    const soft = softBar(60, 20, 8);
    const sharp = unsharp(soft, 2.3, 1.2);
    expect(steepest(sharp, 10)).toBeGreaterThan(steepest(soft, 10) * 1.3);
    expect(Math.min(...sharp.data)).toBeLessThan(Math.min(...soft.data));
  });

  it('leaves flat paper as it is and clamps overshoot to the grey range', () => {
    const paper = grayImage(30, 30, 240);
    expect([...unsharp(paper, 2.3, 1.2).data].every((value) => value === 240)).toBe(true);
    const hard = grayImage(30, 30, 255);
    for (let y = 0; y < 30; y += 1) hard.data.fill(0, y * 30, y * 30 + 15);
    const sharp = unsharp(hard, 2.3, 3);
    // Overshoot below black and above white would wrap in a byte array; it is clamped instead.
    expect(sharp.data[15 * 30 + 14]).toBe(0);
    expect(sharp.data[15 * 30 + 15]).toBe(255);
  });

  it('masks a region with the pixels around it as its surroundings', () => {
    const soft = softBar(60, 24, 8);
    const whole = unsharp(soft, 2.3, 1.2);
    const region = { x: 17, y: 5, width: 26, height: 12 };
    const part = unsharp(soft, 2.3, 1.2, region);
    expect([part.width, part.height]).toEqual([26, 12]);
    for (let y = 0; y < region.height; y += 1) {
      const wanted = whole.data.subarray((region.y + y) * whole.width + region.x, (region.y + y) * whole.width + region.x + region.width);
      expect([...part.data.subarray(y * part.width, (y + 1) * part.width)]).toEqual([...wanted]);
    }
  });
});
