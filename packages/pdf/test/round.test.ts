import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { parseQrPayload } from '@zapis/sheet';
import { parsePairingsCsv, renderRoundPdf, roundSheetPages } from '../src/index.js';
import { hasPoppler, pdfText, renderPages, writePdf } from './support/poppler.js';
import { decodeQr, readPng } from './support/image.js';

const CSV = 'board,white,white_rating,black,black_rating\n1,"Łazarz, Ewa",2105,"Čapek, Karel",2050\n2,"Groß, Jörg",1987,"Lefèvre, Noël",1920\n';

function pairings() {
  const result = parsePairingsCsv(CSV, 'round.csv');
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('a round from pairings', () => {
  it("makes White's and Black's copy for every board, in board order", () => {
    const pages = roundSheetPages(pairings(), { language: 'pl', header: { event: 'Liga', round: '2' } });
    expect(pages.ok).toBe(true);
    if (!pages.ok) return;
    expect(pages.value.map((page) => [page.layout.qr.payload.board, page.layout.sheet.copy])).toEqual([
      ['1', 'white'], ['1', 'black'], ['2', 'white'], ['2', 'black'],
    ]);
    expect(pages.value[3].layout.header.find((field) => field.key === 'black.name')?.value).toBe('Lefèvre, Noël');
    expect(pages.value[0].layout.qr.payload.round).toBe('2');
  });

  it('renders them into one PDF', async () => {
    const result = await renderRoundPdf(pairings(), { language: 'de', header: { round: '2' } });
    if (!result.ok) throw new Error(result.error.message);
    const document = await PDFDocument.load(result.value);
    expect(document.getPageCount()).toBe(4);
    expect(document.getTitle()).toBe('Scoresheets, round 2');
  });

  it.skipIf(!hasPoppler)('prints names, copies and a QR code per sheet', async () => {
    const result = await renderRoundPdf(pairings(), { language: 'pl', style: 'boxed', header: { event: 'Liga', round: '2' } });
    if (!result.ok) throw new Error(result.error.message);
    const file = writePdf(result.value);
    const text = pdfText(file);
    for (const word of ['Łazarz, Ewa', 'Čapek, Karel', 'Groß, Jörg', 'Lefèvre, Noël', 'Egzemplarz białego', 'Egzemplarz czarnego']) expect(text).toContain(word);
    const images = renderPages(file, 150);
    expect(images).toHaveLength(4);
    const payload = parseQrPayload(decodeQr(readPng(images[3])) ?? '');
    expect(payload.ok && payload.value).toMatchObject({ board: '2', copy: 'black', round: '2', event: 'Liga' });
  });
});

describe('fonts given by the caller (a browser fetches them itself)', () => {
  it('embeds the faces it is given instead of reading dejavu-fonts-ttf', async () => {
    const { nodeFontBytes } = await import('../src/node-fonts.js');
    const given = await renderRoundPdf(pairings(), { language: 'pl', header: { round: '2' }, fonts: nodeFontBytes() });
    const read = await renderRoundPdf(pairings(), { language: 'pl', header: { round: '2' } });
    if (!given.ok || !read.ok) throw new Error('round not rendered');
    expect((await PDFDocument.load(given.value)).getPageCount()).toBe(4);
    // Same faces, same sheets: the same size to within the document's dates.
    expect(Math.abs(given.value.length - read.value.length)).toBeLessThan(200);
  });

  it('fails with the font library\u2019s error, not a wrong PDF, when the bytes are not a font', async () => {
    const junk = new Uint8Array([1, 2, 3, 4]);
    await expect(renderRoundPdf(pairings(), { fonts: { regular: junk, bold: junk, mono: junk } })).rejects.toThrow();
  });
});
