/** A grey image as PNG bytes (crops of cells for people to look at). */
import { encode } from 'fast-png';
import type { GrayImage } from './raster.js';

export function grayPng(image: GrayImage): Uint8Array {
  return encode({ width: image.width, height: image.height, data: image.data, channels: 1, depth: 8 });
}
