/**
 * What a reader will do with a printed sheet: find the four ArUco markers
 * (js-aruco2's detector, run in Node on the rendered PNG's pixels) where the
 * layout JSON says, and decode the QR code (jsQR) to the layout's payload.
 */
import { describe, expect, it } from 'vitest';
import { LAYOUT_VERSION, MARKER_DICTIONARY, buildSheetLayout, parseQrPayload, type PaperName, type SheetStyle } from '@zapis/sheet';
import { renderSheetsPdf } from '../src/index.js';
import { hasPoppler, renderPages, writePdf } from './support/poppler.js';
import { decodeQr, detectMarkers, readPng, toPixels } from './support/image.js';

const DPI = 150;
const TOLERANCE_PX = 3;

const cases: ReadonlyArray<readonly [SheetStyle, PaperName]> = [['classic', 'a4'], ['boxed', 'letter'], ['boxed', 'a5']];

describe.skipIf(!hasPoppler)('markers and QR code on the rendered page (150 dpi)', () => {
  for (const [style, paper] of cases) {
    it(`${style} ${paper}`, async () => {
      const built = buildSheetLayout({
        style, paper, language: 'cs', copy: 'black', sheet: 2, of: 3,
        header: { event: 'Mistrovství České republiky', round: '7', board: '21' },
      });
      if (!built.ok) throw new Error(built.error.message);
      const layout = built.value;
      const [page] = renderPages(writePdf(await renderSheetsPdf([{ layout }])), DPI);
      const image = readPng(page);

      const qrText = decodeQr(image);
      expect(qrText).toBe(layout.qr.text);
      const payload = parseQrPayload(qrText ?? '');
      expect(payload).toEqual({ ok: true, value: expect.objectContaining({ layout: layout.layoutId, v: LAYOUT_VERSION, copy: 'black', sheet: 2, of: 3, board: '21' }) });

      const found = detectMarkers(image, MARKER_DICTIONARY);
      expect(found.map((marker) => marker.id).sort()).toEqual([0, 1, 2, 3]);
      for (const slot of layout.markers) {
        const detected = found.find((marker) => marker.id === slot.id);
        expect(detected, slot.corner).toBeDefined();
        if (!detected) continue;
        const expected = [
          { x: slot.rect.x, y: slot.rect.y },
          { x: slot.rect.x + slot.rect.width, y: slot.rect.y },
          { x: slot.rect.x + slot.rect.width, y: slot.rect.y + slot.rect.height },
          { x: slot.rect.x, y: slot.rect.y + slot.rect.height },
        ].map((point) => ({ x: toPixels(point.x, DPI), y: toPixels(point.y, DPI) }));
        // The detector reports corners clockwise from the marker's own top-left; the page is upright.
        detected.corners.forEach((corner, index) => {
          expect(Math.abs(corner.x - expected[index].x), `${slot.corner} corner ${index} x`).toBeLessThanOrEqual(TOLERANCE_PX);
          expect(Math.abs(corner.y - expected[index].y), `${slot.corner} corner ${index} y`).toBeLessThanOrEqual(TOLERANCE_PX);
        });
      }
    });
  }
});
