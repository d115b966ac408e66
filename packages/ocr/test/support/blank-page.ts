/** A white A4 page at a resolution, to draw a test sheet on. */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';

export interface BlankPage {
  readonly canvas: Canvas;
  readonly ctx: SKRSContext2D;
  readonly width: number;
  readonly height: number;
  /** Pixels per millimetre. */
  readonly scale: number;
}

export function blankA4(dpi: number): BlankPage {
  const scale = dpi / 25.4;
  const width = Math.round(210 * scale), height = Math.round(297 * scale);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  return { canvas, ctx, width, height, scale };
}
