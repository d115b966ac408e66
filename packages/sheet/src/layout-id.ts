/**
 * Layout ids name the geometry, not the language or the header data:
 * `zapis/<style>/<paper>/m<moves per sheet>/b<blocks>[/c<character boxes>][/clock]`.
 * A reader can rebuild every rectangle from the id and version alone.
 */
import { isPaperName, type PaperName } from './paper.js';
import { isSheetStyle, type SheetStyle } from './layout.js';

export interface SheetGeometryOptions {
  readonly style: SheetStyle;
  readonly paper: PaperName;
  readonly movesPerSheet: number;
  readonly blocks: 2 | 3;
  /** Boxed style only: character boxes per half-move. */
  readonly characterBoxes: number;
  readonly clockCells: boolean;
}

export function layoutIdOf(geometry: SheetGeometryOptions): string {
  const parts = ['zapis', geometry.style, geometry.paper, `m${geometry.movesPerSheet}`, `b${geometry.blocks}`];
  if (geometry.style === 'boxed') parts.push(`c${geometry.characterBoxes}`);
  if (geometry.clockCells) parts.push('clock');
  return parts.join('/');
}

/** The geometry options a layout id stands for, or undefined when the id is not one of ours. */
export function parseLayoutId(id: string): SheetGeometryOptions | undefined {
  const match = /^zapis\/(\w+)\/(\w+)\/m(\d+)\/b([23])(?:\/c(\d+))?(\/clock)?$/.exec(id);
  if (!match) return undefined;
  const [, style, paper, moves, blocks, boxes, clock] = match;
  if (!isSheetStyle(style) || !isPaperName(paper)) return undefined;
  if ((style === 'boxed') !== (boxes !== undefined)) return undefined;
  return {
    style,
    paper,
    movesPerSheet: Number(moves),
    blocks: blocks === '3' ? 3 : 2,
    characterBoxes: boxes === undefined ? DEFAULT_CHARACTER_BOXES : Number(boxes),
    clockCells: clock !== undefined,
  };
}

/** Enough for the longest usual move, e.g. "exd8=Q+" or "Sg1:f3+". */
export const DEFAULT_CHARACTER_BOXES = 7;
