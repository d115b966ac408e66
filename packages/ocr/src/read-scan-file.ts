/**
 * One input file to read sheets: a PNG or JPEG is one page, a PDF one page
 * per sheet (office scanners make multi-page PDFs). Each page is located
 * (ArUco markers and the QR for zapis sheets; the ruling lines of a
 * `--template` for others; a foreign grid's rows then checked by its printed
 * move numbers) and read. A page that cannot be read is a failure with its
 * file, page and reason; the next page goes on.
 */
import type { CellReader } from './cell-reader.js';
import type { Result } from '@zapis/core';
import { loadImage, sniffScanKind, type ImageError } from './load-image.js';
import { locateSheet, NO_SHEET_MESSAGE } from './locate-sheet.js';
import { locateByTemplate } from './locate-by-template.js';
import { findRulingLines } from './find-grid.js';
import { findTwoBlockGrid } from './find-two-block-grid.js';
import type { LocatedSheet } from './located-sheet.js';
import { pdfPages } from './pdf-pages.js';
import type { GrayImage } from './raster.js';
import { readPrintedWordsLanguage } from './printed-language.js';
import { readLocatedSheet, type SheetRead } from './read-sheet.js';
import { registerRows, registrationRefusal } from './register-rows.js';
import type { SheetTemplate } from './template.js';

/** `heading-as-moves`: a foreign grid whose first move row reads as its heading, its printed numbers not saying which row holds move 1. */
export type ReadFailureCode = 'unreadable' | 'no-sheet' | 'not-zapis' | 'unreadable-qr' | 'layout-mismatch' | 'few-markers' | 'heading-as-moves';

export type PageOutcome =
  | { readonly ok: true; readonly file: string; readonly page: number; readonly read: SheetRead }
  | { readonly ok: false; readonly file: string; readonly page?: number; readonly code: ReadFailureCode; readonly message: string };

export interface ReadScanOptions {
  readonly reader: CellReader;
  /** A foreign sheet's description: used when a page has no zapis markers. */
  readonly template?: SheetTemplate;
  /** PDF pages are rendered at this resolution (default 200 dpi). */
  readonly dpi?: number;
  /** Decodes PNG and JPEG (default loadImage; Node passes a faster one). */
  readonly decodeImage?: (bytes: Uint8Array) => Promise<Result<GrayImage, ImageError>> | Result<GrayImage, ImageError>;
}

export async function* readScanFile(file: string, bytes: Uint8Array, options: ReadScanOptions): AsyncGenerator<PageOutcome> {
  const kind = sniffScanKind(bytes);
  if (kind === undefined) {
    yield { ok: false, file, code: 'unreadable', message: bytes.length === 0 ? 'empty file' : 'not a PNG, JPEG or PDF file' };
    return;
  }
  if (kind !== 'pdf') {
    const image = await (options.decodeImage ?? loadImage)(bytes);
    if (!image.ok) {
      yield { ok: false, file, page: 1, code: 'unreadable', message: image.error.message };
      return;
    }
    yield await readScanPage(file, 1, image.value, options);
    return;
  }
  let pages = 0;
  for await (const page of pdfPages(bytes, { ...(options.dpi !== undefined ? { dpi: options.dpi } : {}) })) {
    pages += 1;
    if (!page.ok) {
      yield { ok: false, file, ...(page.error.page !== undefined ? { page: page.error.page } : {}), code: 'unreadable', message: page.error.message };
      if (page.error.page === undefined) return;
      continue;
    }
    yield await readScanPage(file, page.value.page, page.value.image, options);
  }
  // A PDF that opens but holds no page is said, never read as nothing.
  if (pages === 0) yield { ok: false, file, code: 'unreadable', message: 'a PDF with no pages' };
}

/** One page already decoded to grey (a browser renders PDF pages itself): located and read. */
export async function readScanPage(file: string, page: number, image: GrayImage, options: ReadScanOptions): Promise<PageOutcome> {
  const located = locateScanPage(image, page, options.template);
  if (!located.ok) return { ok: false, file, page, code: located.code, message: located.message };
  // A foreign grid's rows are checked by its printed move numbers before anything is read from them.
  const registered = await registerRows(located.sheet, options.reader);
  const refusal = registrationRefusal(registered);
  if (refusal) return { ok: false, file, page, code: 'heading-as-moves', message: refusal };
  // Where no QR code names the sheet's language, its printed words may: the decoder's prior for its letters.
  const printedWords = registered.layoutFromRuling || registered.blocks ? await readPrintedWordsLanguage(registered, options.reader) : undefined;
  const sheet = printedWords ? { ...registered, printedWords } : registered;
  return { ok: true, file, page, read: await readLocatedSheet(sheet, options.reader) };
}

export type PageLocation = { readonly ok: true; readonly sheet: LocatedSheet } | { readonly ok: false; readonly code: ReadFailureCode; readonly message: string };

/** Finds the sheet on a page: by its markers, else by the template's grid, else by a two-block grid's ruling. */
export function locateScanPage(image: GrayImage, page: number, template?: SheetTemplate): PageLocation {
  const byMarkers = locateSheet(image, page);
  if (byMarkers.ok) return { ok: true, sheet: byMarkers.value };
  if (template) {
    const byGrid = locateByTemplate(image, page, template);
    if (byGrid.ok) return { ok: true, sheet: byGrid.value };
    // Markers seen but no zapis layout, and the template's grid is not there either: both reasons count.
    return { ok: false, code: 'no-sheet', message: byMarkers.error.markersSeen > 0 ? byMarkers.error.message : `${NO_SHEET_MESSAGE}: ${byGrid.error.detail}` };
  }
  if (byMarkers.error.code === 'no-sheet') {
    // No markers, no template: a plain two-block move grid is still found by its ruling, and said so.
    const ruling = findRulingLines(image);
    const derived = findTwoBlockGrid(image, ruling);
    if (derived.ok) {
      const byGrid = locateByTemplate(image, page, derived.value, ruling);
      if (byGrid.ok) return { ok: true, sheet: { ...byGrid.value, gridWithoutTemplate: true } };
    }
    return { ok: false, code: 'no-sheet', message: `${NO_SHEET_MESSAGE}; a sheet zapis did not print needs --template` };
  }
  return { ok: false, code: byMarkers.error.code, message: byMarkers.error.message };
}
