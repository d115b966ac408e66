/**
 * The pages of a PDF as grey images, one at a time (office scanners make
 * multi-page PDFs; a 40-page file must not hold 40 page bitmaps at once).
 * pdf.js 5 renders them: its legacy build in Node, drawing on the
 * @napi-rs/canvas it bundles for Node, with no worker fetch, no font faces
 * and no network. Everything Node-only is imported lazily here, so the rest
 * of the package stays loadable in a browser.
 */
import { err, ok, type Result } from '@zapis/core';
import { grayFromRgba, type GrayImage } from './raster.js';

export interface PdfPage {
  /** 1-based. */
  readonly page: number;
  readonly pageCount: number;
  readonly image: GrayImage;
}

export interface PageError {
  /** 1-based page that failed; absent when the document itself cannot be opened. */
  readonly page?: number;
  readonly message: string;
}

export interface PdfPagesOptions {
  /** Rendering resolution (default 200 dpi: enough for handwriting, cheap to process). */
  readonly dpi?: number;
  /** Pages larger than this are rendered at a lower resolution instead (default 60 megapixels). */
  readonly maxPixels?: number;
}

export const DEFAULT_PDF_DPI = 200;

// The few pieces of pdf.js this file uses, typed here instead of leaking its types.
interface CanvasEntry {
  readonly canvas: { readonly width: number; readonly height: number };
  readonly context: {
    getImageData(x: number, y: number, width: number, height: number): { readonly data: Uint8ClampedArray };
  };
}
interface PdfjsViewport {
  readonly width: number;
  readonly height: number;
}
interface PdfjsPage {
  getViewport(options: { scale: number }): PdfjsViewport;
  render(options: { canvasContext: unknown; canvas: unknown; viewport: PdfjsViewport }): { promise: Promise<void> };
  cleanup(): boolean;
}
interface PdfjsDocument {
  readonly numPages: number;
  readonly canvasFactory: { create(width: number, height: number): CanvasEntry; destroy(entry: CanvasEntry): void };
  getPage(page: number): Promise<PdfjsPage>;
  destroy(): Promise<void>;
}
interface PdfjsModule {
  getDocument(source: Record<string, unknown>): { promise: Promise<PdfjsDocument>; destroy(): Promise<void> };
}

/** Renders every page in order; a page that fails yields an error for that page and the others still come. */
export async function* pdfPages(bytes: Uint8Array, options: PdfPagesOptions = {}): AsyncGenerator<Result<PdfPage, PageError>> {
  const dpi = options.dpi ?? DEFAULT_PDF_DPI;
  const maxPixels = options.maxPixels ?? 60e6;
  let pdfjs: PdfjsModule;
  try {
    pdfjs = (await import('pdfjs-dist/legacy/build/pdf.mjs')) as unknown as PdfjsModule;
  } catch (error) {
    yield err({ message: `cannot load the PDF renderer (pdfjs-dist): ${reason(error)}` });
    return;
  }
  const task = pdfjs.getDocument({
    // pdf.js may take the buffer over; the caller keeps its bytes.
    data: new Uint8Array(bytes),
    ...(await nodeResourceDirectories()),
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    isOffscreenCanvasSupported: false,
    stopAtErrors: true,
    verbosity: 0,
  });
  let document: PdfjsDocument;
  try {
    document = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    yield err({ message: `corrupt or unreadable PDF: ${reason(error)}` });
    return;
  }
  try {
    const pageCount = document.numPages;
    for (let number = 1; number <= pageCount; number += 1) {
      yield await renderPage(document, number, pageCount, dpi, maxPixels);
    }
  } finally {
    await document.destroy().catch(() => undefined);
  }
}

async function renderPage(
  document: PdfjsDocument, number: number, pageCount: number, dpi: number, maxPixels: number,
): Promise<Result<PdfPage, PageError>> {
  let entry: CanvasEntry | undefined;
  let page: PdfjsPage | undefined;
  try {
    page = await document.getPage(number);
    const unit = page.getViewport({ scale: 1 });
    const wanted = dpi / 72;
    const scale = Math.min(wanted, Math.sqrt(maxPixels / Math.max(1, unit.width * unit.height)));
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.ceil(viewport.width));
    const height = Math.max(1, Math.ceil(viewport.height));
    entry = document.canvasFactory.create(width, height);
    await page.render({ canvasContext: entry.context, canvas: entry.canvas, viewport }).promise;
    const rgba = entry.context.getImageData(0, 0, width, height).data;
    return ok({ page: number, pageCount, image: grayFromRgba(width, height, rgba) });
  } catch (error) {
    return err({ page: number, message: `page ${number} of ${pageCount} cannot be rendered: ${reason(error)}` });
  } finally {
    if (entry) document.canvasFactory.destroy(entry);
    page?.cleanup();
  }
}

/**
 * In Node, pdf.js reads its standard fonts, CMaps and image decoders (wasm)
 * from its own package directory through the file system; without them a
 * scanner's JPEG 2000 or JBIG2 page would not render.
 */
async function nodeResourceDirectories(): Promise<Record<string, string | boolean>> {
  if (typeof process === 'undefined' || !process.versions?.node) return {};
  try {
    const { createRequire } = await import('node:module');
    const { dirname, join, sep } = await import('node:path');
    const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
    return {
      standardFontDataUrl: join(root, 'standard_fonts') + sep,
      cMapUrl: join(root, 'cmaps') + sep,
      cMapPacked: true,
      wasmUrl: join(root, 'wasm') + sep,
    };
  } catch {
    return {};
  }
}

function reason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
