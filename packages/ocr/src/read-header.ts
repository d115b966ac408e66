/**
 * Reads the handwritten (or pre-printed) header of a zapis sheet: names,
 * event, date, round, board. The QR's event, round and board win over what
 * is read; the rest is OCR, reported with its confidence.
 */
import type { HeaderFieldKey, SheetLayout } from '@zapis/sheet';
import type { CellReader } from './cell-reader.js';
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

export async function readHeader(image: GrayImage, map: PageMap, layout: SheetLayout, reader: CellReader): Promise<HeaderRead[]> {
  if (!reader.readTexts) return [];
  const fields = layout.header.filter((field) => TAGS[field.key] !== undefined)
    .map((field) => ({ field, cut: cutCell(image, map, field.valueRect) }))
    .filter((entry) => entry.cut.written);
  if (fields.length === 0) return [];
  const texts = await reader.readTexts(fields.map((entry) => entry.cut.line));
  return fields.flatMap(({ field }, index) => {
    const best = texts[index]?.[0];
    const tag = TAGS[field.key];
    return best && tag ? [{ key: field.key, tag, text: best.text, confidence: best.confidence }] : [];
  });
}
