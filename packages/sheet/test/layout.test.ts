import { describe, expect, it } from 'vitest';
import {
  LAYOUT_VERSION, PAPER_NAMES, PAPER_SIZES, SHEET_LANGUAGES, SHEET_STYLES, buildSheetLayout, buildSheetSeries, layoutIdOf, parseLayoutId,
  resolveGeometry, type Rect, type SheetLayout,
} from '../src/index.js';

function build(options: Parameters<typeof buildSheetLayout>[0]): SheetLayout {
  const result = buildSheetLayout(options);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const inside = (inner: Rect, outer: Rect, slack = 0.01): boolean =>
  inner.x >= outer.x - slack && inner.y >= outer.y - slack
  && inner.x + inner.width <= outer.x + outer.width + slack && inner.y + inner.height <= outer.y + outer.height + slack;

// Rectangles are rounded to 0.01 pt, so neighbours may touch by that much.
const overlaps = (a: Rect, b: Rect): boolean =>
  a.x < b.x + b.width - 0.02 && b.x < a.x + a.width - 0.02 && a.y < b.y + b.height - 0.02 && b.y < a.y + a.height - 0.02;

describe('buildSheetLayout', () => {
  for (const style of SHEET_STYLES) {
    for (const paper of PAPER_NAMES) {
      it(`${style} on ${paper}: moves 1–60 in two blocks, every rectangle on the page`, () => {
        const layout = build({ style, paper, language: 'pl' });
        const page: Rect = { x: 0, y: 0, width: PAPER_SIZES[paper].width, height: PAPER_SIZES[paper].height };
        expect(layout.units).toBe('pt');
        expect(layout.origin).toBe('top-left');
        expect(layout.moveGrid.rows.map((row) => row.moveNumber)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
        expect(layout.moveGrid.blocks.map((block) => [block.firstMove, block.lastMove])).toEqual([[1, 30], [31, 60]]);
        for (const row of layout.moveGrid.rows) {
          expect(row.white.ply).toBe(2 * row.moveNumber - 1);
          expect(row.black.ply).toBe(2 * row.moveNumber);
          for (const half of [row.white, row.black]) {
            expect(inside(half.rect, page)).toBe(true);
            expect(inside(half.cell, half.rect)).toBe(true);
            expect(inside(half.drawOffer, half.rect)).toBe(true);
            expect(overlaps(half.cell, half.drawOffer)).toBe(false);
            expect(half.characterBoxes.length).toBe(style === 'boxed' ? 7 : 0);
            for (const box of half.characterBoxes) expect(inside(box, half.cell)).toBe(true);
          }
          expect(overlaps(row.white.rect, row.black.rect)).toBe(false);
        }
        // Header, grid and footer do not collide.
        for (const field of layout.header) {
          expect(inside(field.rect, page)).toBe(true);
          expect(overlaps(field.rect, layout.moveGrid.rect)).toBe(false);
          expect(overlaps(field.rect, layout.qr.rect)).toBe(false);
        }
        for (const signature of layout.footer.signatures) expect(overlaps(signature.rect, layout.moveGrid.rect)).toBe(false);
        // The grid's rows are tall enough to write in (4 mm on A5, 5.6 mm elsewhere).
        expect(layout.moveGrid.rowHeight).toBeGreaterThan(paper === 'a5' ? 11 : 16);
      });
    }
  }

  it('puts the four markers in the four corners, clear of everything else', () => {
    const layout = build({ paper: 'a4' });
    const { width, height } = PAPER_SIZES.a4;
    const byCorner = Object.fromEntries(layout.markers.map((marker) => [marker.corner, marker]));
    expect(byCorner['top-left'].rect.x).toBeCloseTo(layout.margin, 1);
    expect(byCorner['top-left'].rect.y).toBeCloseTo(layout.margin, 1);
    expect(byCorner['bottom-right'].rect.x + byCorner['bottom-right'].rect.width).toBeCloseTo(width - layout.margin, 1);
    expect(byCorner['bottom-right'].rect.y + byCorner['bottom-right'].rect.height).toBeCloseTo(height - layout.margin, 1);
    expect(new Set(layout.markers.map((marker) => marker.id)).size).toBe(4);
    const others: Rect[] = [layout.qr.rect, layout.moveGrid.rect, layout.title.rect, ...layout.header.map((field) => field.rect)];
    for (const marker of layout.markers) for (const other of others) expect(overlaps(marker.rect, other)).toBe(false);
  });

  it('pre-fills header values and the QR payload', () => {
    const layout = build({
      language: 'pl',
      header: { event: 'Memoriał Rubinsteina', round: 4, board: '12', white: { name: 'Świątek, Iga', rating: 1850 } },
      copy: 'black',
    });
    const value = (key: string) => layout.header.find((field) => field.key === key)?.value;
    expect(value('event')).toBe('Memoriał Rubinsteina');
    expect(value('white.name')).toBe('Świątek, Iga');
    expect(value('white.rating')).toBe('1850');
    expect(value('black.name')).toBeUndefined();
    expect(layout.subtitle?.text).toBe('Egzemplarz czarnego');
    expect(layout.qr.payload).toEqual({
      layout: layout.layoutId, v: LAYOUT_VERSION, lang: 'pl', event: 'Memoriał Rubinsteina', round: '4', board: '12', white: 'Świątek, Iga',
      sheet: 1, of: 1, copy: 'black',
    });
    expect(JSON.parse(layout.qr.text)).toEqual(layout.qr.payload);
  });

  it('keeps the geometry identical across languages, so the id alone locates every field', () => {
    const english = build({ style: 'boxed', language: 'en' });
    for (const language of SHEET_LANGUAGES) {
      const other = build({ style: 'boxed', language });
      expect(other.layoutId).toBe(english.layoutId);
      expect(other.moveGrid).toMatchObject({ rect: english.moveGrid.rect, rowHeight: english.moveGrid.rowHeight });
      expect(other.moveGrid.rows.map((row) => row.white.characterBoxes)).toEqual(english.moveGrid.rows.map((row) => row.white.characterBoxes));
      expect(other.header.map((field) => field.rect)).toEqual(english.header.map((field) => field.rect));
      expect(other.footer.signatures.map((signature) => signature.rect)).toEqual(english.footer.signatures.map((signature) => signature.rect));
    }
  });

  it('still builds version 1 (no arbiter box) for sheets printed before it, with the same grid, header and QR code', () => {
    expect(LAYOUT_VERSION).toBe(2);
    for (const paper of PAPER_NAMES) {
      const first = build({ paper, layoutVersion: 1, header: { event: 'Open' } });
      const current = build({ paper, header: { event: 'Open' } });
      expect([first.version, first.qr.payload.v, current.version, current.qr.payload.v]).toEqual([1, 1, 2, 2]);
      expect(first.footer.signatures.map((signature) => signature.signer)).toEqual(['white', 'black']);
      expect(first.moveGrid).toEqual(current.moveGrid);
      expect(first.header).toEqual(current.header);
      expect([first.qr.rect, first.markers]).toEqual([current.qr.rect, current.markers]);
      expect(first.footer.layoutTag.text).toMatch(/ v1$/);
    }
    // Version 1's result ticks where the first zapis printed them (A4), so its scans still read.
    expect(build({ paper: 'a4', layoutVersion: 1 }).footer.results[0].tick).toEqual({ x: 83.83, y: 757.28, width: 10, height: 10 });
    expect(buildSheetLayout({ layoutVersion: 3 as 1 }).ok).toBe(false);
  });

  it("has a box for the arbiter's signature beside the players', clear of the result boxes and the grid", () => {
    for (const paper of PAPER_NAMES) {
      const layout = build({ paper, language: 'fr' });
      const { signatures, results } = layout.footer;
      expect(signatures.map((signature) => [signature.signer, signature.label]))
        .toEqual([['white', 'Signature des Blancs'], ['black', 'Signature des Noirs'], ['arbiter', "Signature de l'arbitre"]]);
      const page: Rect = { x: 0, y: 0, width: PAPER_SIZES[paper].width, height: PAPER_SIZES[paper].height };
      for (const [index, signature] of signatures.entries()) {
        expect(inside(signature.rect, page)).toBe(true);
        expect(signature.rect.width).toBeGreaterThan(paper === 'a5' ? 75 : 110);
        for (const other of signatures.slice(index + 1)) expect(overlaps(signature.rect, other.rect)).toBe(false);
        for (const result of results) expect(overlaps(signature.rect, result.rect)).toBe(false);
        expect(overlaps(signature.rect, layout.moveGrid.rect)).toBe(false);
      }
    }
  });

  it('adds clock cells and a third block on request', () => {
    const layout = build({ blocks: 3, clockCells: true, movesPerSheet: 75 });
    expect(layout.moveGrid.blocks.map((block) => [block.firstMove, block.lastMove])).toEqual([[1, 25], [26, 50], [51, 75]]);
    const first = layout.moveGrid.rows[0].white;
    expect(first.clock).toBeDefined();
    expect(overlaps(first.clock as Rect, first.cell)).toBe(false);
    expect(overlaps(first.clock as Rect, first.drawOffer)).toBe(false);
    expect(layout.layoutId).toBe('zapis/classic/a4/m75/b3/clock');
  });

  it('reports bad options as values', () => {
    const tooFew = buildSheetLayout({ movesPerSheet: 0 });
    expect(tooFew.ok).toBe(false);
    if (!tooFew.ok) expect(tooFew.error.option).toBe('movesPerSheet');
    expect(buildSheetLayout({ sheet: 3, of: 2 }).ok).toBe(false);
    expect(buildSheetLayout({ characterBoxes: 1, style: 'boxed' }).ok).toBe(false);
  });
});

describe('continuation sheets', () => {
  it('numbers moves 61–120 on sheet 2 and says so', () => {
    const series = buildSheetSeries({ language: 'en' }, 75);
    expect(series.ok).toBe(true);
    if (!series.ok) return;
    expect(series.value).toHaveLength(2);
    const [first, second] = series.value;
    expect([first.moveGrid.firstMove, first.moveGrid.lastMove]).toEqual([1, 60]);
    expect([second.moveGrid.firstMove, second.moveGrid.lastMove]).toEqual([61, 120]);
    expect(second.moveGrid.rows[0].white.ply).toBe(121);
    expect(second.sheet).toEqual({ number: 2, of: 2 });
    expect(second.subtitle?.text).toBe('Sheet 2 of 2 (continued)');
    expect(second.footer.sheetOf.text).toBe('Sheet 2 of 2');
    expect(second.qr.payload).toMatchObject({ sheet: 2, of: 2 });
  });

  it('gives a blank game one sheet', () => {
    const series = buildSheetSeries({}, 0);
    expect(series.ok && series.value.length).toBe(1);
  });
});

describe('layout ids', () => {
  it('round-trips every geometry', () => {
    for (const style of SHEET_STYLES) {
      for (const paper of PAPER_NAMES) {
        for (const clockCells of [false, true]) {
          const geometry = resolveGeometry({ style, paper, clockCells, blocks: 3, movesPerSheet: 45 });
          if (!geometry.ok) throw new Error(geometry.error.message);
          expect(parseLayoutId(layoutIdOf(geometry.value))).toEqual(geometry.value);
        }
      }
    }
  });

  it('rejects ids that are not ours', () => {
    expect(parseLayoutId('zapis/fancy/a4/m60/b2')).toBeUndefined();
    expect(parseLayoutId('zapis/classic/a4/m60/b2/c7')).toBeUndefined();
    expect(parseLayoutId('other/classic/a4/m60/b2')).toBeUndefined();
  });
});
