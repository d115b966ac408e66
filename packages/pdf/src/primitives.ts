/**
 * Drawing primitives in layout coordinates (points from the top-left); the
 * only place that flips y into PDF's bottom-up space.
 */
import {
  PDFDict, PDFHexString, PDFName, PDFOperator, PDFOperatorNames, drawObject, endMarkedContent, popGraphicsState,
  pushGraphicsState, rgb, type PDFFont, type PDFPage, type RGB,
} from 'pdf-lib';
import type { MarkerSlot, Rect } from '@zapis/sheet';
import QRCode from 'qrcode';
import { fitText, type FitOptions, type FittedText } from './fit-text.js';

export const INK = rgb(0, 0, 0);
export const GUIDE = rgb(0.62, 0.62, 0.62);
export const SHADE = rgb(0.93, 0.93, 0.93);
const PAPER_WHITE = rgb(1, 1, 1);

export type LineWeight = 'strong' | 'normal' | 'thin' | 'guide';

export type TextAlign = 'left' | 'center' | 'right';

const LINE_WIDTHS: Readonly<Record<LineWeight, number>> = { strong: 1.2, normal: 0.7, thin: 0.4, guide: 0.35 };

/** A text that did not fit its area and was cut: what was meant, and what was printed. */
export interface TextCut {
  readonly text: string;
  readonly shown: string;
}

export class PageCanvas {
  /** Every text `text()` had to cut on this page, in drawing order. */
  readonly cuts: TextCut[] = [];

  constructor(readonly page: PDFPage, readonly pageHeight: number) {}

  private colourOf(weight: LineWeight): RGB {
    return weight === 'guide' ? GUIDE : INK;
  }

  frame(area: Rect, weight: LineWeight = 'normal'): void {
    this.page.drawRectangle({
      x: area.x,
      y: this.pageHeight - area.y - area.height,
      width: area.width,
      height: area.height,
      borderWidth: LINE_WIDTHS[weight],
      borderColor: this.colourOf(weight),
    });
  }

  fill(area: Rect, colour: RGB = INK): void {
    this.page.drawRectangle({ x: area.x, y: this.pageHeight - area.y - area.height, width: area.width, height: area.height, color: colour });
  }

  horizontal(x1: number, x2: number, y: number, weight: LineWeight = 'normal'): void {
    const pdfY = this.pageHeight - y;
    this.page.drawLine({ start: { x: x1, y: pdfY }, end: { x: x2, y: pdfY }, thickness: LINE_WIDTHS[weight], color: this.colourOf(weight) });
  }

  vertical(x: number, y1: number, y2: number, weight: LineWeight = 'normal'): void {
    this.page.drawLine({
      start: { x, y: this.pageHeight - y1 },
      end: { x, y: this.pageHeight - y2 },
      thickness: LINE_WIDTHS[weight],
      color: this.colourOf(weight),
    });
  }

  /**
   * Writes `text` inside `area` on one line, vertically centred, shrinking it
   * to fit the width (down to 40 % of `size`), and cutting it with "…" below
   * that: text never leaves its area. Says how it was fitted.
   */
  text(text: string, area: Rect, font: PDFFont, size: number, align: TextAlign = 'left'): FittedText {
    const fitted = this.textBlock(text, area, font, { size, minSize: size * 0.4, floorSize: size * 0.4, maxLines: 1 }, align);
    if (fitted.cut) this.cuts.push({ text, shown: fitted.lines.join(' ') });
    return fitted;
  }

  /** Writes `text` inside `area` as `fitText` fits it: shrunk, then wrapped, then cut (see fit-text.ts). */
  textBlock(text: string, area: Rect, font: PDFFont, options: FitOptions, align: TextAlign = 'left'): FittedText {
    if (text === '') return { lines: [], size: options.size, leading: options.size, cut: false };
    const measure = { widthOf: (line: string, size: number): number => font.widthOfTextAtSize(line, size) };
    const fitted = fitText(text, area.width, area.height, measure, options);
    const { lines, size, leading } = fitted;
    lines.forEach((line, index) => {
      const width = font.widthOfTextAtSize(line, size);
      const x = align === 'left' ? area.x : align === 'center' ? area.x + (area.width - width) / 2 : area.x + area.width - width;
      // DejaVu's capitals are ~0.73 em tall: centre them (the block of lines) on the middle of the area.
      const baseline = area.y + area.height / 2 + 0.36 * size + (index - (lines.length - 1) / 2) * leading;
      this.page.drawText(line, { x, y: this.pageHeight - baseline, size, font, color: INK });
    });
    return fitted;
  }

  /**
   * Draws with `draw`, telling text extractors that what was drawn reads as
   * `text` (a marked-content span with /ActualText): boxed sheets print one
   * character per box, which would otherwise extract as "S f 3".
   */
  actualText(text: string, draw: () => void): void {
    const properties = PDFDict.withContext(this.page.doc.context);
    properties.set(PDFName.of('ActualText'), PDFHexString.fromText(text));
    // An inline property dictionary is valid PDF; pdf-lib's operand type just does not list dictionaries.
    const inlineProperties = properties as unknown as PDFName;
    this.page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of('Span'), inlineProperties]));
    draw();
    this.page.pushOperators(endMarkedContent());
  }

  /** An ArUco marker: the black square, then its white data cells as runs per row. */
  marker(marker: MarkerSlot): void {
    this.fill(marker.rect);
    const cell = marker.rect.width / marker.cells;
    marker.bits.forEach((row, rowIndex) => {
      forEachRun(row.length, (column) => row[column] === 1, (start, length) => {
        this.fill({ x: marker.rect.x + (start + 1) * cell, y: marker.rect.y + (rowIndex + 1) * cell, width: length * cell, height: cell }, PAPER_WHITE);
      });
    });
  }

  /**
   * A QR code filling `area`, quiet zone of four modules included. Drawn as
   * one path in its own form XObject: hundreds of module runs per page would
   * otherwise cost a round of 400 sheets most of its time.
   */
  qrCode(text: string, area: Rect): void {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const moduleSize = area.width / (modules.size + 8);
    const left = area.x + 4 * moduleSize;
    const top = area.y + 4 * moduleSize;
    const path: string[] = ['0 g'];
    for (let row = 0; row < modules.size; row += 1) {
      forEachRun(modules.size, (column) => modules.get(row, column) === 1, (start, length) => {
        // A hair of overlap between rows so anti-aliased rasterisers leave no seams.
        const y = this.pageHeight - (top + (row + 1) * moduleSize) - 0.05;
        path.push(`${pdfNumber(left + start * moduleSize)} ${pdfNumber(y)} ${pdfNumber(length * moduleSize)} ${pdfNumber(moduleSize + 0.05)} re`);
      });
    }
    path.push('f');
    const { context } = this.page.doc;
    const form = context.flateStream(path.join('\n'), {
      Type: 'XObject', Subtype: 'Form', FormType: 1, BBox: [0, 0, this.page.getWidth(), this.pageHeight],
    });
    const name = this.page.node.newXObject('QR', context.register(form));
    this.page.pushOperators(pushGraphicsState(), drawObject(name), popGraphicsState());
  }
}

const pdfNumber = (value: number): string => String(Math.round(value * 1000) / 1000);

/** Calls `onRun(start, length)` for each maximal run of indices in 0..count-1 where `isSet` holds. */
function forEachRun(count: number, isSet: (index: number) => boolean, onRun: (start: number, length: number) => void): void {
  let start = -1;
  for (let index = 0; index <= count; index += 1) {
    const set = index < count && isSet(index);
    if (set && start < 0) start = index;
    if (!set && start >= 0) {
      onRun(start, index - start);
      start = -1;
    }
  }
}
