/**
 * Layout JSON: the layout object as is (units "pt", origin "top-left", see
 * layout.ts), so a reader in any language can locate every field from the
 * markers alone.
 */
import { LAYOUT_FORMAT, LAYOUT_VERSION, type SheetLayout } from './layout.js';
import { parseLayoutId } from './layout-id.js';
import { checkJsonText, type JsonCheckError } from './json-check.js';
import { SHEET_LAYOUT_SCHEMA } from './layout-schema.js';
import * as v from 'valibot';
import { ok, type Result } from './result.js';

export function serialiseLayout(layout: SheetLayout, indent = 2): string {
  return `${JSON.stringify(layout, null, indent)}\n`;
}

/** Several layouts (e.g. the sheets of a round) as one JSON array. */
export function serialiseLayouts(layouts: readonly SheetLayout[], indent = 2): string {
  return `${JSON.stringify(layouts, null, indent)}\n`;
}

/** Every problem of a layout document, each with its path, line and column. */
export type LayoutParseError = JsonCheckError;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

type Path = readonly (string | number)[];

/** What stops the check before the schema: not a layout at all, or one from a newer writer (whose fields this reader cannot know). */
function layoutGate(data: unknown, at: Path = []): { path: Path; detail: string } | undefined {
  if (!isObject(data)) return { path: at, detail: `expected a ${LAYOUT_FORMAT} object` };
  if (data.format !== LAYOUT_FORMAT) return { path: data.format === undefined ? at : [...at, 'format'], detail: `not a ${LAYOUT_FORMAT} document (format ${JSON.stringify(data.format) ?? 'missing'})` };
  if (typeof data.version === 'number' && data.version > LAYOUT_VERSION) {
    return { path: [...at, 'version'], detail: `layout version ${data.version} is newer than this reader (${LAYOUT_VERSION})` };
  }
  return undefined;
}

/** What the schema cannot say: the id names a geometry, one marker per corner, rows in move order. */
function checkConsistency(layout: SheetLayout, report: (path: Path, detail: string) => void): void {
  if (parseLayoutId(layout.layoutId) === undefined) report(['layoutId'], `unknown layout id ${JSON.stringify(layout.layoutId)} (expected zapis/<style>/<paper>/m<moves>/b<blocks>…)`);
  if (layout.qr.payload.layout !== layout.layoutId) report(['qr', 'payload', 'layout'], `the QR names layout ${JSON.stringify(layout.qr.payload.layout)}, the sheet ${JSON.stringify(layout.layoutId)}`);
  const corners = new Set<string>();
  layout.markers.forEach((marker, index) => {
    if (corners.has(marker.corner)) report(['markers', index, 'corner'], `a second marker in the ${marker.corner} corner`);
    corners.add(marker.corner);
  });
  const { rows, firstMove, lastMove } = layout.moveGrid;
  if (lastMove < firstMove) report(['moveGrid', 'lastMove'], `the last move ${lastMove} comes before the first ${firstMove}`);
  rows.forEach((row, index) => {
    const expected = firstMove + index;
    if (row.moveNumber !== expected) report(['moveGrid', 'rows', index, 'moveNumber'], `expected move ${expected} (rows go in move order from ${firstMove}), got ${row.moveNumber}`);
    if (row.white.side !== 'white' || row.white.ply !== 2 * row.moveNumber - 1) report(['moveGrid', 'rows', index, 'white'], `expected White's half-move, ply ${2 * row.moveNumber - 1}`);
    if (row.black.side !== 'black' || row.black.ply !== 2 * row.moveNumber) report(['moveGrid', 'rows', index, 'black'], `expected Black's half-move, ply ${2 * row.moveNumber}`);
  });
}

/**
 * Reads layout JSON back and checks the whole document (every field the
 * renderer and reader use, its type and range, and no unknown ones) before
 * trusting the rectangles. Every problem comes back with its line, column
 * and path, e.g. `layout.json:12:5: paper: missing field "paper"`.
 */
export function parseLayoutJson(text: string, fileName = 'layout'): Result<SheetLayout, LayoutParseError> {
  return checkJsonText(SHEET_LAYOUT_SCHEMA, text, { fileName, gate: layoutGate, refine: checkConsistency });
}

/**
 * Layout JSON as `print --layout-json` writes it: one layout, or an array of
 * them (the sheets of a round). Checked as parseLayoutJson checks one; paths
 * start with the sheet's index (`[3].paper`).
 */
export function parseLayoutsJson(text: string, fileName = 'layout'): Result<SheetLayout[], LayoutParseError> {
  // An array starts with '[' (after blanks); anything else is one layout, or an error parseLayoutJson places.
  if (!text.trimStart().startsWith('[')) {
    const one = parseLayoutJson(text, fileName);
    return one.ok ? ok([one.value]) : one;
  }
  return checkJsonText(v.array(SHEET_LAYOUT_SCHEMA), text, {
    fileName,
    gate: (data) => {
      if (!Array.isArray(data) || data.length === 0) return { path: [], detail: 'expected one layout or a list of layouts, got an empty list' };
      for (const [index, item] of data.entries()) {
        const stop = layoutGate(item, [index]);
        if (stop) return stop;
      }
      return undefined;
    },
    refine: (layouts, report) => layouts.forEach((layout, index) => checkConsistency(layout, (path, detail) => report([index, ...path], detail))),
  });
}
