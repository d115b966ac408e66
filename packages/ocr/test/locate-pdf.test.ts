import { describe, expect, it } from 'vitest';
import { renderSheetsPdf } from '@zapis/pdf';
import { buildSheetLayout } from '@zapis/sheet';
import { pdfPages } from '../src/pdf-pages.js';
import { findMarkers } from '../src/find-markers.js';

async function sheetsPdf(count: number): Promise<Uint8Array> {
  const pages = Array.from({ length: count }, (_, index) => {
    const layout = buildSheetLayout({ sheet: index + 1, of: count, movesPerSheet: 40 });
    if (!layout.ok) throw new Error(layout.error.message);
    return { layout: layout.value };
  });
  return renderSheetsPdf(pages);
}

async function collect(bytes: Uint8Array, dpi = 72) {
  const out = [];
  for await (const page of pdfPages(bytes, { dpi })) out.push(page);
  return out;
}

describe('pdfPages', () => {
  it('renders every page of a 3-page PDF, in order, at the asked resolution', async () => {
    const pages = await collect(await sheetsPdf(3), 100);
    expect(pages.map((page) => (page.ok ? `${page.value.page}/${page.value.pageCount}` : page.error.message))).toEqual(['1/3', '2/3', '3/3']);
    for (const page of pages) {
      if (!page.ok) continue;
      // A4 at 100 dpi.
      expect(page.value.image.width).toBe(827);
      expect(page.value.image.height).toBe(1170);
      // Real content: the four corner markers are on every page.
      expect(findMarkers(page.value.image).length).toBe(4);
    }
  });

  it('reports a truncated or corrupt PDF as one error, without a page number', async () => {
    const pdf = await sheetsPdf(2);
    const cases = [pdf.subarray(0, Math.floor(pdf.length * 0.6)), new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<<'), new Uint8Array(0)];
    for (const bytes of cases) {
      const pages = await collect(bytes);
      expect(pages).toHaveLength(1);
      const [only] = pages;
      expect(only.ok).toBe(false);
      if (!only.ok) {
        expect(only.error.page).toBeUndefined();
        expect(only.error.message).toMatch(/^corrupt or unreadable PDF: /);
      }
    }
  });

  it('leaves the caller\'s bytes intact', async () => {
    const pdf = await sheetsPdf(1);
    const copy = Uint8Array.from(pdf);
    await collect(pdf);
    expect(pdf).toEqual(copy);
  });
});
