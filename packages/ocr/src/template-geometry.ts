/**
 * Where a template's ruling lines and cells lie. Two coordinate systems:
 * - the grid's unit box: (0, 0) is the top-left corner of the grid's outer
 *   ruling, (1, 1) its bottom-right (what the grid search fits);
 * - sheet coordinates: PDF points (1/72 inch) from the page's top-left
 *   corner, y down, as in zapis layouts, so cells are cut by `sampleRect` at
 *   the same pixels-per-point as zapis sheets.
 */
import { POINTS_PER_MM, type Rect, type Side } from '@zapis/sheet';
import type { ColumnSpan, MoveCellPlace, ResultTickPlace, RuledBlock } from './located-sheet.js';
import type { SheetTemplate, TemplateGrid } from './template.js';

/** Positions of the ruling lines in the unit box, sorted, each once. */
export interface GridLines {
  /** Vertical lines, as x from 0 (left edge) to 1 (right edge). */
  readonly columns: readonly number[];
  /** Horizontal lines, as y from 0 (top edge) to 1 (bottom edge). */
  readonly rows: readonly number[];
}

export interface UnitCell {
  readonly ply: number;
  readonly moveNumber: number;
  readonly side: Side;
  /** In the unit box. */
  readonly rect: Rect;
}

interface BlockFrame {
  readonly left: number;
  readonly width: number;
  /** Row height in the unit box. */
  readonly rowHeight: number;
  /** Top of the first move row. */
  readonly firstRowTop: number;
}

function blockFrames(grid: TemplateGrid): BlockFrame[] {
  const count = grid.blocks.length;
  const width = (1 - grid.blockGap * (count - 1)) / count;
  const heading = grid.headingRow ? grid.headingHeight : 0;
  const units = Math.max(...grid.blocks.map((block) => block.rows + heading));
  return grid.blocks.map((_, index) => ({
    left: index * (width + grid.blockGap),
    width,
    rowHeight: 1 / units,
    firstRowTop: heading / units,
  }));
}

const distinctSorted = (values: number[]): number[] =>
  [...values].sort((a, b) => a - b).filter((value, index, all) => index === 0 || value - all[index - 1] > 1e-6);

export function gridLines(grid: TemplateGrid): GridLines {
  const frames = blockFrames(grid);
  const columns: number[] = [];
  const rows: number[] = [];
  grid.blocks.forEach((block, index) => {
    const frame = frames[index];
    let x = frame.left;
    columns.push(x);
    for (const column of block.columns) {
      x += column.width * frame.width;
      columns.push(x);
    }
    rows.push(0);
    for (let row = 0; row <= block.rows; row += 1) rows.push(frame.firstRowTop + row * frame.rowHeight);
  });
  return { columns: distinctSorted(columns), rows: distinctSorted(rows) };
}

/** Every half-move cell in move order, in the unit box. */
export function unitCells(grid: TemplateGrid): UnitCell[] {
  const frames = blockFrames(grid);
  const cells: UnitCell[] = [];
  grid.blocks.forEach((block, index) => {
    const frame = frames[index];
    const spans = new Map<string, { x: number; width: number }>();
    let x = frame.left;
    for (const column of block.columns) {
      spans.set(column.kind, { x, width: column.width * frame.width });
      x += column.width * frame.width;
    }
    for (let row = 0; row < block.rows; row += 1) {
      const moveNumber = block.firstMove + row;
      const y = frame.firstRowTop + row * frame.rowHeight;
      for (const side of ['white', 'black'] as const) {
        const span = spans.get(side)!;
        cells.push({
          ply: (moveNumber - 1) * 2 + (side === 'white' ? 1 : 2),
          moveNumber,
          side,
          rect: { x: span.x, y, width: span.width, height: frame.rowHeight },
        });
      }
    }
  });
  return cells.sort((a, b) => a.ply - b.ply);
}

/**
 * The grid's outer rectangle in sheet points: from the template when it gives
 * the size, else from `measuredMm`, placed where the template expects it (or
 * centred on the page).
 */
export function gridRectPoints(template: SheetTemplate, measuredMm?: { width: number; height: number }): Rect {
  const { grid, page } = template;
  const width = grid.width ?? measuredMm?.width ?? page.width * 0.85;
  const height = grid.height ?? measuredMm?.height ?? page.height * 0.6;
  const x = grid.x ?? (page.width - width) / 2;
  const y = grid.y ?? (page.height - height) / 2;
  return { x: x * POINTS_PER_MM, y: y * POINTS_PER_MM, width: width * POINTS_PER_MM, height: height * POINTS_PER_MM };
}

export const unitToSheet = (gridRect: Rect, u: number, v: number): [number, number] =>
  [gridRect.x + u * gridRect.width, gridRect.y + v * gridRect.height];

export function templateCells(template: SheetTemplate, gridRect: Rect): MoveCellPlace[] {
  return unitCells(template.grid).map((cell) => {
    const [x, y] = unitToSheet(gridRect, cell.rect.x, cell.rect.y);
    return {
      ply: cell.ply,
      moveNumber: cell.moveNumber,
      side: cell.side,
      rect: { x, y, width: cell.rect.width * gridRect.width, height: cell.rect.height * gridRect.height },
    };
  });
}

/** The template's blocks placed in sheet coordinates (what registration reads the printed numbers and headings by). */
export function ruledBlocks(template: SheetTemplate, gridRect: Rect): RuledBlock[] {
  const frames = blockFrames(template.grid);
  return template.grid.blocks.map((block, index) => {
    const frame = frames[index];
    const spans = new Map<string, ColumnSpan>();
    let x = frame.left;
    for (const column of block.columns) {
      const width = column.width * frame.width;
      // A kind given twice ("other") keeps its first column; number, white and black are each given once.
      if (!spans.has(column.kind)) spans.set(column.kind, { x: gridRect.x + x * gridRect.width, width: width * gridRect.width });
      x += width;
    }
    const numberColumn = spans.get('number');
    return {
      firstMove: block.firstMove,
      rows: block.rows,
      firstRowTop: gridRect.y + frame.firstRowTop * gridRect.height,
      rowHeight: frame.rowHeight * gridRect.height,
      ...(numberColumn ? { numberColumn } : {}),
      white: spans.get('white')!,
      black: spans.get('black')!,
    };
  });
}

export function templateResultTicks(template: SheetTemplate): ResultTickPlace[] {
  return template.resultBoxes.map(({ result, box }) => ({
    result,
    tick: { x: box.x * POINTS_PER_MM, y: box.y * POINTS_PER_MM, width: box.width * POINTS_PER_MM, height: box.height * POINTS_PER_MM },
  }));
}
