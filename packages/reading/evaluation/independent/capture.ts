/**
 * How the written page becomes the file a reader gets: a flatbed scan (PNG, ~200 dpi, slightly turned, a little
 * noise), a small JPEG (150 dpi, soft, compressed) or a phone photo (perspective onto a table, uneven light, a
 * shadow, a glare spot, JPEG). Each returns the image and the map from page pixels to image pixels, for the truth.
 */
import { blurRaster } from './blur.js';
import { homographyFrom, type Homography, type Point } from './homography.js';
import { fractalNoise } from './noise.js';
import type { Random } from './random.js';
import { blankRaster, type Raster } from './raster.js';
import { warp } from './warp.js';

export const CAPTURE_KINDS = ['scan', 'jpeg', 'phone'] as const;
export type CaptureKind = (typeof CAPTURE_KINDS)[number];

export const isCaptureKind = (value: string): value is CaptureKind => (CAPTURE_KINDS as readonly string[]).includes(value);

export interface CutCorner {
  readonly corner: 0 | 1 | 2 | 3;
  /** Legs of the cut triangle, in page pixels. */
  readonly size: number;
}

export interface Captured {
  readonly raster: Raster;
  /** Page pixels (of the rendered page) to image pixels. */
  readonly toImage: Homography;
  readonly format: 'png' | 'jpeg';
  readonly quality: number;
  readonly dpi?: number;
  /** What was done, for the truth file's tags. */
  readonly notes: Readonly<Record<string, string | number>>;
}

/** The resolution to render the page at before capture: the scan's own, or finer for a photo to sample down. */
export function renderDpiFor(kind: CaptureKind, random: Random): number {
  if (kind === 'scan') return random.int(190, 215);
  if (kind === 'jpeg') return 150;
  return 300;
}

export function capture(kind: CaptureKind, page: Raster, dpi: number, random: Random, cut?: CutCorner): Captured {
  const missing = cut ? cutTest(page, cut) : undefined;
  return kind === 'phone' ? photograph(page, random, missing) : flatbed(kind, page, dpi, random, missing);
}

function cutTest(page: Raster, cut: CutCorner): (point: Point) => boolean {
  const corners: Point[] = [[0, 0], [page.width, 0], [page.width, page.height], [0, page.height]];
  const [cx, cy] = corners[cut.corner];
  return ([x, y]) => Math.abs(x - cx) + Math.abs(y - cy) < cut.size;
}

function rotationAbout(angle: number, [cx, cy]: Point, [tx, ty]: Point): Homography {
  const cos = Math.cos(angle), sin = Math.sin(angle);
  return [cos, -sin, tx - cos * cx + sin * cy, sin, cos, ty - sin * cx - cos * cy, 0, 0, 1];
}

function flatbed(kind: 'scan' | 'jpeg', page: Raster, dpi: number, random: Random, missing?: (point: Point) => boolean): Captured {
  const angle = Math.max(-1.5, Math.min(1.5, random.normal() * 0.6)) * (Math.PI / 180);
  const margin = Math.round(dpi * random.range(0.05, 0.25));
  const width = page.width + margin, height = page.height + margin;
  const toImage = rotationAbout(angle, [page.width / 2, page.height / 2], [width / 2 + random.range(-0.3, 0.3) * margin, height / 2 + random.range(-0.3, 0.3) * margin]);
  const lid = random.int(228, 250);
  let image = warp(page, toImage, blankRaster(width, height, [lid, lid, lid - random.int(0, 6)]), missing);
  const blur = kind === 'scan' ? random.range(0.3, 0.7) : random.range(0.9, 1.5);
  image = blurRaster(image, blur);
  const noise = kind === 'scan' ? random.range(1.5, 4) : random.range(1.5, 3);
  addNoise(image, noise, random);
  const quality = kind === 'jpeg' ? random.int(60, 80) : 100;
  return {
    raster: image, toImage, format: kind === 'scan' ? 'png' : 'jpeg', quality, dpi,
    notes: { rotationDegrees: round(angle * (180 / Math.PI)), blur: round(blur), noise: round(noise), ...(kind === 'jpeg' ? { quality } : {}) },
  };
}

function photograph(page: Raster, random: Random, missing?: (point: Point) => boolean): Captured {
  const long = random.int(2000, 3000);
  const short = Math.round(long * 0.75);
  const portrait = page.height >= page.width;
  const width = portrait ? short : long, height = portrait ? long : short;
  // The page fills most of the frame, turned a little, with each corner pulled by the camera's tilt.
  const fill = random.range(0.72, 0.9);
  const scale = Math.min((width * fill) / page.width, (height * fill) / page.height);
  const angle = random.normal() * 3 * (Math.PI / 180);
  const centre: Point = [width / 2 + random.range(-0.04, 0.04) * width, height / 2 + random.range(-0.04, 0.04) * height];
  const tilt = random.range(0.01, 0.05);
  const pageCorners: Point[] = [[0, 0], [page.width, 0], [page.width, page.height], [0, page.height]];
  const keystone = random.range(-1, 1) * tilt;
  const placed = pageCorners.map(([x, y], index): Point => {
    const dx = (x - page.width / 2) * scale, dy = (y - page.height / 2) * scale;
    // The far edge (top or bottom) is narrower: a camera held off-square.
    const narrowing = 1 + keystone * (index < 2 ? 1 : -1);
    const jx = random.normal() * tilt * 0.3 * width, jy = random.normal() * tilt * 0.3 * height;
    const rx = dx * narrowing * Math.cos(angle) - dy * Math.sin(angle);
    const ry = dx * narrowing * Math.sin(angle) + dy * Math.cos(angle);
    return [centre[0] + rx + jx, centre[1] + ry + jy];
  });
  const toImage = homographyFrom(pageCorners, placed);
  // Sampling down: soften first so thin rules do not alias away.
  const source = scale < 0.95 ? blurRaster(page, 0.45 / scale) : page;
  let image = warp(source, toImage, table(width, height, random.fork('table')), missing);
  const lightNotes = light(image, random.fork('light'));
  const focus = random.range(0.4, 1.4);
  image = blurRaster(image, focus);
  const noise = random.range(2.5, 6);
  addNoise(image, noise, random);
  const quality = random.int(72, 92);
  return {
    raster: image, toImage, format: 'jpeg', quality,
    notes: { width, height, rotationDegrees: round(angle * (180 / Math.PI)), tilt: round(tilt), focus: round(focus), noise: round(noise), quality, ...lightNotes },
  };
}

/** A dark table top: a base colour with wood-like streaks or cloth cloudiness. */
function table(width: number, height: number, random: Random): Raster {
  const base: [number, number, number] = random.pick<[number, number, number]>([[70, 48, 32], [45, 45, 50], [30, 38, 60], [95, 80, 60], [25, 25, 25]]);
  const streaky = random.chance(0.5);
  const texture = fractalNoise(width, height, random.range(40, 160), 3, random);
  const raster = blankRaster(width, height);
  for (let index = 0; index < width * height; index += 1) {
    const y = Math.floor(index / width);
    const streak = streaky ? 0.15 * Math.sin(y * 0.05 + texture[index] * 6) : 0;
    const factor = 1 + 0.25 * texture[index] + streak;
    for (let c = 0; c < 3; c += 1) raster.data[index * 4 + c] = base[c] * factor;
  }
  return raster;
}

/** Uneven light over the whole photo: a gradient, a soft shadow from one side, a glare spot. In place. */
function light(image: Raster, random: Random): Record<string, number> {
  const { width, height } = image;
  const direction = random.range(0, 2 * Math.PI);
  const gradient = random.range(0.08, 0.3);
  const shadow = { x: random.range(-0.2, 1.2) * width, y: random.range(-0.2, 1.2) * height, radius: random.range(0.25, 0.6) * Math.max(width, height), depth: random.chance(0.7) ? random.range(0.15, 0.4) : 0 };
  const glare = { x: random.range(0.15, 0.85) * width, y: random.range(0.15, 0.85) * height, radius: random.range(0.04, 0.14) * Math.max(width, height), strength: random.chance(0.8) ? random.range(0.25, 0.7) : 0 };
  const dx = Math.cos(direction) / width, dy = Math.sin(direction) / height;
  const warm = random.range(-0.04, 0.04);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const g = 1 - gradient * (0.5 + (x - width / 2) * dx + (y - height / 2) * dy);
      const ds = Math.hypot(x - shadow.x, y - shadow.y) / shadow.radius;
      const s = 1 - shadow.depth * Math.max(0, Math.min(1, 1.4 - ds));
      const dg = Math.hypot(x - glare.x, y - glare.y) / glare.radius;
      const shine = glare.strength * Math.exp(-dg * dg);
      const p = (y * width + x) * 4;
      for (let c = 0; c < 3; c += 1) {
        const tinted = image.data[p + c] * g * s * (1 + (c === 0 ? warm : c === 2 ? -warm : 0));
        image.data[p + c] = tinted + (255 - tinted) * shine;
      }
    }
  }
  return { gradient: round(gradient), shadow: round(shadow.depth), glare: round(glare.strength) };
}

/** Sensor or scanner noise: Gaussian, mostly shared by the channels. In place. */
function addNoise(image: Raster, sigma: number, random: Random): void {
  const { data } = image;
  for (let p = 0; p < data.length; p += 4) {
    const shared = random.normal() * sigma;
    data[p] += shared + random.normal() * sigma * 0.3;
    data[p + 1] += shared;
    data[p + 2] += shared + random.normal() * sigma * 0.3;
  }
}

const round = (value: number): number => Math.round(value * 1000) / 1000;
