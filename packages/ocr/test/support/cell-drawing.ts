/** Draws small test images: a printed cell box with a text written in it, in a tuning handwriting font. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { decompress } from 'wawoff2';
import { grayFromRgba, type GrayImage } from '../../src/raster.js';

const require = createRequire(import.meta.url);
const registered = new Set<string>();

/** Registers a @fontsource handwriting font (woff2 turned into TTF). */
export async function useFont(name: string): Promise<string> {
  if (!registered.has(name)) {
    const path = require.resolve(`@fontsource/${name}/files/${name}-latin-400-normal.woff2`);
    GlobalFonts.register(Buffer.from(await decompress(readFileSync(path))), name);
    registered.add(name);
  }
  return name;
}

/** A page-like image holding one printed box at (x, y, width, height) pixels with `text` written inside. */
export function drawCell(text: string, font: string, box = { x: 20, y: 20, width: 300, height: 50 }): GrayImage {
  const canvas = createCanvas(box.x * 2 + box.width, box.y * 2 + box.height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#f4f1ea';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.strokeStyle = '#111';
  context.lineWidth = 2;
  context.strokeRect(box.x, box.y, box.width, box.height);
  if (text !== '') {
    context.fillStyle = '#1b2a80';
    context.font = `${Math.round(box.height * 0.8)}px ${font}`;
    context.fillText(text, box.x + 12, box.y + box.height * 0.78);
  }
  const data = context.getImageData(0, 0, canvas.width, canvas.height);
  return grayFromRgba(canvas.width, canvas.height, data.data);
}
