import { describe, expect, it } from 'vitest';
import { PAPER_NAMES, SHEET_LABELS, SHEET_LANGUAGES, SHEET_STYLES, PAPER_SIZES, buildSheetLayout } from '@zapis/sheet';
import { renderBlankSheet, renderSheetsDocument } from '../src/index.js';
import { hasPoppler, pdfFonts, pdfText, renderPages, writePdf } from './support/poppler.js';
import { inkCoverage, readPng } from './support/image.js';

const HEADER = {
  event: 'Mistrzostwa Świata — Žilina, Köln & Besançon',
  site: 'Łódź',
  date: '2025-07-14',
  round: 3,
  board: 12,
  white: { name: 'Żółkiewski, Łukasz', rating: 2145, fideId: 1234567, federation: 'POL' },
  black: { name: 'Dvořák, Jiří', rating: 2088, federation: 'CZE' },
};

async function blank(options: Parameters<typeof renderBlankSheet>[0]): Promise<Uint8Array> {
  const result = await renderBlankSheet(options);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('blank sheets', () => {
  it('are valid one-page PDFs of the right size without poppler too', async () => {
    const bytes = await blank({ paper: 'letter' });
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const { PDFDocument } = await import('pdf-lib');
    const document = await PDFDocument.load(bytes);
    expect(document.getPageCount()).toBe(1);
    expect(document.getPage(0).getSize()).toEqual({ width: PAPER_SIZES.letter.width, height: PAPER_SIZES.letter.height });
  });

  it('reports bad options as values', async () => {
    const result = await renderBlankSheet({ movesPerSheet: 1000 });
    expect(result.ok).toBe(false);
  });
});

describe('every language on every paper', () => {
  it('prints every fixed word whole: no label is cut, even on A5 with three blocks and clock cells', async () => {
    for (const paper of PAPER_NAMES) {
      const pages = SHEET_LANGUAGES.map((language) => {
        const built = buildSheetLayout({ paper, style: 'boxed', blocks: 3, clockCells: true, language, copy: 'black', sheet: 2, of: 3 });
        if (!built.ok) throw new Error(built.error.message);
        return { layout: built.value };
      });
      const { warnings } = await renderSheetsDocument(pages);
      expect(warnings.map((warning) => `${paper} ${SHEET_LANGUAGES[warning.page - 1]}: ${warning.message}`)).toEqual([]);
    }
  });
});

describe.skipIf(!hasPoppler)('every style × paper renders every language, embeds its font and extracts its words', () => {
  for (const style of SHEET_STYLES) {
    for (const paper of PAPER_NAMES) {
      it(`${style} ${paper}: ${SHEET_LANGUAGES.length} languages`, async () => {
        // One document, a page per language: one render and one extraction for all of them.
        const pages = SHEET_LANGUAGES.map((language) => {
          const built = buildSheetLayout({ style, paper, language, header: HEADER, copy: 'white' });
          if (!built.ok) throw new Error(built.error.message);
          return { layout: built.value };
        });
        const { bytes, warnings } = await renderSheetsDocument(pages);
        expect(warnings).toEqual([]);
        const file = writePdf(bytes);
        const images = renderPages(file, 36);
        expect(images).toHaveLength(SHEET_LANGUAGES.length);
        const whole = { x: 0, y: 0, width: PAPER_SIZES[paper].width, height: PAPER_SIZES[paper].height };
        for (const page of images) {
          const image = readPng(page);
          expect(image.width).toBe(Math.ceil((PAPER_SIZES[paper].width * 36) / 72));
          // Something is drawn, and the page is mostly paper.
          const coverage = inkCoverage(image, whole, 36, 160);
          expect(coverage).toBeGreaterThan(0.03);
          expect(coverage).toBeLessThan(0.5);
        }

        const fonts = pdfFonts(file);
        expect(fonts).toMatch(/DejaVuSans\S*\s+CID TrueType\s+Identity-H\s+yes\s+\S+\s+yes/);
        // Every font is embedded (no reliance on the viewer's fonts).
        const fontLines = fonts.trim().split('\n').slice(2);
        expect(fontLines.length).toBeGreaterThan(0);
        for (const line of fontLines) expect(line, line).toMatch(/Identity-H\s+yes\s/);

        // Every word comes back out of its own page: the font has the glyphs (a missing one extracts as nothing or U+FFFD).
        const texts = pdfText(file).split('\f');
        SHEET_LANGUAGES.forEach((language, index) => {
          const text = texts[index];
          expect(text, language).not.toContain('\uFFFD');
          const labels = SHEET_LABELS[language];
          for (const word of [labels.title, labels.event, labels.round, labels.board, labels.whitePlayer, labels.blackPlayer,
            labels.whiteMoves, labels.result, labels.whiteSignature, labels.blackSignature, labels.arbiterSignature, labels.whiteCopy,
            labels.notationHint, labels.sheetOf(1, 1)]) {
            expect(text, `${language}: ${word}`).toContain(word);
          }
          for (const value of ['Żółkiewski, Łukasz', 'Dvořák, Jiří', HEADER.event, '½-½']) expect(text, language).toContain(value);
        });
      });
    }
  }
});
