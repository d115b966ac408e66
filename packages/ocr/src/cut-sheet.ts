/**
 * A located sheet cut into what a recogniser reads: every half-move cell up to
 * the last written one (the last written cell ends the game), the draw-offer
 * and result tick boxes looked at, and the written header fields. Cutting
 * needs the page and no model; reading needs the model and only the cuts. So
 * the two can run on different threads: the web app cuts a sheet on one
 * worker while another loads the model, then shares the cells among all.
 */
import type { ResultCode } from '@zapis/sheet';
import { bareCell, boxInk, cellImageOf, cutOutCell, MIN_CELL_CONTRAST, type BareCell, type CellImage, type CutOutCell } from './cell-image.js';
import { printedGround } from './printed-ground.js';
import type { LocatedSheet, MoveCellPlace } from './located-sheet.js';
import { cutHeader, type HeaderLine } from './read-header.js';

/**
 * The emptiest cells of a sheet are the `EMPTIEST_SHARE` with the least contrast left once the print is gone (most
 * sheets have at least that share of cells unwritten); writing is `ABOVE_EMPTIEST` grey levels darker, and never
 * needs to be more than `MAX_WRITING_CONTRAST` (a full sheet's "emptiest" cells are written).
 */
const EMPTIEST_SHARE = 0.05;
const ABOVE_EMPTIEST = 12;
const MAX_WRITING_CONTRAST = 36;
/** A tick or an `=` fills at least this share of a small box's inside. */
const TICKED_SHARE = 0.06;

export interface CutCell {
  readonly place: MoveCellPlace;
  readonly image: CellImage;
  /**
   * Something is written in it. An empty cell before the last written one is a gap in the game (a move the player
   * left out): it is cut and read like the others, but has no writing to explain.
   */
  readonly written: boolean;
  /** FIDE Art. 8.1.5: an `=` in the draw-offer box after this move. */
  readonly drawOffer: boolean;
}

/** A located sheet once cut: the page image itself is no longer needed (cells keep their own crops). */
export type ReadLocation = Omit<LocatedSheet, 'image'> & { readonly imageWidth: number; readonly imageHeight: number };

export interface CutSheet {
  readonly located: ReadLocation;
  /** The cells up to the last written one, in ply order (an empty cell before it is read too). */
  readonly cells: readonly CutCell[];
  /** Result boxes ticked (more than one is a problem to report). */
  readonly resultsTicked: readonly ResultCode[];
  /** The written header fields. */
  readonly header: readonly HeaderLine[];
}

export function cutSheet(located: LocatedSheet): CutSheet {
  const { image: page, map } = located;
  const places = [...located.cells].sort((a, b) => a.ply - b.ply);
  const images = cellImages(places.map((place) => ({ place, cut: cutOutCell(page, map, place.rect) })));
  let last = -1;
  images.forEach((image, index) => {
    if (image.written) last = index;
  });
  const cells = places.slice(0, last + 1).map((place, index) => ({
    place,
    image: images[index],
    written: images[index].written,
    drawOffer: place.drawOffer !== undefined && boxInk(page, map, place.drawOffer) >= TICKED_SHARE,
  }));
  const resultsTicked = located.resultTicks.filter((tick) => boxInk(page, map, tick.tick) >= TICKED_SHARE).map((tick) => tick.result);
  const header = located.layout ? cutHeader(page, map, located.layout, located.qr) : [];
  const { image, ...location } = located;
  return { located: { ...location, imageWidth: image.width, imageHeight: image.height }, cells, resultsTicked, header };
}

/**
 * Each cell made ready to read against what its column prints (printed-ground.ts): cells are of one column when they
 * share a left edge and a size, as a grid's column does. The cuts become the cells' images (changed, not copied).
 */
export function cellImages(cuts: readonly { place: MoveCellPlace; cut: CutOutCell }[]): CellImage[] {
  const columnOf = ({ place, cut }: { place: MoveCellPlace; cut: CutOutCell }): string =>
    `${Math.round(place.rect.x)}:${cut.flat.width}x${cut.flat.height}`;
  const columns = new Map<string, CutOutCell[]>();
  for (const entry of cuts) {
    const key = columnOf(entry);
    const column = columns.get(key);
    if (column) column.push(entry.cut);
    else columns.set(key, [entry.cut]);
  }
  const prints = new Map([...columns].map(([key, cells]) => [key, printedGround(cells.map((cell) => cell.smoothFlat))]));
  const bare = cuts.map((entry) => {
    const print = prints.get(columnOf(entry));
    return print ? bareCell(entry.cut, print) : undefined;
  });
  const least = leastWritingContrast(bare.flatMap((cell) => (cell ? [cell] : [])));
  // The columns' prints and the bare cells are all found: each cut becomes its cell.
  return cuts.map((entry, index) => {
    const left = bare[index];
    return cellImageOf(entry.cut, left ? left.inked && left.contrast >= least : undefined);
  });
}

/**
 * How dark, beyond the print, the darkest strokes of a written cell are on this sheet: somewhat above what the
 * sheet's emptiest cells keep (print cut a little differently, grain), within bounds. Calibrated per sheet: a
 * blurred low-resolution scan leaves its empty boxes' edges as dark as a phone photo's faint pencil.
 */
function leastWritingContrast(cells: readonly BareCell[]): number {
  if (cells.length === 0) return MIN_CELL_CONTRAST;
  const contrasts = cells.map((cell) => cell.contrast).sort((a, b) => a - b);
  const emptiest = contrasts[Math.floor(EMPTIEST_SHARE * (contrasts.length - 1))];
  return Math.min(MAX_WRITING_CONTRAST, Math.max(MIN_CELL_CONTRAST, emptiest + ABOVE_EMPTIEST));
}
