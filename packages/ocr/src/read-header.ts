/**
 * Reads the handwritten (or pre-printed) header of a zapis sheet: names,
 * event, site, date, round, board. A field whose printed value the QR code
 * carries is not read at all (the code says exactly what was printed); the
 * rest is OCR, reported with its confidence.
 */
import type { HeaderFieldKey, QrPayload, SheetLayout } from '@zapis/sheet';
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
  /** 0..1: the recogniser's probability of the whole text (over its looks at the line, header-text.ts). */
  readonly confidence: number;
}

/** A written header field cut out of the page: the line a recogniser reads. */
export interface HeaderLine {
  readonly key: HeaderFieldKey;
  readonly tag: string;
  readonly line: GrayImage;
}

/** The QR payload's key for each header field it can carry. */
const QR_KEYS: Partial<Record<HeaderFieldKey, 'event' | 'site' | 'date' | 'round' | 'board' | 'white' | 'black'>> = {
  event: 'event', site: 'site', date: 'date', round: 'round', board: 'board', 'white.name': 'white', 'black.name': 'black',
};

/** The header field's printed value as the sheet's QR code carries it, if it does. */
export function printedInQr(key: HeaderFieldKey, qr: QrPayload | undefined): string | undefined {
  const qrKey = QR_KEYS[key];
  return qr && qrKey ? qr[qrKey] : undefined;
}

/**
 * The written header fields of the layout zapis knows, cut out of the page (empty ones are left out, and those whose
 * printed value the QR code `qr` carries).
 */
export function cutHeader(image: GrayImage, map: PageMap, layout: SheetLayout, qr?: QrPayload): HeaderLine[] {
  return layout.header.flatMap((field) => {
    const tag = TAGS[field.key];
    if (tag === undefined || printedInQr(field.key, qr) !== undefined) return [];
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
