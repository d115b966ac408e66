/**
 * Reads the handwritten (or pre-printed) header of a zapis sheet: names,
 * event, date, round, board. The QR's event, round and board win over what
 * is read; the rest is OCR, reported with its confidence.
 */
import type { HeaderFieldKey, SheetLayout } from '@zapis/sheet';
import type { TextAlternative } from './cell-reader.js';
import { cutCell } from './cell-image.js';
import type { PageMap } from './page-map.js';
import type { GrayImage } from './raster.js';

/** PGN tag of each header field the reader looks at. */
const TAGS: Partial<Record<HeaderFieldKey, string>> = {
  event: 'Event', site: 'Site', date: 'Date', round: 'Round', board: 'Board',
  'white.name': 'White', 'black.name': 'Black', 'white.rating': 'WhiteElo', 'black.rating': 'BlackElo',
};

export interface HeaderRead {
  readonly key: HeaderFieldKey;
  readonly tag: string;
  readonly text: string;
  /** 0..1: the recogniser's probability of the whole text. */
  readonly confidence: number;
}

/** A written header field cut out of the page: the line a recogniser reads. */
export interface HeaderLine {
  readonly key: HeaderFieldKey;
  readonly tag: string;
  readonly line: GrayImage;
}

/** The written header fields of the layout zapis knows, cut out of the page (empty ones are left out). */
export function cutHeader(image: GrayImage, map: PageMap, layout: SheetLayout): HeaderLine[] {
  return layout.header.flatMap((field) => {
    const tag = TAGS[field.key];
    if (tag === undefined) return [];
    const cut = cutCell(image, map, field.valueRect);
    return cut.written ? [{ key: field.key, tag, line: cut.line }] : [];
  });
}

/** What was read in each header line: its best text (`texts` in the order of `lines`). */
export function headerReads(lines: readonly HeaderLine[], texts: readonly (readonly TextAlternative[])[]): HeaderRead[] {
  return lines.flatMap(({ key, tag }, index) => {
    const best = texts[index]?.[0];
    return best ? [{ key, tag, text: best.text, confidence: best.confidence }] : [];
  });
}
