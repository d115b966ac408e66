/**
 * Reads a located sheet: cuts every half-move cell, tells written cells from
 * empty ones (the last written cell ends the game), reads the written ones
 * with the reader, and looks at the draw-offer and result tick boxes.
 */
import type { ResultCode } from '@zapis/sheet';
import type { CellReader, CellReading } from './cell-reader.js';
import { boxInk, cutCell, type CellImage } from './cell-image.js';
import type { LocatedSheet, MoveCellPlace } from './located-sheet.js';
import { readHeader, type HeaderRead } from './read-header.js';

/** A tick or an `=` fills at least this share of a small box's inside. */
const TICKED_SHARE = 0.06;

export interface ReadCell {
  readonly place: MoveCellPlace;
  readonly image: CellImage;
  /** What the reader made of it; an empty cell before the last written one has a reading too. */
  readonly reading: CellReading;
  /** FIDE Art. 8.1.5: an `=` in the draw-offer box after this move. */
  readonly drawOffer: boolean;
}

/** A located sheet once read: the page image itself is no longer needed (cells keep their own crops). */
export type ReadLocation = Omit<LocatedSheet, 'image'> & { readonly imageWidth: number; readonly imageHeight: number };

export interface SheetRead {
  readonly located: ReadLocation;
  /** The cells up to the last written one, in ply order. */
  readonly cells: readonly ReadCell[];
  /** The ticked result box, when exactly one is ticked. */
  readonly result?: ResultCode;
  /** Result boxes ticked (more than one is a problem to report). */
  readonly resultsTicked: readonly ResultCode[];
  /** Header fields written on the sheet, as read. */
  readonly header: readonly HeaderRead[];
}

export async function readLocatedSheet(located: LocatedSheet, reader: CellReader): Promise<SheetRead> {
  const places = [...located.cells].sort((a, b) => a.ply - b.ply);
  const images = places.map((place) => cutCell(located.image, located.map, place.rect));
  let last = -1;
  images.forEach((image, index) => {
    if (image.written) last = index;
  });
  const kept = places.slice(0, last + 1);
  const readings: CellReading[] = await reader.readCells(images.slice(0, last + 1).map((image) => image.line));
  const cells = kept.map((place, index) => ({
    place,
    image: images[index],
    reading: readings[index],
    drawOffer: place.drawOffer !== undefined && boxInk(located.image, located.map, place.drawOffer) >= TICKED_SHARE,
  }));
  const resultsTicked = located.resultTicks
    .filter((tick) => boxInk(located.image, located.map, tick.tick) >= TICKED_SHARE)
    .map((tick) => tick.result);
  const header = located.layout ? await readHeader(located.image, located.map, located.layout, reader) : [];
  const { image, ...location } = located;
  return { located: { ...location, imageWidth: image.width, imageHeight: image.height }, cells, resultsTicked, header, ...(resultsTicked.length === 1 ? { result: resultsTicked[0] } : {}) };
}
