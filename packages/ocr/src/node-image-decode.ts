/**
 * Faster image decoding in Node: Skia (through @napi-rs/canvas) decodes a
 * 6-megapixel JPEG several times faster than jpeg-js. Only complete files go
 * this way (a JPEG ending in its end marker, a PNG in its IEND chunk), and
 * anything Skia refuses falls back to loadImage, whose errors say what is
 * wrong with the file.
 */
import { createCanvas, loadImage as skiaLoadImage } from '@napi-rs/canvas';
import type { Result } from '@zapis/core';
import { loadImage, sniffScanKind, type ImageError } from './load-image.js';
import { grayFromRgba, type GrayImage } from './raster.js';

const PNG_IEND = [0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];

function complete(bytes: Uint8Array): boolean {
  const kind = sniffScanKind(bytes);
  if (kind === 'jpeg') {
    // Some cameras pad after the end marker: look for it near the end.
    for (let i = bytes.length - 2; i >= Math.max(0, bytes.length - 4096); i -= 1) if (bytes[i] === 0xff && bytes[i + 1] === 0xd9) return true;
    return false;
  }
  if (kind === 'png') return PNG_IEND.every((value, index) => bytes[bytes.length - PNG_IEND.length + index] === value);
  return false;
}

export async function loadImageFast(bytes: Uint8Array): Promise<Result<GrayImage, ImageError>> {
  if (!complete(bytes)) return loadImage(bytes);
  try {
    const image = await skiaLoadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const canvas = createCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    // Transparent pixels are paper.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, image.width, image.height);
    context.drawImage(image, 0, 0);
    const data = context.getImageData(0, 0, image.width, image.height);
    return { ok: true, value: grayFromRgba(image.width, image.height, data.data) };
  } catch {
    return loadImage(bytes);
  }
}
