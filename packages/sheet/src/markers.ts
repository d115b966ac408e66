/**
 * Corner markers: ArUco markers of js-aruco2's ARUCO_MIP_36h12 dictionary
 * (6×6 data bits inside a one-cell black border, 8×8 cells in all). The bit
 * patterns are written into the layout so a reader knows exactly what to look
 * for; distinct ids per corner tell the page's orientation.
 */
import aruco from 'js-aruco2';
import { rect, type Rect } from './geometry.js';

export const MARKER_DICTIONARY = 'ARUCO_MIP_36h12';

export type Corner = 'top-left' | 'top-right' | 'bottom-right' | 'bottom-left';

export const CORNERS: readonly Corner[] = ['top-left', 'top-right', 'bottom-right', 'bottom-left'];

/** Marker id per corner, clockwise from the top-left. */
export const MARKER_IDS: Readonly<Record<Corner, number>> = {
  'top-left': 0,
  'top-right': 1,
  'bottom-right': 2,
  'bottom-left': 3,
};

export interface MarkerSlot {
  readonly corner: Corner;
  readonly dictionary: string;
  readonly id: number;
  /** The outer black square (border included). Keep at least one cell of white around it. */
  readonly rect: Rect;
  /** Cells along one side of `rect`, border included (8 for ARUCO_MIP_36h12). */
  readonly cells: number;
  /** Data cells row by row from the top, 1 = white, 0 = black; the border cells (all black) are not listed. */
  readonly bits: readonly (readonly number[])[];
}

interface ArucoDictionary {
  readonly codeList: readonly string[];
  readonly markSize: number;
}

let dictionary: ArucoDictionary | undefined;

function arucoDictionary(): ArucoDictionary {
  dictionary ??= new aruco.AR.Dictionary(MARKER_DICTIONARY) as ArucoDictionary;
  return dictionary;
}

/** The data bits of marker `id`, as rows of 0/1 (1 = white cell). */
export function markerBits(id: number): number[][] {
  const { codeList, markSize } = arucoDictionary();
  const code = codeList[id];
  if (code === undefined) throw new RangeError(`no marker ${id} in ${MARKER_DICTIONARY}`);
  const side = markSize - 2;
  return Array.from({ length: side }, (_, row) =>
    Array.from({ length: side }, (_, column) => (code[row * side + column] === '1' ? 1 : 0)));
}

export function markerCells(): number {
  return arucoDictionary().markSize;
}

export function markerSlot(corner: Corner, x: number, y: number, size: number): MarkerSlot {
  const id = MARKER_IDS[corner];
  return { corner, dictionary: MARKER_DICTIONARY, id, rect: rect(x, y, size, size), cells: markerCells(), bits: markerBits(id) };
}
