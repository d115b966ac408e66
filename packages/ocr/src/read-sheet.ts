/**
 * Reads a located sheet: cuts it (cut-sheet.ts), then reads the written
 * cells and header fields with the reader.
 */
import type { ResultCode } from '@zapis/sheet';
import type { CellReader, CellReading, TextAlternative } from './cell-reader.js';
import { cutSheet, type CutCell, type CutSheet, type ReadLocation } from './cut-sheet.js';
import type { LocatedSheet } from './located-sheet.js';
import { headerReads, type HeaderLine, type HeaderRead } from './read-header.js';

export type { ReadLocation } from './cut-sheet.js';

export interface ReadCell extends Omit<CutCell, 'image'> {
  /**
   * The cell's crops, as cut for the reader. Left out of a page kept only for its readings (`withoutCellImages`):
   * most of a page's memory, which the desk keeps for every sheet of a round and shows from the scan instead.
   */
  readonly image?: CutCell['image'];
  /** What the reader made of it; an empty cell before the last written one has a reading too. */
  readonly reading: CellReading;
}

/** A sheet read: the cells (with their readings) up to the last written one, the ticks, the header as read. */
export type SheetRead = ReadFromCut<ReadLocation, ReadCell>;

export async function readLocatedSheet(located: LocatedSheet, reader: CellReader): Promise<SheetRead> {
  return readCutSheet(cutSheet(located), reader);
}

export async function readCutSheet(cut: CutSheet, reader: CellReader): Promise<SheetRead> {
  const readings = await reader.readCells(cut.cells.map((cell) => cell.image.line));
  const texts = reader.readTexts && cut.header.length > 0 ? await reader.readTexts(cut.header.map((field) => field.line)) : [];
  return readFromCut(cut, (cell, index) => ({ ...cell, reading: readings[index] }), texts);
}

/** The parts of a cut sheet once read, whatever form its location and cells take (plain ones cross threads). */
export interface ReadFromCut<Location, Cell> {
  readonly located: Location;
  /** The cells up to the last written one, in ply order. */
  readonly cells: readonly Cell[];
  /** The ticked result box, when exactly one is ticked. */
  readonly result?: ResultCode;
  /** Result boxes ticked (more than one is a problem to report). */
  readonly resultsTicked: readonly ResultCode[];
  /** Header fields written on the sheet, as read. */
  readonly header: readonly HeaderRead[];
}

/** A sheet read from its cut and what the reader made of each cell (`withReading`) and header line (`headerTexts`). */
export function readFromCut<Location, Cell>(
  cut: { readonly located: Location; readonly cells: readonly CutCell[]; readonly resultsTicked: readonly ResultCode[]; readonly header: readonly HeaderLine[] },
  withReading: (cell: CutCell, index: number) => Cell,
  headerTexts: readonly (readonly TextAlternative[])[],
): ReadFromCut<Location, Cell> {
  const { resultsTicked } = cut;
  return {
    located: cut.located,
    cells: cut.cells.map(withReading),
    resultsTicked,
    header: headerReads(cut.header, headerTexts),
    ...(resultsTicked.length === 1 ? { result: resultsTicked[0] } : {}),
  };
}
