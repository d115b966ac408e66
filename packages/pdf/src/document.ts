/** Sheets to one PDF document, and the common cases: a blank sheet, a game's sheets. */
import { PDFArray, PDFDocument, PDFName, PDFRef, type PDFEmbeddedPage } from 'pdf-lib';
import {
  buildSheetLayout, buildSheetSeries,
  type HeaderFieldKey, type SheetLayout, type SheetOptions, type SheetOptionsError, type WrittenGame,
} from '@zapis/sheet';
import { ok, type Result } from '@zapis/core';
import { embedSheetFonts } from './fonts.js';
import { PageCanvas } from './primitives.js';
import { drawForm, drawSheetSpecifics, formKey, type SheetFill, type SheetTextCut } from './sheet-renderer.js';
import type { FontBytes, SheetFonts } from './fonts.js';

/** One page of output: a layout and what is written on it. */
export interface SheetPage {
  readonly layout: SheetLayout;
  readonly fill?: SheetFill;
}

export interface PdfMetadata {
  readonly title?: string;
  readonly subject?: string;
  /** The DejaVu faces' bytes (a browser loads them itself; Node reads dejavu-fonts-ttf when absent). */
  readonly fonts?: FontBytes;
}

/** A text that did not fit its box and was printed cut: the PDF is still written, and the user is told. */
export interface SheetWarning {
  /** 1-based page of the document. */
  readonly page: number;
  /** The header field, when the text was a header value. */
  readonly field?: HeaderFieldKey;
  readonly text: string;
  /** What the page shows instead (ending in "…"). */
  readonly shown: string;
  readonly message: string;
}

export interface SheetsDocument {
  readonly bytes: Uint8Array;
  readonly warnings: readonly SheetWarning[];
}

function warningOf(page: number, layout: SheetLayout, cut: SheetTextCut): SheetWarning {
  const label = cut.field === undefined ? undefined : layout.header.find((field) => field.key === cut.field)?.label;
  const what = cut.field === undefined ? `text "${cut.text}"` : `${cut.field} ("${label ?? cut.field}", ${[...cut.text].length} characters)`;
  return {
    page,
    ...(cut.field === undefined ? {} : { field: cut.field }),
    text: cut.text,
    shown: cut.shown,
    message: `page ${page}: ${what} does not fit its box; printed cut as "${cut.shown}"`,
  };
}

/** The sheets as one PDF, and a warning for every text that had to be cut to stay inside its box. */
export async function renderSheetsDocument(pages: readonly SheetPage[], metadata: PdfMetadata = {}): Promise<SheetsDocument> {
  const document = await PDFDocument.create();
  document.setTitle(metadata.title ?? 'Scoresheets');
  document.setSubject(metadata.subject ?? 'Chess scoresheets');
  document.setCreator('zapis');
  document.setProducer('zapis (@zapis/pdf with pdf-lib)');
  const fonts = await embedSheetFonts(document, metadata.fonts);
  const warnings: SheetWarning[] = [];
  // The blank form is drawn once per kind of sheet and placed on each page as a form XObject.
  const forms = new Map<string, PDFEmbeddedPage>();
  for (const [index, { layout, fill }] of pages.entries()) {
    const key = formKey(layout);
    let form = forms.get(key);
    if (form === undefined) {
      const embedded = await embedBlankForm(document, layout, fonts);
      form = embedded.form;
      forms.set(key, form);
      for (const cut of embedded.cuts) warnings.push(warningOf(index + 1, layout, cut));
    }
    const page = document.addPage([layout.paper.width, layout.paper.height]);
    page.drawPage(form, { x: 0, y: 0 });
    for (const cut of drawSheetSpecifics(new PageCanvas(page, layout.paper.height), layout, fonts, fill)) warnings.push(warningOf(index + 1, layout, cut));
  }
  return { bytes: await document.save({ useObjectStreams: true }), warnings };
}

/** The sheets as one PDF (texts too long for their boxes are cut; `renderSheetsDocument` also says which). */
export async function renderSheetsPdf(pages: readonly SheetPage[], metadata: PdfMetadata = {}): Promise<Uint8Array> {
  return (await renderSheetsDocument(pages, metadata)).bytes;
}

/** Draws the blank form on a scratch page, embeds that page as an XObject, and drops the scratch page. */
async function embedBlankForm(
  document: PDFDocument, layout: SheetLayout, fonts: SheetFonts,
): Promise<{ form: PDFEmbeddedPage; cuts: SheetTextCut[] }> {
  const scratch = document.addPage([layout.paper.width, layout.paper.height]);
  const cuts = drawForm(new PageCanvas(scratch, layout.paper.height), layout, fonts);
  const form = await document.embedPage(scratch);
  // Embedding is lazy in pdf-lib; do it now, while the scratch content still exists.
  await form.embed();
  document.removePage(document.getPageCount() - 1);
  // The XObject has its own copy of the content; the scratch page's objects would only add bytes.
  const contents = scratch.node.get(PDFName.of('Contents'));
  const contentRefs = contents instanceof PDFArray ? contents.asArray() : [contents];
  for (const ref of contentRefs) if (ref instanceof PDFRef) document.context.delete(ref);
  document.context.delete(scratch.ref);
  return { form, cuts };
}

/** One sheet, blank or with its header pre-filled from `options.header`. */
export async function renderBlankSheet(options: SheetOptions = {}): Promise<Result<Uint8Array, SheetOptionsError>> {
  const layout = buildSheetLayout(options);
  if (!layout.ok) return layout;
  return ok(await renderSheetsPdf([{ layout: layout.value }]));
}

/** The pages of one game: as many sheets as its moves need, each writing its own range of moves. */
export function gameSheetPages(options: SheetOptions, game: WrittenGame): Result<SheetPage[], SheetOptionsError> {
  const layouts = buildSheetSeries(options, game.moves.length);
  if (!layouts.ok) return layouts;
  const pages = layouts.value.map((layout, index): SheetPage => ({
    layout,
    // The result goes on the last sheet only.
    fill: { moves: game.moves, ...(index === layouts.value.length - 1 && game.result ? { result: game.result } : {}) },
  }));
  return ok(pages);
}

/**
 * A game written on sheets. With the notation packages this is one line:
 * `renderGameSheets({ language: 'pl', header }, { moves: pairPlies(writtenPlies), result })`.
 */
export async function renderGameSheets(options: SheetOptions, game: WrittenGame): Promise<Result<Uint8Array, SheetOptionsError>> {
  const pages = gameSheetPages(options, game);
  if (!pages.ok) return pages;
  return ok(await renderSheetsPdf(pages.value));
}
