/**
 * Where each read cell is on the scan, in image pixels, so a person can be shown exactly where to look: the cells
 * of a game's pages by player and ply.
 */
import type { PageMap, ReadCell } from '@zapis/ocr';
import type { Rect } from '@zapis/sheet';
import type { GameGroup } from './group-games.js';

export interface CellOnScan {
  readonly file: string;
  /** 1-based page of the file. */
  readonly page: number;
  /** The cell's bounding box in the page image, pixels. */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /**
   * How far the sheet's writing is turned in the image, clockwise, in quarter turns of 90°: 180 for a sheet
   * photographed upside down (absent when upright). Turn the box back by it to show the cell as written.
   */
  readonly turn?: 90 | 180 | 270;
}

export interface ReadCellOnScan {
  readonly cell: ReadCell;
  readonly where: CellOnScan;
}

/** Each player's cells by ply. */
export type CellsByPly = readonly ReadonlyMap<number, ReadCellOnScan>[];

/** The axis-aligned box, in pixels, around a sheet rectangle mapped onto the image. */
export function rectOnImage(map: PageMap, rect: Rect): { x: number; y: number; width: number; height: number } {
  const corners = [[rect.x, rect.y], [rect.x + rect.width, rect.y], [rect.x + rect.width, rect.y + rect.height], [rect.x, rect.y + rect.height]]
    .map(([x, y]) => map.toImage(x, y));
  const xs = corners.map((corner) => corner[0]);
  const ys = corners.map((corner) => corner[1]);
  const x = Math.floor(Math.min(...xs)), y = Math.floor(Math.min(...ys));
  return { x, y, width: Math.ceil(Math.max(...xs)) - x, height: Math.ceil(Math.max(...ys)) - y };
}

/** How far a sheet rectangle's writing is rotated on the image (clockwise quarter turns; 0 upright). */
export function rotationOnImage(map: PageMap, rect: Rect): 0 | 90 | 180 | 270 {
  const [x0, y0] = map.toImage(rect.x, rect.y);
  const [x1, y1] = map.toImage(rect.x + rect.width, rect.y);
  // The direction the writing runs in (the sheet's x axis), in image pixels; y grows downwards in both.
  const quarter = ((Math.round(Math.atan2(y1 - y0, x1 - x0) / (Math.PI / 2)) % 4) + 4) % 4;
  return ([0, 90, 180, 270] as const)[quarter];
}

/** Each player's cells by ply, with where each is on its page. */
export function cellsByPly(group: GameGroup): Map<number, ReadCellOnScan>[] {
  return group.players.map((player) => {
    const cells = new Map<number, ReadCellOnScan>();
    for (const page of player.pages) {
      for (const cell of page.read.cells) {
        const turn = rotationOnImage(page.read.located.map, cell.place.rect);
        cells.set(cell.place.ply, {
          cell, where: { file: page.file, page: page.page, ...rectOnImage(page.read.located.map, cell.place.rect), ...(turn !== 0 ? { turn } : {}) },
        });
      }
    }
    return cells;
  });
}

/** The same cells with the ensemble's first reader's reading alone where a cell was read by an ensemble. */
export function aloneReadings(byPly: CellsByPly): Map<number, ReadCellOnScan>[] {
  return byPly.map((cells) => new Map([...cells].map(([ply, { cell, where }]) => [ply, { cell: cell.reading.alone ? { ...cell, reading: cell.reading.alone() } : cell, where }])));
}

/** What each player's cell of a move read (its best text, '' for an empty cell; null where the player has no cell). */
export const cellTexts = (cells: readonly (ReadCellOnScan | undefined)[]): (string | null)[] =>
  cells.map((cell) => (cell ? cellText(cell) : null));

/** What a cell read: its best text, or '' for an empty cell (a gap in the game: whatever the reader made of it is not writing). */
export const cellText = (cell: ReadCellOnScan): string => (cell.cell.written ? cell.cell.reading.alternatives[0]?.text ?? '' : '');

/** Where each player's cell of a move is on the scan (null where the player has no cell). */
export const cellPlaces = (cells: readonly (ReadCellOnScan | undefined)[]): (CellOnScan | null)[] => cells.map((cell) => cell?.where ?? null);

/** Whether any cell of the group was read by an ensemble, so that it can be cross-checked. */
export const readByEnsemble = (group: GameGroup): boolean =>
  group.players.some((player) => player.pages.some((page) => page.read.cells.some((cell) => cell.reading.alone)));
