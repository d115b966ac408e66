import { describe, expect, it } from 'vitest';
import { encode as encodePng } from 'fast-png';
import { loadImage, sniffScanKind } from '../src/load-image.js';
import { encodeJpeg, seededRandom } from './support/warp.js';

// A 6×4 test card: a black, a mid-grey and a white column pair, so every decoder path can be checked by value.
const WIDTH = 6, HEIGHT = 4;
const LEVELS = [0, 0, 128, 128, 255, 255];
const expectCard = (data: Uint8Array, tolerance = 1) => {
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) expect(Math.abs(data[y * WIDTH + x] - LEVELS[x])).toBeLessThanOrEqual(tolerance);
  }
};
const pixels = (channels: number, value: (level: number) => number[]) =>
  Array.from({ length: HEIGHT }, () => LEVELS.flatMap(value)).flat().slice(0, WIDTH * HEIGHT * channels);

describe('loadImage: PNG', () => {
  it('reads 8-bit grey, RGB, RGBA and grey+alpha', () => {
    const cases = [
      { channels: 1, data: pixels(1, (l) => [l]) },
      { channels: 3, data: pixels(3, (l) => [l, l, l]) },
      { channels: 4, data: pixels(4, (l) => [l, l, l, 255]) },
      { channels: 2, data: pixels(2, (l) => [l, 255]) },
    ];
    for (const { channels, data } of cases) {
      const png = encodePng({ width: WIDTH, height: HEIGHT, channels, depth: 8, data: Uint8Array.from(data) });
      const loaded = loadImage(png);
      expect(loaded.ok, `channels ${channels}`).toBe(true);
      if (loaded.ok) {
        expect([loaded.value.width, loaded.value.height]).toEqual([WIDTH, HEIGHT]);
        expectCard(loaded.value.data);
      }
    }
  });

  it('reads 16-bit samples, and transparent pixels as white paper', () => {
    const sixteen = encodePng({ width: WIDTH, height: HEIGHT, channels: 1, depth: 16, data: Uint16Array.from(pixels(1, (l) => [l * 257])) });
    const loaded = loadImage(sixteen);
    expect(loaded.ok && loaded.value.data.length).toBe(WIDTH * HEIGHT);
    if (loaded.ok) expectCard(loaded.value.data);
    const transparent = encodePng({ width: WIDTH, height: HEIGHT, channels: 4, depth: 8, data: Uint8Array.from(pixels(4, (l) => [l, l, l, 0])) });
    const clear = loadImage(transparent);
    expect(clear.ok && [...clear.value.data].every((value) => value === 255)).toBe(true);
  });

  it('reads palette PNGs, packed to 2 bits', () => {
    const indices = pixels(1, (l) => [l === 0 ? 0 : l === 128 ? 1 : 2]);
    // Rows of 6 two-bit indices, padded to 2 bytes.
    const packed = new Uint8Array(HEIGHT * 2);
    indices.forEach((index, i) => {
      const x = i % WIDTH, y = Math.floor(i / WIDTH);
      packed[y * 2 + (x >> 2)] |= index << (6 - 2 * (x & 3));
    });
    const png = encodePng({ width: WIDTH, height: HEIGHT, channels: 1, depth: 2, data: packed, palette: [[0, 0, 0], [128, 128, 128], [255, 255, 255]] });
    const loaded = loadImage(png);
    expect(loaded.ok).toBe(true);
    if (loaded.ok) expectCard(loaded.value.data);
  });

  it('reports a truncated or corrupt PNG as an error value', () => {
    const png = encodePng({ width: 64, height: 64, channels: 1, depth: 8, data: new Uint8Array(64 * 64).fill(200) });
    for (const bytes of [png.subarray(0, 40), png.subarray(0, png.length - 20), Uint8Array.from(png, (b, i) => (i > 40 && i < 60 ? b ^ 0x5a : b))]) {
      const loaded = loadImage(bytes);
      expect(loaded.ok).toBe(false);
      if (!loaded.ok) {
        expect(loaded.error.kind).toBe('corrupt');
        expect(loaded.error.message).toMatch(/PNG/);
        // Said in full: no message ends where a detail should follow (fast-png's own ends "the data: ").
        expect(loaded.error.message).not.toMatch(/[:\s]$/u);
      }
    }
  });
});

describe('loadImage: JPEG', () => {
  it('reads a JPEG to grey', () => {
    const image = { width: 64, height: 48, data: new Uint8Array(64 * 48).map((_, i) => ((i % 64) < 32 ? 30 : 220)) };
    const loaded = loadImage(encodeJpeg(image, 90));
    expect(loaded.ok).toBe(true);
    if (loaded.ok) {
      expect([loaded.value.width, loaded.value.height]).toEqual([64, 48]);
      expect(Math.abs(loaded.value.data[10 * 64 + 5] - 30)).toBeLessThan(12);
      expect(Math.abs(loaded.value.data[10 * 64 + 60] - 220)).toBeLessThan(12);
    }
  });

  it('reports a truncated JPEG as an error value, never a throw', () => {
    const random = seededRandom(3);
    const image = { width: 120, height: 90, data: new Uint8Array(120 * 90).map(() => Math.floor(random() * 256)) };
    const jpeg = encodeJpeg(image, 80);
    const loaded = loadImage(jpeg.subarray(0, Math.floor(jpeg.length / 3)));
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(loaded.error.message).toMatch(/JPEG/);
  });
});

describe('loadImage: not an image', () => {
  it('names the problem for random bytes, an empty file and a PDF', () => {
    const random = seededRandom(9);
    const junk = new Uint8Array(4096).map(() => Math.floor(random() * 256));
    const results = [loadImage(junk), loadImage(new Uint8Array(0)), loadImage(new TextEncoder().encode('%PDF-1.7\n'))];
    expect(results.map((result) => (result.ok ? 'ok' : result.error.kind))).toEqual(['unknown-format', 'unknown-format', 'unknown-format']);
    const messages = results.map((result) => (result.ok ? '' : result.error.message));
    expect(messages[0]).toBe('not a PNG, JPEG or PDF file (unknown format)');
    expect(messages[1]).toMatch(/empty/);
    expect(messages[2]).toMatch(/pdfPages/);
  });

  it('sniffs the kind from the first bytes', () => {
    expect(sniffScanKind(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniffScanKind(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffScanKind(new TextEncoder().encode('junk\n%PDF-1.4\n'))).toBe('pdf');
    expect(sniffScanKind(new TextEncoder().encode('GIF89a'))).toBeUndefined();
    expect(sniffScanKind(new Uint8Array(0))).toBeUndefined();
  });
});
