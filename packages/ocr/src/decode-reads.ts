/**
 * Hands read sheets to @zapis/decode: each player's sheets (one game may take
 * several) become one decode sheet whose cells carry the reader's best texts
 * and its scorer, so the decoder ranks legal moves by what the image shows.
 */
import type { Cell, Sheet } from '@zapis/decode';
import type { ReadCell, SheetRead } from './read-sheet.js';

export interface PlayerSheets {
  /** Whose sheets, for messages: 'white', 'black' or a file name. */
  readonly name: string;
  /** The player's sheets in order (sheet 1, 2, …). */
  readonly sheets: readonly SheetRead[];
}

/** The cells of a player's sheets in ply order, as decode cells, and where each came from. */
export function decodeSheetOf(player: PlayerSheets): { sheet: Sheet; cells: readonly ReadCell[] } {
  const cells = player.sheets.flatMap((sheet) => sheet.cells);
  const decodeCells: Cell[] = cells.map((cell) => ({
    readings: cell.reading.alternatives.map((alternative) => ({ text: alternative.text, confidence: alternative.confidence })),
    source: { line: cell.place.moveNumber, column: cell.place.side === 'white' ? 1 : 2, moveNumber: cell.place.moveNumber, ply: cell.place.ply },
    ...(cell.reading.score ? { score: cell.reading.score } : {}),
  }));
  return { sheet: { cells: decodeCells, name: player.name }, cells };
}
