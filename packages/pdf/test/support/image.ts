/** Reading rendered pages: PNG pixels, ink coverage with a threshold (anti-aliasing tolerant), QR and ArUco decoding. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import type { Rect } from '@zapis/sheet';

export interface PageImage {
  readonly width: number;
  readonly height: number;
  /** RGBA bytes. */
  readonly data: Uint8ClampedArray;
}

export function readPng(file: string): PageImage {
  const png = PNG.sync.read(readFileSync(file));
  return { width: png.width, height: png.height, data: new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length) };
}

/** Points (layout units) to pixels at `dpi`. */
export const toPixels = (points: number, dpi: number): number => (points * dpi) / 72;

/** The share of pixels darker than `threshold` (0–255) inside `area` (layout points). */
export function inkCoverage(image: PageImage, area: Rect, dpi: number, threshold = 128): number {
  const x0 = Math.round(toPixels(area.x, dpi));
  const y0 = Math.round(toPixels(area.y, dpi));
  const x1 = Math.round(toPixels(area.x + area.width, dpi));
  const y1 = Math.round(toPixels(area.y + area.height, dpi));
  let dark = 0;
  let total = 0;
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) {
      const offset = (y * image.width + x) * 4;
      const luminance = (image.data[offset] + image.data[offset + 1] + image.data[offset + 2]) / 3;
      if (luminance < threshold) dark += 1;
      total += 1;
    }
  }
  return total === 0 ? 0 : dark / total;
}

export function decodeQr(image: PageImage): string | undefined {
  return jsQR(image.data, image.width, image.height)?.data;
}

export interface DetectedMarker {
  readonly id: number;
  /** Clockwise from the marker's own top-left, in pixels. */
  readonly corners: ReadonlyArray<{ readonly x: number; readonly y: number }>;
}

interface ArucoDetector {
  detect(image: PageImage): DetectedMarker[];
}

const require = createRequire(import.meta.url);
// jsqr is CommonJS with a `default` export; under NodeNext the default import is the whole module.
type JsQr = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
const jsQR: JsQr = (jsQRModule as unknown as { default?: JsQr }).default ?? (jsQRModule as unknown as JsQr);
const { AR } = require('js-aruco2') as { AR: { Detector: new (config: { dictionaryName: string; maxHammingDistance?: number }) => ArucoDetector } };

/**
 * js-aruco2's own detector on the page pixels. A small Hamming budget: printed
 * markers are exact, and the default (12) also "finds" markers in QR finder patterns.
 */
export function detectMarkers(image: PageImage, dictionaryName: string): DetectedMarker[] {
  return new AR.Detector({ dictionaryName, maxHammingDistance: 2 }).detect(image);
}
