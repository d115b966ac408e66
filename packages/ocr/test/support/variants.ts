/**
 * The three kinds of degraded page the locate tests and the measurement use:
 * a flatbed scan, a rotated JPEG scan, a phone photo. Each comes with the
 * homography from the clean render to the degraded image (the ground truth).
 */
import { renderSheetsPdf } from '@zapis/pdf';
import { buildSheetLayout, type SheetLayout, type SheetOptions } from '@zapis/sheet';
import { loadImage } from '../../src/load-image.js';
import { pdfPages } from '../../src/pdf-pages.js';
import type { GrayImage } from '../../src/raster.js';
import { blur, coverWithBlob, encodeJpeg, noise, perspective, rotate, unevenLight, type Warped } from './warp.js';

export type VariantKind = 'scan' | 'rotated-jpeg' | 'phone';

export interface Rendered {
  readonly layout: SheetLayout;
  readonly image: GrayImage;
  readonly dpi: number;
}

/** A zapis sheet printed to PDF and rendered back by pdfPages, as a scanner would see it. */
export async function renderSheet(options: SheetOptions, dpi: number): Promise<Rendered> {
  const built = buildSheetLayout(options);
  if (!built.ok) throw new Error(built.error.message);
  const pdf = await renderSheetsPdf([{ layout: built.value }]);
  for await (const page of pdfPages(pdf, { dpi })) {
    if (!page.ok) throw new Error(page.error.message);
    return { layout: built.value, image: page.value.image, dpi };
  }
  throw new Error('no page rendered');
}

export interface Variant extends Warped {
  readonly kind: VariantKind;
  readonly description: string;
  /** Sheet point (layout points) to where the degraded image shows it. */
  readonly truth: (x: number, y: number) => readonly [number, number];
}

/** One random degraded page of `kind` from a clean render (150 dpi for rotated JPEGs, the given one otherwise). */
export function makeVariant(
  kind: VariantKind, clean: Rendered, random: () => number, options: { hideCorner?: boolean; phoneFrame?: readonly [number, number] } = {},
): Variant {
  let warped: Warped;
  let image: GrayImage;
  let description: string;
  if (kind === 'scan') {
    const degrees = (random() - 0.5) * 4 + (random() < 0.25 ? 180 : 0);
    warped = rotate(clean.image, degrees);
    image = noise(warped.image, 3, random);
    description = `scan ${degrees.toFixed(1)}°`;
  } else if (kind === 'rotated-jpeg') {
    const degrees = Math.floor(random() * 4) * 90 + (random() - 0.5) * 8;
    warped = rotate(clean.image, degrees);
    const quality = 55 + Math.round(random() * 30);
    image = reload(encodeJpeg(noise(blur(warped.image, 1), 5, random), quality));
    description = `jpeg ${degrees.toFixed(1)}° q${quality}`;
  } else {
    const degrees = (random() - 0.5) * 30 + (random() < 0.2 ? 180 : 0);
    const skew = 0.04 + random() * 0.06;
    const [width, height] = options.phoneFrame ?? [2100, 2800];
    warped = perspective(clean.image, random, { width, height, fill: 0.8 + random() * 0.12, skew, degrees, background: 70 + Math.round(random() * 60) });
    const lit = unevenLight(warped.image, 0.8 + random() * 0.6, 0.45 + random() * 0.3, random() * 2 * Math.PI);
    const quality = 60 + Math.round(random() * 25);
    const blurRadius = random() < 0.3 ? 2 : 1;
    image = reload(encodeJpeg(noise(blur(lit, blurRadius), 6, random), quality));
    description = `phone ${degrees.toFixed(1)}° skew ${skew.toFixed(2)} blur ${blurRadius} q${quality}`;
  }
  const scale = clean.dpi / 72;
  const truth = (x: number, y: number) => warped.map.toImage(x * scale, y * scale);
  if (options.hideCorner) {
    const slot = clean.layout.markers[Math.floor(random() * 4)];
    const [cx, cy] = truth(slot.rect.x + slot.rect.width / 2, slot.rect.y + slot.rect.height / 2);
    const [ex, ey] = truth(slot.rect.x, slot.rect.y);
    image = coverWithBlob(image, cx, cy, Math.hypot(ex - cx, ey - cy) * 1.2);
    description += ` ${slot.corner} hidden`;
  }
  return { kind, description, image, map: warped.map, truth };
}

function reload(bytes: Uint8Array): GrayImage {
  const loaded = loadImage(bytes);
  if (!loaded.ok) throw new Error(loaded.error.message);
  return loaded.value;
}
