/**
 * A move grid found with no template: the longest run of evenly spaced long
 * horizontal lines, the vertical lines that cross all of it, split into two
 * (or three) equal blocks; each block's columns named by width (a narrow
 * first column holds the move number, the two widest hold White's and Black's
 * moves). Returns the derived template, which `locateByTemplate` then uses
 * like any other.
 *
 * Heuristic, and says so: a heading row is assumed when the number of rows is
 * one more than a multiple of five (31 = heading + 30 moves), the common
 * federation layouts. The ruling alone cannot tell a header row above the grid
 * from a move row: the printed move numbers decide which rows hold moves once
 * the grid is found (register-rows.ts).
 */
import { err, ok, type Result } from '@zapis/core';
import { type Candidate, findRulingLines, type RulingLines } from './find-grid.js';
import type { GrayImage } from './raster.js';
import { TEMPLATE_FORMAT, TEMPLATE_VERSION, type ColumnKind, type SheetTemplate, type TemplateColumn } from './template.js';

export interface TwoBlockGridFailure {
  readonly reason: string;
}

const MIN_ROWS = 8;

export function findTwoBlockGrid(image: GrayImage, ruling: RulingLines = findRulingLines(image)): Result<SheetTemplate, TwoBlockGridFailure> {
  const { work, horizontal, vertical } = ruling;
  const run = evenRun(horizontal.candidates.filter((c) => c.to - c.from >= work.width * 0.3));
  const rows = run.lines;
  if (run.intervals < MIN_ROWS) return err({ reason: `no run of ${MIN_ROWS} or more evenly spaced ruled rows` });
  const cy = work.height / 2, cx = work.width / 2;
  const top = rows[0].offset - cy, bottom = rows[rows.length - 1].offset - cy;
  // The grid's left and right edges: where most of its rows begin and end.
  const left = median(rows.map((row) => row.from)) + cx, right = median(rows.map((row) => row.to)) + cx;
  const margin = (right - left) * 0.03;
  const columns = mergeClose(vertical.candidates
    .filter((c) => c.fill >= 0.93 && Math.min(c.to, bottom) - Math.max(c.from, top) >= 0.8 * (bottom - top))
    .map((c) => c.offset)
    .filter((x) => x >= left - margin && x <= right + margin), (right - left) * 0.01);
  if (columns.length < 5) return err({ reason: `found ${columns.length} vertical lines across the rows; two blocks need at least 5` });
  const gridLeft = columns[0], gridWidth = columns[columns.length - 1] - gridLeft;
  const fractions = columns.map((x) => (x - gridLeft) / gridWidth);
  const blocks = splitBlocks(fractions);
  if (!blocks) return err({ reason: `the ${columns.length} vertical lines do not split into two or three equal blocks` });
  // Move numbers stand left of the moves: narrow columns on the right mean the page is upside down,
  // and the template describes the sheet, not the image (locateByTemplate finds the turn).
  const widths = blocks.columnWidths;
  const widest = Math.max(...widths);
  const upsideDown = widths[0] > widest * 0.6 && widths[widths.length - 1] < widest * 0.6;
  if (upsideDown) widths.reverse();
  const kinds = columnKinds(widths);
  if (!kinds) return err({ reason: 'a block has fewer than two columns wide enough for moves' });
  const intervals = run.intervals;
  const headingRow = intervals % 5 === 1;
  const moveRows = headingRow ? intervals - 1 : intervals;
  const blockColumns: TemplateColumn[] = widths.map((width, index) => ({ kind: kinds[index], width }));
  return ok({
    format: TEMPLATE_FORMAT,
    version: TEMPLATE_VERSION,
    name: `found on the scan: ${blocks.count} blocks of ${moveRows} rows${headingRow ? ' under a heading row' : ''}`,
    page: { width: 210, height: 297 },
    grid: {
      headingRow,
      headingHeight: 1,
      blockGap: blocks.gap,
      blocks: Array.from({ length: blocks.count }, (_, index) => ({ rows: moveRows, firstMove: index * moveRows + 1, columns: blockColumns })),
    },
    resultBoxes: [],
  });
}

/**
 * The longest chain of lines whose spacing stays within 25% of the running
 * spacing (perspective changes it slowly); one missing line at a time is
 * bridged, since a faint or broken rule must not cut the grid short.
 */
function evenRun(candidates: readonly Candidate[]): { lines: Candidate[]; intervals: number } {
  const sorted = [...candidates].sort((a, b) => a.offset - b.offset);
  let best: { lines: Candidate[]; intervals: number } = { lines: [], intervals: 0 };
  const closest = (from: number, expected: number, tolerance: number): number => {
    let found = -1;
    for (let m = from; m < sorted.length && sorted[m].offset <= expected + tolerance; m += 1) {
      if (Math.abs(sorted[m].offset - expected) <= tolerance && (found < 0 || Math.abs(sorted[m].offset - expected) < Math.abs(sorted[found].offset - expected))) found = m;
    }
    return found;
  };
  for (let i = 0; i < sorted.length; i += 1) {
    for (let j = i + 1; j < sorted.length && j <= i + 3; j += 1) {
      let spacing = sorted[j].offset - sorted[i].offset;
      if (spacing < 6) continue;
      const lines = [sorted[i], sorted[j]];
      let intervals = 1, k = j + 1;
      while (k < sorted.length) {
        const last = lines[lines.length - 1].offset;
        let step = 1, next = closest(k, last + spacing, spacing * 0.25);
        if (next < 0) { step = 2; next = closest(k, last + 2 * spacing, spacing * 0.3); }
        if (next < 0) break;
        spacing = 0.8 * spacing + 0.2 * ((sorted[next].offset - last) / step);
        lines.push(sorted[next]);
        intervals += step;
        k = next + 1;
      }
      if (intervals > best.intervals) best = { lines, intervals };
    }
  }
  return best;
}

/** Blocks a move grid is split into, tried in this order: two (most sheets), then three. */
const BLOCK_COUNTS = [2, 3];

/**
 * Equal blocks side by side: either sharing their border lines (count·k + 1 lines) or each with its own borders and
 * a gap between them (count·(k + 1) lines). The column widths of every block must agree.
 */
function splitBlocks(fractions: readonly number[]): { count: number; columnWidths: number[]; gap: number } | undefined {
  for (const count of BLOCK_COUNTS) {
    const split = splitInto(fractions, count);
    if (split) return { count, ...split };
  }
  return undefined;
}

function splitInto(fractions: readonly number[], count: number): { columnWidths: number[]; gap: number } | undefined {
  const n = fractions.length;
  const widthsOf = (lines: readonly number[]) => {
    const total = lines[lines.length - 1] - lines[0];
    return lines.slice(1).map((x, i) => (x - lines[i]) / total);
  };
  let blocks: (readonly number[])[], gap = 0;
  if ((n - 1) % count === 0) {
    const step = (n - 1) / count;
    blocks = Array.from({ length: count }, (_, index) => fractions.slice(index * step, (index + 1) * step + 1));
  } else if (n % count === 0) {
    const size = n / count;
    blocks = Array.from({ length: count }, (_, index) => fractions.slice(index * size, (index + 1) * size));
    const gaps = blocks.slice(1).map((block, index) => block[0] - blocks[index][blocks[index].length - 1]);
    gap = gaps.reduce((sum, value) => sum + value, 0) / gaps.length;
    // A "gap" as wide as a column is a column: these are not blocks with gaps.
    if (gaps.some((value) => value > 0.1 || Math.abs(value - gap) > 0.02)) return undefined;
  } else {
    return undefined;
  }
  const widths = blocks.map(widthsOf);
  if (widths[0].length < 2 || widths.some((other) => other.some((width, i) => Math.abs(width - widths[0][i]) > 0.04))) return undefined;
  const spans = blocks.map((block) => block[block.length - 1] - block[0]);
  if (spans.some((span) => Math.abs(span - spans[0]) >= 0.05 * (2 / count))) return undefined;
  return { columnWidths: widths[0].map((_, i) => widths.reduce((sum, block) => sum + block[i], 0) / count), gap };
}

/** The two widest columns hold the moves (White left); a narrower first column the move number; the rest are other. */
function columnKinds(widths: readonly number[]): ColumnKind[] | undefined {
  const byWidth = widths.map((width, index) => ({ width, index })).sort((a, b) => b.width - a.width);
  if (byWidth.length < 2 || byWidth[1].width < 0.15) return undefined;
  const [white, black] = [byWidth[0].index, byWidth[1].index].sort((a, b) => a - b);
  return widths.map((width, index) => {
    if (index === white) return 'white';
    if (index === black) return 'black';
    if (index === 0 && width < widths[white] * 0.6) return 'number';
    return 'other';
  });
}

/** Sorted, with positions closer than `distance` (one thick line seen twice) averaged. */
function mergeClose(values: readonly number[], distance: number): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const out: number[] = [];
  let group: number[] = [];
  for (const value of sorted) {
    if (group.length > 0 && value - group[group.length - 1] > distance) {
      out.push(group.reduce((sum, v) => sum + v, 0) / group.length);
      group = [];
    }
    group.push(value);
  }
  if (group.length > 0) out.push(group.reduce((sum, v) => sum + v, 0) / group.length);
  return out;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? 0;
}
