/** Long names, events and sites stay inside their own boxes: shrunk, then wrapped, then cut with a warning. */
import { describe, expect, it } from 'vitest';
import { PAPER_NAMES, buildSheetLayout, type HeaderValues, type PaperName, type Rect, type SheetLayout } from '@zapis/sheet';
import { renderSheetsDocument, type SheetsDocument } from '../src/index.js';
import { hasPoppler, pdfWords, writePdf, type PdfWord } from './support/poppler.js';

// Real names and events (Picasso's baptismal name; a corpus event), and the 270-character name of the issue.
const PICASSO = 'Pablo Diego José Francisco de Paula Juan Nepomuceno María de los Remedios Cipriano de la Santísima Trinidad Ruiz y Picasso';
const NAME_270 = `${'Rodriguez Talavera Juan Carlos de la Santísima Trinidad Hohenzollern-Sigmaringen '.repeat(4)}`.slice(0, 270);
const HEADER: HeaderValues = {
  event: 'Tata Steel Chess Tournament 2024 — Masters Group, 86th edition, Memorial Petrosian & Kasparian (cat.15)',
  site: 'XXX International Open, Mar del Plata ARG, Hotel Provincial — Salón Dorado',
  date: '2024.01.13',
  white: { name: NAME_270, rating: 2745, fideId: 24116068, federation: 'Polski Związek Szachowy / KS Hetman Wrocław' },
  black: { name: PICASSO, rating: 2041, fideId: 2200000, federation: 'ESP' },
};

function layoutOf(paper: PaperName, header: HeaderValues): SheetLayout {
  const built = buildSheetLayout({ paper, language: 'en', header });
  if (!built.ok) throw new Error(built.error.message);
  return built.value;
}

const overlaps = (a: Rect, b: Rect): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (inner: Rect, outer: Rect, slack: number): boolean =>
  inner.x >= outer.x - slack && inner.y >= outer.y - slack
  && inner.x + inner.width <= outer.x + outer.width + slack && inner.y + inner.height <= outer.y + outer.height + slack;

/** A word's box as drawn: pdftotext's box spans ascent to descent, so the glyphs' own extent is narrower vertically. */
const inked = (word: PdfWord): Rect => ({ x: word.x, y: word.y + word.height * 0.1, width: word.width, height: word.height * 0.8 });

describe('long header values', () => {
  it('cut only what cannot fit, and say which field and what was printed', async () => {
    const layout = layoutOf('a4', HEADER);
    const document: SheetsDocument = await renderSheetsDocument([{ layout }]);
    expect(document.warnings.map((warning) => warning.field)).toEqual(['white.name']);
    const [warning] = document.warnings;
    expect(warning.page).toBe(1);
    expect(warning.text).toBe(NAME_270);
    expect(warning.shown.endsWith('…')).toBe(true);
    expect(NAME_270.replace(/\s+/g, ' ').startsWith(warning.shown.slice(0, -1).trimEnd())).toBe(true);
    expect(warning.message).toMatch(/^page 1: white\.name \("White", 270 characters\) does not fit its box; printed cut as "Rodriguez/);
  });

  describe.skipIf(!hasPoppler)('on the page', () => {
    for (const paper of PAPER_NAMES) {
      it(`${paper}: every word of every value lies inside its own field, none on the QR code or a neighbour`, async () => {
        const layout = layoutOf(paper, HEADER);
        const document = await renderSheetsDocument([{ layout }]);
        const file = writePdf(document.bytes);
        const headerBottom = Math.max(...layout.header.map((field) => field.rect.y + field.rect.height));
        const headerWords = pdfWords(file).filter((word) => word.y < headerBottom && word.y + word.height > layout.header[0].rect.y);
        expect(headerWords.length).toBeGreaterThan(30);
        for (const word of headerWords) {
          const box = inked(word);
          expect(overlaps(box, layout.qr.rect), `${word.text} on the QR code`).toBe(false);
          const owners = layout.header.filter((field) => overlaps(box, field.rect));
          expect(owners.map((field) => field.key), `"${word.text}" at ${JSON.stringify(box)}`).toHaveLength(1);
          expect(inside(box, owners[0].rect, 0.3), `"${word.text}" leaves ${owners[0].key}`).toBe(true);
        }
        // Picasso's name is whole over two lines (A5's smaller boxes cut it, and say so).
        const blackName = layout.header.find((field) => field.key === 'black.name') as SheetLayout['header'][number];
        const inBlackName = headerWords.filter((word) => inside(inked(word), blackName.rect, 0.3)).map((word) => word.text);
        const blackCut = document.warnings.find((warning) => warning.field === 'black.name');
        expect(blackCut === undefined).toBe(paper !== 'a5');
        expect(inBlackName.slice(1).join(' ')).toBe(blackCut?.shown ?? PICASSO);
        expect(document.warnings.map((warning) => warning.field)).toContain('white.name');
        const lines = new Set(headerWords.filter((word) => inside(inked(word), blackName.valueRect, 1)).map((word) => Math.round(word.y)));
        expect(lines.size).toBe(2);
      });
    }
  });
});
