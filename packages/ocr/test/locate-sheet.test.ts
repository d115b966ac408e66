import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '@zapis/testkit';
import { buildSheetLayout, rectCentre } from '@zapis/sheet';
import { loadImage } from '../src/load-image.js';
import { findMarkers } from '../src/find-markers.js';
import { locateSheet, markerMapOn, NO_SHEET_MESSAGE } from '../src/locate-sheet.js';
import type { LocatedSheet } from '../src/located-sheet.js';
import type { GrayImage } from '../src/raster.js';
import { renderSheet, makeVariant, type Rendered, type Variant } from './support/variants.js';
import { blur, coverWithBlob, noise, rotate, seededRandom, unevenLight } from './support/warp.js';

const header = { event: 'Rapid Open', round: '5', board: '3' };
let sheet200: Rendered;
let sheet150: Rendered;

beforeAll(async () => {
  sheet200 = await renderSheet({ language: 'pl', header }, 200);
  sheet150 = await renderSheet({ language: 'en', header, movesPerSheet: 90, blocks: 3, sheet: 2, of: 2 }, 150);
});

/** Worst distance, in image pixels, between where the located map and the ground truth put every move cell's centre. */
function worstCellError(located: LocatedSheet, truth: (x: number, y: number) => readonly [number, number]): number {
  let worst = 0;
  for (const cell of located.cells) {
    const { x, y } = rectCentre(cell.rect);
    const [ax, ay] = located.map.toImage(x, y);
    const [tx, ty] = truth(x, y);
    worst = Math.max(worst, Math.hypot(ax - tx, ay - ty));
  }
  return worst;
}

function locate(image: GrayImage): LocatedSheet {
  const result = locateSheet(image, 1);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

describe('locateSheet on zapis sheets', () => {
  it('reads a clean 200-dpi page: layout from the QR, every cell within half a pixel', () => {
    const located = locate(sheet200.image);
    const scale = 200 / 72;
    expect(located.foundBy).toBe('markers');
    expect(located.markersSeen).toBe(4);
    expect(located.layout?.layoutId).toBe('zapis/classic/a4/m60/b2');
    expect(located.qr).toMatchObject({ layout: 'zapis/classic/a4/m60/b2', lang: 'pl', event: 'Rapid Open', round: '5', board: '3', sheet: 1, of: 1 });
    expect(located.cells).toHaveLength(120);
    expect(located.cells.map((cell) => cell.ply)).toEqual(Array.from({ length: 120 }, (_, index) => index + 1));
    expect(located.cells[1]).toMatchObject({ ply: 2, moveNumber: 1, side: 'black' });
    expect(located.cells.every((cell) => cell.drawOffer !== undefined)).toBe(true);
    expect(located.resultTicks.map((tick) => tick.result)).toEqual(['1-0', '1/2-1/2', '0-1']);
    expect(worstCellError(located, (x, y) => [x * scale, y * scale])).toBeLessThan(0.5);
  });

  it('rebuilds another layout (3 blocks, 90 moves, sheet 2 of 2) from the QR alone, upside down', () => {
    const turned = rotate(sheet150.image, 180);
    const located = locate(turned.image);
    const scale = 150 / 72;
    expect(located.layout?.layoutId).toBe('zapis/classic/a4/m90/b3');
    expect(located.qr).toMatchObject({ sheet: 2, of: 2, lang: 'en' });
    // Sheet 2 of a 90-move layout holds moves 91–180.
    expect(located.cells[0]).toMatchObject({ moveNumber: 91, ply: 181 });
    expect(worstCellError(located, (x, y) => turned.map.toImage(x * scale, y * scale))).toBeLessThan(1);
  });

  // Smaller than a phone's 12 MP to keep the test quick; the measurement script uses 2100×2800.
  const phoneFrame = [1650, 2200] as const;
  const m60 = 'zapis/classic/a4/m60/b2', m90 = 'zapis/classic/a4/m90/b3';
  const cases: Array<[string, string, () => Variant]> = [
    ['a 200-dpi scan a little crooked', m60, () => makeVariant('scan', sheet200, seededRandom(11))],
    ['a 150-dpi JPEG turned by a right angle and a few degrees, blurred', m90, () => makeVariant('rotated-jpeg', sheet150, seededRandom(7))],
    ['a phone photo: perspective, uneven light, blur, JPEG', m60, () => makeVariant('phone', sheet200, seededRandom(25), { phoneFrame })],
    ['a phone photo with one corner marker under a thumb', m60, () => makeVariant('phone', sheet200, seededRandom(26), { hideCorner: true, phoneFrame })],
  ];
  for (const [name, layoutId, make] of cases) {
    it(`finds ${name}`, () => {
      const variant = make();
      const located = locate(variant.image);
      expect(located.layout?.layoutId, variant.description).toBe(layoutId);
      expect(located.qr?.event).toBe('Rapid Open');
      expect(located.markersSeen).toBe(variant.description.includes('hidden') ? 3 : 4);
      expect(worstCellError(located, variant.truth), variant.description).toBeLessThan(variant.description.includes('hidden') ? 3 : 1.5);
    });
  }
});

describe('locateSheet on pages it cannot read', () => {
  it('says there is no scoresheet on a white page and on noise', () => {
    const white: GrayImage = { width: 800, height: 1100, data: new Uint8Array(800 * 1100).fill(250) };
    const speckled = blur(noise(white, 60, seededRandom(4)), 1);
    for (const image of [white, speckled]) {
      const result = locateSheet(image, 3);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toEqual({ code: 'no-sheet', message: NO_SHEET_MESSAGE, page: 3, markersSeen: 0 });
    }
    expect(NO_SHEET_MESSAGE).toBe('no scoresheet found (no markers, no grid)');
  });

  it('recognises the layout by its ruling when the QR code is gone, and names --template when that fails too', () => {
    const scale = 200 / 72;
    const { rect } = sheet200.layout.qr;
    const covered = coverWithBlob(sheet200.image, (rect.x + rect.width / 2) * scale, (rect.y + rect.height / 2) * scale, rect.width * scale * 0.6, 255);
    // The ruling still tells the layout: recognised, and said so.
    const result = locateSheet(covered, 1);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.value.layout?.layoutId).toBe(sheet200.layout.layoutId);
      expect(result.value.qr).toBeUndefined();
      expect(result.value.layoutFromRuling?.score).toBeGreaterThan(0.85);
      // The runner-up is the same grid with clock cells: it shares every row line, so it scores close on all
      // lines, but where the two differ only the printed layout's lines are ink.
      expect(result.value.layoutFromRuling!.runnerUp).toBeGreaterThan(0.8);
      expect(result.value.layoutFromRuling!.margin).toBeGreaterThan(0.5);
    }
    // With the move grid wiped out too, nothing tells the layout: an error naming --template, not a guess.
    const grid = sheet200.layout.moveGrid.rect;
    const blank = coverWithBlob(covered, (grid.x + grid.width / 2) * scale, (grid.y + grid.height / 2) * scale, Math.max(grid.width, grid.height) * scale * 0.55, 255);
    const lost = locateSheet(blank, 1);
    expect(lost.ok).toBe(false);
    if (!lost.ok) {
      expect(lost.error.code).toBe('unreadable-qr');
      expect(lost.error.markersSeen).toBe(4);
      expect(lost.error.message).toContain('--template');
    }
  });

  it('recognises the layout by its ruling on every fixture scan and photo whose QR code is covered', () => {
    // Judged on all lines, the same grid with clock cells trails by only 0.05–0.09 on these; judged where the
    // two layouts' lines lie apart, by 0.5 or more.
    for (const name of ['jpeg150.jpg', 'phone.jpg', 'pair-white.jpg', 'pair-black.jpg', 'scan200-heldout.png', 'prefilled.png']) {
      const loaded = loadImage(new Uint8Array(readFileSync(join(REPOSITORY_ROOT, 'fixtures', 'scans', name))));
      if (!loaded.ok) throw new Error(`${name}: ${loaded.error.message}`);
      const withQr = locate(loaded.value);
      const qr = withQr.layout!.qr.rect;
      const [cx, cy] = withQr.map.toImage(qr.x + qr.width / 2, qr.y + qr.height / 2);
      const [ex] = withQr.map.toImage(qr.x + qr.width, qr.y + qr.height / 2);
      const located = locate(coverWithBlob(loaded.value, cx, cy, Math.abs(ex - cx) * 1.3, 255));
      expect(located.qr, name).toBeUndefined();
      expect(located.layout?.layoutId, name).toBe(withQr.layout!.layoutId);
      expect(located.layoutFromRuling!.margin, name).toBeGreaterThan(0.4);
    }
  });

  it('tells a boxed sheet from the classic one whose ruling it shares, by the ink on its character boxes, when its QR code is covered', () => {
    // Every line of the classic layout is printed on the boxed sheet too: classic scores higher on all lines, and
    // only the frames and separators the boxed layout adds, inked well beyond the paper beside them, tell it.
    for (const name of ['boxed-pl.png', 'boxed-pl-gap.png']) {
      const loaded = loadImage(new Uint8Array(readFileSync(join(REPOSITORY_ROOT, 'fixtures', 'scans', name))));
      if (!loaded.ok) throw new Error(`${name}: ${loaded.error.message}`);
      const withQr = locate(loaded.value);
      expect(withQr.layout?.layoutId, name).toBe('zapis/boxed/a4/m60/b2/c7');
      const qr = withQr.layout!.qr.rect;
      const [cx, cy] = withQr.map.toImage(qr.x + qr.width / 2, qr.y + qr.height / 2);
      const [ex] = withQr.map.toImage(qr.x + qr.width, qr.y + qr.height / 2);
      const located = locate(coverWithBlob(loaded.value, cx, cy, Math.abs(ex - cx) * 1.3, 255));
      expect(located.qr, name).toBeUndefined();
      expect(located.layout?.layoutId, name).toBe('zapis/boxed/a4/m60/b2/c7');
      expect(located.layoutFromRuling!.runnerUp, name).toBeGreaterThan(located.layoutFromRuling!.score);
      expect(located.layoutFromRuling!.runnerUpLayoutId, name).toBe('zapis/classic/a4/m60/b2');
      expect(located.layoutFromRuling!.margin, name).toBeGreaterThan(0.3);
    }
  });

  it('recognises by its ruling a grid off the common list and a three-block boxed sheet, in light that falls off across the page', async () => {
    // A line counts as ink against the paper just beside it: the shade at the dark side of the page is not ruling.
    for (const options of [
      { language: 'en' as const, movesPerSheet: 30, blocks: 2 as const },
      { language: 'de' as const, style: 'boxed' as const, movesPerSheet: 60, blocks: 3 as const },
    ]) {
      const rendered = await renderSheet(options, 150);
      const scale = 150 / 72;
      const { rect } = rendered.layout.qr;
      const covered = coverWithBlob(rendered.image, (rect.x + rect.width / 2) * scale, (rect.y + rect.height / 2) * scale, rect.width * scale * 0.6, 255);
      const located = locate(blur(unevenLight(covered, 1.2, 0.5, 0.4), 1));
      expect(located.qr, rendered.layout.layoutId).toBeUndefined();
      expect(located.layout?.layoutId).toBe(rendered.layout.layoutId);
      expect(located.layoutFromRuling!.margin, rendered.layout.layoutId).toBeGreaterThan(0.3);
    }
  });

  it('recognises by its ruling a sheet with a corner folded over its marker and its QR code, on its own paper only', async () => {
    // Three markers fit A4 and A5 about as well by their places (the papers have one shape), but not by their size.
    const rendered = await renderSheet({ language: 'pl', style: 'boxed', movesPerSheet: 40, blocks: 2 }, 150);
    const scale = 150 / 72;
    let image = rendered.image;
    const { rect } = rendered.layout.qr;
    image = coverWithBlob(image, (rect.x + rect.width / 2) * scale, (rect.y + rect.height / 2) * scale, rect.width * scale * 0.6, 255);
    const hidden = rendered.layout.markers.find((slot) => slot.corner === 'top-right')!.rect;
    image = coverWithBlob(image, (hidden.x + hidden.width / 2) * scale, (hidden.y + hidden.height / 2) * scale, hidden.width * scale, 255);
    const page = blur(image, 1);
    const markers = findMarkers(page);
    expect(markers).toHaveLength(3);
    const mapOn = markerMapOn(markers);
    const onPaper = (paper: 'a4' | 'a5') => {
      const layout = buildSheetLayout({ paper, style: 'boxed', movesPerSheet: 40 });
      if (!layout.ok) throw new Error(layout.error.message);
      return mapOn(paper, layout.value);
    };
    expect(onPaper('a4')).toBeDefined();
    expect(onPaper('a5')).toBeUndefined();
    const located = locate(page);
    expect(located.markersSeen).toBe(3);
    expect(located.layout?.layoutId).toBe('zapis/boxed/a4/m40/b2/c7');
    expect(located.layoutFromRuling!.margin).toBeGreaterThan(0.3);
  });

  it('places a sheet by two markers across it and the QR code, but not by two along one edge', () => {
    const scale = 200 / 72;
    const hiding = (corners: readonly string[]): GrayImage => {
      let image = sheet200.image;
      for (const slot of sheet200.layout.markers.filter((candidate) => corners.includes(candidate.corner))) {
        image = coverWithBlob(image, (slot.rect.x + slot.rect.width / 2) * scale, (slot.rect.y + slot.rect.height / 2) * scale, slot.rect.width * scale * 0.8, 140);
      }
      return image;
    };
    // The top-right and bottom-left markers in shadow: the other two and the QR code's corners span the sheet.
    const across = locateSheet(hiding(['top-right', 'bottom-left']), 1);
    if (!across.ok) throw new Error(across.error.message);
    expect(across.value.markersSeen).toBe(2);
    // Every cell within half a millimetre (4 pixels at 200 dpi), far less than its margins.
    expect(worstCellError(across.value, (x, y) => [x * scale, y * scale])).toBeLessThan(4);
    // Two markers along one edge (the top one, beside the code; the right one) fix nothing far from that edge.
    // And the top-right and bottom-left ones: their diagonal runs by the code (in the top-right corner).
    for (const hidden of [['bottom-left', 'bottom-right'], ['top-left', 'bottom-left'], ['top-left', 'bottom-right']]) {
      const result = locateSheet(hiding(hidden), 1);
      expect(result.ok, hidden.join(' and ')).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('few-markers');
        expect(result.error.markersSeen).toBe(2);
        expect(result.error.message).toContain('2 across the sheet from each other with the QR code read');
      }
    }
  });
});
