/** A game's sheets: sheet 1 for moves 1–60, sheet 2 for 61–120, … (with the default 60 moves per sheet). */
import { buildSheetLayout, resolveGeometry, type SheetOptions, type SheetOptionsError } from './layout-builder.js';
import type { SheetLayout } from './layout.js';
import { sheetsNeeded } from './moves.js';
import { ok, type Result } from './result.js';

/** The layouts for a game of `moveCount` moves (0 for a blank game: one sheet). */
export function buildSheetSeries(options: SheetOptions, moveCount: number): Result<SheetLayout[], SheetOptionsError> {
  const geometry = resolveGeometry(options);
  if (!geometry.ok) return geometry;
  const count = sheetsNeeded(moveCount, geometry.value.movesPerSheet);
  const layouts: SheetLayout[] = [];
  for (let sheet = 1; sheet <= count; sheet += 1) {
    const layout = buildSheetLayout({ ...options, sheet, of: count });
    if (!layout.ok) return layout;
    layouts.push(layout.value);
  }
  return ok(layouts);
}
