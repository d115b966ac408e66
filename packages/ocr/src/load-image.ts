/**
 * Image bytes to a GrayImage: PNG (fast-png) and JPEG (jpeg-js), told apart
 * by their magic bytes, not by the file name. Bad bytes are an error value
 * with a reason a user can act on; the decoders' throws never escape.
 */
import { decode as decodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import { err, ok, type Result } from '@zapis/core';
import type { GrayImage } from './raster.js';
import { sniffScanKind } from './scan-kind.js';

export { type ScanKind, sniffScanKind } from './scan-kind.js';

export interface ImageError {
  readonly kind: 'unknown-format' | 'corrupt' | 'too-large';
  readonly message: string;
}

/** Biggest image accepted: a 600-dpi A3 scan is ~70 MP; beyond that it is not a scan of a sheet. */
export const MAX_IMAGE_MEGAPIXELS = 100;
const MAX_JPEG_MEMORY_MB = 1024;

/** A PNG or JPEG image as 8-bit grey. PDF is not an image: its pages come from `pdfPages`. */
export function loadImage(bytes: Uint8Array): Result<GrayImage, ImageError> {
  const kind = sniffScanKind(bytes);
  if (kind === 'png') return loadPng(bytes);
  if (kind === 'jpeg') return loadJpeg(bytes);
  if (kind === 'pdf') return err({ kind: 'unknown-format', message: 'a PDF is not an image: read its pages with pdfPages' });
  return err({
    kind: 'unknown-format',
    message: bytes.length === 0 ? 'empty file, not an image' : 'not a PNG, JPEG or PDF file (unknown format)',
  });
}

function loadPng(bytes: Uint8Array): Result<GrayImage, ImageError> {
  let png: ReturnType<typeof decodePng>;
  try {
    png = decodePng(bytes);
  } catch (error) {
    return err({ kind: 'corrupt', message: `corrupt or truncated PNG: ${reason(error)}` });
  }
  const { width, height, channels, depth } = png;
  if (!(width > 0 && height > 0)) return err({ kind: 'corrupt', message: 'corrupt PNG: no pixels' });
  if (width * height > MAX_IMAGE_MEGAPIXELS * 1e6) return tooLarge(width, height);
  // Samples below 8 bits (1/2/4-bit grey, palette indices) come packed, rows padded to whole bytes.
  const packed = depth < 8;
  const needed = packed ? Math.ceil((width * depth) / 8) * height : width * height * channels;
  if (png.data.length < needed) return err({ kind: 'corrupt', message: 'truncated PNG: fewer pixels than its size says' });
  const gray = new Uint8Array(width * height);
  if (png.palette) {
    const levels = png.palette.map(([r, g, b, a]) => onWhite(luma(r, g, b), a ?? 255, 255));
    const indices = packed ? unpackSamples(png.data, width, height, depth) : png.data;
    for (let i = 0; i < gray.length; i += 1) gray[i] = levels[indices[i]] ?? 255;
    return ok({ width, height, data: gray });
  }
  const max = depth === 16 ? 65535 : (1 << depth) - 1;
  const data = packed ? unpackSamples(png.data, width, height, depth) : png.data;
  const scale = 255 / max;
  for (let i = 0, p = 0; i < gray.length; i += 1, p += channels) {
    let value: number;
    let alpha = max;
    if (channels <= 2) {
      value = data[p] * scale;
      if (channels === 2) alpha = data[p + 1];
    } else {
      value = luma(data[p] * scale, data[p + 1] * scale, data[p + 2] * scale);
      if (channels === 4) alpha = data[p + 3];
    }
    gray[i] = onWhite(value, alpha, max);
  }
  return ok({ width, height, data: gray });
}

/** One-channel samples of 1, 2 or 4 bits, most significant first, rows padded to whole bytes. */
function unpackSamples(data: ArrayLike<number>, width: number, height: number, depth: number): Uint8Array {
  const out = new Uint8Array(width * height);
  const rowBytes = Math.ceil((width * depth) / 8);
  const mask = (1 << depth) - 1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const bit = x * depth;
      const byte = data[y * rowBytes + (bit >> 3)];
      out[y * width + x] = (byte >> (8 - depth - (bit & 7))) & mask;
    }
  }
  return out;
}

function loadJpeg(bytes: Uint8Array): Result<GrayImage, ImageError> {
  let image: { width: number; height: number; data: Uint8Array };
  try {
    image = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: MAX_IMAGE_MEGAPIXELS,
      maxMemoryUsageInMB: MAX_JPEG_MEMORY_MB,
    });
  } catch (error) {
    const message = reason(error);
    if (/maxResolutionInMP|maxMemoryUsageInMB|memory/i.test(message)) {
      return err({ kind: 'too-large', message: `JPEG too large to read (limit ${MAX_IMAGE_MEGAPIXELS} megapixels): ${message}` });
    }
    return err({ kind: 'corrupt', message: `corrupt or truncated JPEG: ${message}` });
  }
  const { width, height, data } = image;
  if (!(width > 0 && height > 0) || data.length < width * height * 4) {
    return err({ kind: 'corrupt', message: 'corrupt JPEG: no pixels' });
  }
  const gray = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < gray.length; i += 1, p += 4) gray[i] = luma(data[p], data[p + 1], data[p + 2]);
  return ok({ width, height, data: gray });
}

/** ITU-R BT.601 luma, as raster.ts uses. */
const luma = (r: number, g: number, b: number): number => Math.round((r * 299 + g * 587 + b * 114) / 1000);

/** Transparent pixels read as white paper, the way a page shows them. */
const onWhite = (value: number, alpha: number, max: number): number =>
  Math.round(255 - ((255 - value) * alpha) / max);

const tooLarge = (width: number, height: number): Result<never, ImageError> =>
  err({ kind: 'too-large', message: `image of ${width}×${height} pixels is larger than ${MAX_IMAGE_MEGAPIXELS} megapixels` });

function reason(error: unknown): string {
  // A decoder's message may end in a colon with no detail after it (fast-png: "Error while decompressing the data: ").
  const text = (error instanceof Error ? error.message : String(error)).trim().replace(/[\s:]+$/u, '') || 'no reason given';
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
