/**
 * The parts of a printed sheet's layout (`zapis print --layout-json`: PDF points from the top-left) that the
 * generator writes into: each ply's cell and character boxes, and the result ticks.
 */
import type { Rect } from './handwriting.js';

interface LayoutMoveCell {
  readonly ply: number;
  readonly cell: Rect;
  readonly characterBoxes?: readonly Rect[];
}

export interface SheetLayout {
  readonly format: 'zapis-sheet-layout';
  readonly layoutId: string;
  readonly paper: { readonly name: string; readonly width: number; readonly height: number };
  readonly language: string;
  readonly style: 'classic' | 'boxed';
  readonly moveGrid: {
    readonly rows: readonly { readonly moveNumber: number; readonly white?: LayoutMoveCell; readonly black?: LayoutMoveCell }[];
  };
  readonly footer?: { readonly results?: readonly { readonly result: string; readonly tick: Rect }[] };
}

export interface PlyCell {
  readonly cell: Rect;
  /** Empty on classic sheets. */
  readonly boxes: readonly Rect[];
}

/** Every ply's cell, in points, by ply (1-based). */
export function plyCells(layout: SheetLayout): Map<number, PlyCell> {
  const cells = new Map<number, PlyCell>();
  for (const row of layout.moveGrid.rows) {
    for (const side of [row.white, row.black]) if (side) cells.set(side.ply, { cell: side.cell, boxes: side.characterBoxes ?? [] });
  }
  return cells;
}

export function isSheetLayout(value: unknown): value is SheetLayout {
  return typeof value === 'object' && value !== null && (value as { format?: unknown }).format === 'zapis-sheet-layout';
}
