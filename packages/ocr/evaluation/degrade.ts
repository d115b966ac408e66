/**
 * Turns a clean 300-dpi page into what a reader really gets: a 200-dpi flatbed
 * scan, a rotated, blurred 150-dpi JPEG, or a phone photo of the sheet lying
 * on a desk. Each returns the encoded image and where the page's corners
 * landed (image pixels), which a locator test can use as its truth.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { Homography, type Point } from '../src/homography.js';
import type { Random } from './random.js';

export const CLEAN_DPI = 300;

export interface DegradedImage {
  readonly bytes: Buffer;
  readonly format: 'png' | 'jpeg';
  readonly width: number;
  readonly height: number;
  /** Page corners in image pixels: top-left, top-right, bottom-right, bottom-left of the sheet. */
  readonly corners: readonly Point[];
  /** Rotation of the sheet in degrees (about 180 = upside down). */
  readonly rotation: number;
  readonly notes: Readonly<Record<string, number | string | boolean>>;
}

/** Adds grain: Gaussian noise of `sigma` grey levels, the same on the three channels plus a little colour. */
export function addNoise(context: SKRSContext2D, width: number, height: number, sigma: number, random: Random): void {
  const image = context.getImageData(0, 0, width, height);
  const data = image.data;
  for (let index = 0; index < data.length; index += 4) {
    // Sum of three uniforms: close enough to Gaussian for grain, much cheaper.
    const grain = (random.next() + random.next() + random.next() - 1.5) * 2 * sigma;
    data[index] = clamp(data[index] + grain);
    data[index + 1] = clamp(data[index + 1] + grain);
    data[index + 2] = clamp(data[index + 2] + grain + (random.next() - 0.5) * sigma * 0.3);
  }
  context.putImageData(image, 0, 0);
}

const clamp = (value: number): number => (value < 0 ? 0 : value > 255 ? 255 : value);

/** A flatbed scan: page scaled to `dpi`, turned by `degrees` about its centre on white, optionally blurred. */
function scanOnBed(clean: Canvas, dpi: number, degrees: number, blur: number): { canvas: Canvas; corners: Point[] } {
  const factor = dpi / CLEAN_DPI;
  const width = Math.round(clean.width * factor);
  const height = Math.round(clean.height * factor);
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fdfdfb';
  context.fillRect(0, 0, width, height);
  if (blur > 0) context.filter = `blur(${blur}px)`;
  const radians = (degrees * Math.PI) / 180;
  context.translate(width / 2, height / 2);
  context.rotate(radians);
  context.drawImage(clean, -width / 2, -height / 2, width, height);
  const cos = Math.cos(radians), sin = Math.sin(radians);
  const corners = ([[0, 0], [width, 0], [width, height], [0, height]] as const).map(([x, y]): Point => {
    const dx = x - width / 2, dy = y - height / 2;
    return [width / 2 + dx * cos - dy * sin, height / 2 + dx * sin + dy * cos];
  });
  return { canvas, corners };
}

/** 200-dpi flatbed scan, PNG: nearly straight, slight grain; upside down now and then. */
export async function scan200(clean: Canvas, random: Random): Promise<DegradedImage> {
  const upsideDown = random.chance(0.12);
  const rotation = (upsideDown ? 180 : 0) + random.between(-0.8, 0.8);
  const { canvas, corners } = scanOnBed(clean, 200, rotation, random.between(0, 0.4));
  const context = canvas.getContext('2d');
  const noise = random.between(2, 6);
  addNoise(context, canvas.width, canvas.height, noise, random);
  return { bytes: await canvas.encode('png'), format: 'png', width: canvas.width, height: canvas.height, corners, rotation, notes: { noise, upsideDown } };
}

/** How blurred and how compressed a JPEG scan may come out. */
export interface JpegRanges {
  readonly blur: readonly [number, number];
  readonly quality: readonly [number, number];
}

/** The evaluation sets' JPEG scans. */
export const JPEG_RANGES: JpegRanges = { blur: [0.5, 1.1], quality: [68, 80] };

/**
 * Training data only: scanners and phones' "save as JPEG" reach further than the evaluation sets draw, to a blur of
 * two pixels and a quality of 50.
 */
export const WIDE_JPEG_RANGES: JpegRanges = { blur: [0.5, 2], quality: [50, 85] };

/** 150-dpi JPEG scan (quality about 75): turned up to ±4°, blurred, noisy; upside down now and then. */
export async function jpeg150(clean: Canvas, random: Random, ranges: JpegRanges = JPEG_RANGES): Promise<DegradedImage> {
  const upsideDown = random.chance(0.12);
  const rotation = (upsideDown ? 180 : 0) + random.between(-4, 4);
  const blur = random.between(...ranges.blur);
  const { canvas, corners } = scanOnBed(clean, 150, rotation, blur);
  const context = canvas.getContext('2d');
  const noise = random.between(4, 10);
  addNoise(context, canvas.width, canvas.height, noise, random);
  const quality = random.integer(...ranges.quality);
  return {
    bytes: await canvas.encode('jpeg', quality), format: 'jpeg', width: canvas.width, height: canvas.height, corners, rotation,
    notes: { blur, noise, quality, upsideDown },
  };
}

/** A desk: a flat colour with slow blotches and fine grain, so the sheet's edge is not the only texture. */
function paintDesk(context: SKRSContext2D, width: number, height: number, random: Random): void {
  const desks = [[120, 85, 55], [160, 120, 80], [90, 90, 95], [200, 195, 185], [60, 50, 45], [140, 140, 130]] as const;
  const [r, g, b] = random.pick(desks);
  context.fillStyle = `rgb(${r},${g},${b})`;
  context.fillRect(0, 0, width, height);
  for (let blotch = 0; blotch < 40; blotch += 1) {
    const x = random.between(0, width), y = random.between(0, height), radius = random.between(width * 0.05, width * 0.4);
    const shade = random.between(-30, 30);
    const gradient = context.createRadialGradient(x, y, 0, x, y, radius);
    gradient.addColorStop(0, `rgba(${clamp(r + shade)},${clamp(g + shade)},${clamp(b + shade)},0.35)`);
    gradient.addColorStop(1, `rgba(${r},${g},${b},0)`);
    context.fillStyle = gradient;
    context.fillRect(0, 0, width, height);
  }
  // Streaks, like wood grain or a cloth's weave.
  context.globalAlpha = 0.08;
  for (let streak = 0; streak < 120; streak += 1) {
    context.strokeStyle = random.chance(0.5) ? 'black' : 'white';
    context.lineWidth = random.between(1, 6);
    const y = random.between(0, height);
    context.beginPath();
    context.moveTo(0, y);
    context.bezierCurveTo(width / 3, y + random.between(-40, 40), (2 * width) / 3, y + random.between(-40, 40), width, y + random.between(-40, 40));
    context.stroke();
  }
  context.globalAlpha = 1;
}

/**
 * A phone photo: the sheet in perspective on a desk with a margin round it,
 * held in any orientation, light falling unevenly, a little out of focus, JPEG.
 */
export async function phonePhoto(clean: Canvas, random: Random): Promise<DegradedImage> {
  const longSide = random.integer(2000, 3000);
  const quarterTurns = random.chance(0.7) ? 0 : random.pick([1, 2, 3]);
  const landscape = quarterTurns % 2 === 1;
  const width = landscape ? longSide : Math.round(longSide * 0.75);
  const height = landscape ? Math.round(longSide * 0.75) : longSide;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  paintDesk(context, width, height, random);

  // The sheet's corners on the photo: an upright page, shrunk into the frame, each corner pushed about.
  const pageAspect = clean.width / clean.height;
  const fill = random.between(0.72, 0.88);
  const uprightWidth = landscape ? height : width, uprightHeight = landscape ? width : height;
  let sheetHeight = uprightHeight * fill;
  let sheetWidth = sheetHeight * pageAspect;
  if (sheetWidth > uprightWidth * fill) {
    sheetWidth = uprightWidth * fill;
    sheetHeight = sheetWidth / pageAspect;
  }
  const cx = uprightWidth / 2 + random.between(-0.04, 0.04) * uprightWidth;
  const cy = uprightHeight / 2 + random.between(-0.04, 0.04) * uprightHeight;
  const tilt = (random.between(-7, 7) * Math.PI) / 180;
  const keystone = random.between(-0.09, 0.09);
  const push = (): number => random.between(-0.025, 0.025) * sheetWidth;
  const upright: Point[] = [
    [-sheetWidth / 2 * (1 - keystone), -sheetHeight / 2],
    [sheetWidth / 2 * (1 - keystone), -sheetHeight / 2],
    [sheetWidth / 2 * (1 + keystone), sheetHeight / 2],
    [-sheetWidth / 2 * (1 + keystone), sheetHeight / 2],
  ].map(([x, y]): Point => {
    const px = x + push(), py = y + push();
    return [cx + px * Math.cos(tilt) - py * Math.sin(tilt), cy + px * Math.sin(tilt) + py * Math.cos(tilt)];
  });
  // Quarter turns of the whole photo (the phone held sideways or the sheet upside down).
  const turn = (point: Point): Point => {
    let [x, y] = point;
    let w = uprightWidth, h = uprightHeight;
    for (let step = 0; step < quarterTurns; step += 1) {
      [x, y] = [h - y, x];
      [w, h] = [h, w];
    }
    return [x, y];
  };
  const corners = upright.map(turn);

  // Shrink the page once to about its size on the photo, then warp it pixel by pixel.
  const scale = Math.min(1, (1.15 * Math.max(sheetWidth, sheetHeight)) / Math.max(clean.width, clean.height));
  const source = createCanvas(Math.round(clean.width * scale), Math.round(clean.height * scale));
  source.getContext('2d').drawImage(clean, 0, 0, source.width, source.height);
  const sourcePixels = source.getContext('2d').getImageData(0, 0, source.width, source.height).data;
  const map = Homography.fit([
    { sheet: [0, 0], image: corners[0] },
    { sheet: [source.width, 0], image: corners[1] },
    { sheet: [source.width, source.height], image: corners[2] },
    { sheet: [0, source.height], image: corners[3] },
  ]);
  if (!map) throw new Error('degenerate phone geometry');
  const photo = context.getImageData(0, 0, width, height);
  const out = photo.data;
  const minX = Math.max(0, Math.floor(Math.min(...corners.map((c) => c[0])))), maxX = Math.min(width - 1, Math.ceil(Math.max(...corners.map((c) => c[0]))));
  const minY = Math.max(0, Math.floor(Math.min(...corners.map((c) => c[1])))), maxY = Math.min(height - 1, Math.ceil(Math.max(...corners.map((c) => c[1]))));
  const sw = source.width, sh = source.height;
  for (let y = minY; y <= maxY; y += 1) {
    for (let x = minX; x <= maxX; x += 1) {
      const [sx, sy] = map.toSheet(x + 0.5, y + 0.5);
      if (sx < 0 || sy < 0 || sx >= sw - 1 || sy >= sh - 1) continue;
      const x0 = Math.floor(sx), y0 = Math.floor(sy), fx = sx - x0, fy = sy - y0;
      const i00 = (y0 * sw + x0) * 4, i10 = i00 + 4, i01 = i00 + sw * 4, i11 = i01 + 4;
      const o = (y * width + x) * 4;
      for (let channel = 0; channel < 3; channel += 1) {
        const top = sourcePixels[i00 + channel] * (1 - fx) + sourcePixels[i10 + channel] * fx;
        const bottom = sourcePixels[i01 + channel] * (1 - fx) + sourcePixels[i11 + channel] * fx;
        out[o + channel] = top * (1 - fy) + bottom * fy;
      }
    }
  }
  context.putImageData(photo, 0, 0);

  // Uneven light: a warm or cool cast falling off across the photo, and a vignette.
  const angle = random.between(0, 2 * Math.PI);
  const light = context.createLinearGradient(
    width / 2 - Math.cos(angle) * width / 2, height / 2 - Math.sin(angle) * height / 2,
    width / 2 + Math.cos(angle) * width / 2, height / 2 + Math.sin(angle) * height / 2,
  );
  const darkness = random.between(0.15, 0.45);
  light.addColorStop(0, 'rgba(0,0,0,0)');
  light.addColorStop(1, `rgba(20,15,10,${darkness})`);
  context.fillStyle = light;
  context.fillRect(0, 0, width, height);
  const vignette = context.createRadialGradient(width / 2, height / 2, Math.min(width, height) * 0.3, width / 2, height / 2, Math.max(width, height) * 0.75);
  vignette.addColorStop(0, 'rgba(0,0,0,0)');
  vignette.addColorStop(1, `rgba(0,0,0,${random.between(0.15, 0.4)})`);
  context.fillStyle = vignette;
  context.fillRect(0, 0, width, height);
  if (random.chance(0.4)) {
    // A soft shadow across part of the sheet (the phone or a hand).
    context.fillStyle = `rgba(0,0,0,${random.between(0.08, 0.2)})`;
    context.filter = 'blur(60px)';
    context.beginPath();
    const sx = random.between(0, width), sy = random.between(0, height);
    context.ellipse(sx, sy, random.between(200, 600), random.between(150, 400), random.between(0, Math.PI), 0, 2 * Math.PI);
    context.fill();
    context.filter = 'none';
  }

  const blur = random.between(0.6, 1.6);
  const focused = createCanvas(width, height);
  const focusedContext = focused.getContext('2d');
  focusedContext.filter = `blur(${blur}px)`;
  focusedContext.drawImage(canvas, 0, 0);
  focusedContext.filter = 'none';
  const noise = random.between(3, 8);
  addNoise(focusedContext, width, height, noise, random);
  const quality = random.integer(72, 88);
  const rotation = (quarterTurns * 90 + (tilt * 180) / Math.PI + 360) % 360;
  return {
    bytes: await focused.encode('jpeg', quality), format: 'jpeg', width, height, corners, rotation,
    notes: { blur, noise, quality, keystone, darkness },
  };
}

/** A sheet pre-filled by `zapis print --game`, scanned at 200 dpi: only grain. */
export async function prefilledScan(clean: Canvas, random: Random): Promise<DegradedImage> {
  const rotation = random.between(-0.5, 0.5);
  const { canvas, corners } = scanOnBed(clean, 200, rotation, 0);
  const noise = random.between(2, 5);
  addNoise(canvas.getContext('2d'), canvas.width, canvas.height, noise, random);
  return { bytes: await canvas.encode('png'), format: 'png', width: canvas.width, height: canvas.height, corners, rotation, notes: { noise } };
}
