/**
 * Layout JSON: the layout object as is (units "pt", origin "top-left", see
 * layout.ts), so a reader in any language can locate every field from the
 * markers alone.
 */
import { LAYOUT_FORMAT, LAYOUT_VERSION, type SheetLayout } from './layout.js';
import { parseLayoutId } from './layout-id.js';
import { err, ok, type Result } from './result.js';

export function serialiseLayout(layout: SheetLayout, indent = 2): string {
  return `${JSON.stringify(layout, null, indent)}\n`;
}

/** Several layouts (e.g. the sheets of a round) as one JSON array. */
export function serialiseLayouts(layouts: readonly SheetLayout[], indent = 2): string {
  return `${JSON.stringify(layouts, null, indent)}\n`;
}

export interface LayoutParseError {
  readonly message: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Reads layout JSON back, checking what a reader relies on before trusting the rectangles. */
export function parseLayoutJson(text: string): Result<SheetLayout, LayoutParseError> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return err({ message: `not JSON: ${error instanceof Error ? error.message : String(error)}` });
  }
  if (!isObject(data) || data.format !== LAYOUT_FORMAT) return err({ message: `not a ${LAYOUT_FORMAT} document` });
  if (typeof data.version !== 'number' || data.version > LAYOUT_VERSION) {
    return err({ message: `layout version ${String(data.version)} is newer than this reader (${LAYOUT_VERSION})` });
  }
  if (data.units !== 'pt' || data.origin !== 'top-left') return err({ message: 'layout must be in points from the top-left' });
  if (typeof data.layoutId !== 'string' || parseLayoutId(data.layoutId) === undefined) return err({ message: `unknown layout id ${String(data.layoutId)}` });
  const grid = data.moveGrid;
  if (!isObject(grid) || !Array.isArray(grid.rows)) return err({ message: 'layout has no move grid' });
  if (!Array.isArray(data.markers) || data.markers.length !== 4) return err({ message: 'layout must have four corner markers' });
  return ok(data as unknown as SheetLayout);
}
