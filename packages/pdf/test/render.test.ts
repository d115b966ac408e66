import { describe, expect, it } from 'vitest';
import { PAPER_NAMES, SHEET_LABELS, SHEET_LANGUAGES, SHEET_STYLES, PAPER_SIZES } from '@zapis/sheet';
import { renderBlankSheet } from '../src/index.js';
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

describe.skipIf(!hasPoppler)('every style × paper × language renders, embeds its font and extracts its words', () => {
  for (const style of SHEET_STYLES) {
    for (const paper of PAPER_NAMES) {
      for (const language of SHEET_LANGUAGES) {
        it(`${style} ${paper} ${language}`, async () => {
          const file = writePdf(await blank({ style, paper, language, header: HEADER, copy: 'white' }));
          const [page] = renderPages(file, 36);
          const image = readPng(page);
          expect(image.width).toBe(Math.ceil((PAPER_SIZES[paper].width * 36) / 72));
          // Something is drawn, and the page is mostly paper.
          const whole = { x: 0, y: 0, width: PAPER_SIZES[paper].width, height: PAPER_SIZES[paper].height };
          const coverage = inkCoverage(image, whole, 36, 160);
          expect(coverage).toBeGreaterThan(0.03);
          expect(coverage).toBeLessThan(0.5);

          const fonts = pdfFonts(file);
          expect(fonts).toMatch(/DejaVuSans\S*\s+CID TrueType\s+Identity-H\s+yes\s+\S+\s+yes/);
          // Every font is embedded (no reliance on the viewer's fonts).
          const fontLines = fonts.trim().split('\n').slice(2);
          expect(fontLines.length).toBeGreaterThan(0);
          for (const line of fontLines) expect(line, line).toMatch(/Identity-H\s+yes\s/);

          const text = pdfText(file);
          const labels = SHEET_LABELS[language];
          for (const word of [labels.title, labels.event, labels.round, labels.board, labels.whitePlayer, labels.blackPlayer,
            labels.whiteMoves, labels.result, labels.whiteSignature, labels.blackSignature, labels.whiteCopy, labels.notationHint, labels.sheetOf(1, 1)]) {
            expect(text, word).toContain(word);
          }
          for (const value of ['Żółkiewski, Łukasz', 'Dvořák, Jiří', HEADER.event, '½-½']) expect(text).toContain(value);
        });
      }
    }
  }
});
