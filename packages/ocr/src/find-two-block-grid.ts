/**
 * A move grid found with no template: the longest run of evenly spaced long
 * horizontal lines, cut to where the vertical lines crossing it run (ruled
 * header lines above the grid at the rows' spacing are not rows), those
 * vertical lines split into two (or three) equal blocks; each block's columns
 * named by width (a narrow first column holds the move number, the two widest
 * hold White's and Black's moves). Returns the derived template, which
 * `locateByTemplate` then uses like any other.
 *
 * The heading row is decided by the spacing just above the even rows: a first
 * row clearly taller or shorter than the rest is a heading of that height. A
 * heading of the rows' height looks like a move row, so it is assumed when the
 * rows are one more than a multiple of five (31 = heading + 30 moves), the
 * common layouts; else a rule a little above the run, within the grid's
 * vertical lines, is the top of a heading of that height. The ruling alone
 * cannot tell a header row enclosed by the grid's outer lines from a move row:
 * the printed move numbers decide which rows hold moves once the grid is found
 * (register-rows.ts).
 */
import { err, ok, type Result } from '@zapis/core';
import { type Candidate, type Family, findRulingLines, type RulingLines } from './find-grid.js';
import type { GrayImage } from './raster.js';
import { TEMPLATE_FORMAT, TEMPLATE_VERSION, type ColumnKind, type SheetTemplate, type TemplateColumn } from './template.js';

export interface TwoBlockGridFailure {
  readonly reason: string;
}

const MIN_ROWS = 8;
/** A first row this much taller or shorter than the rows after it is a heading, not a move row. */
const HEADING_DIFFERENCE = 0.15;
/** The tallest heading looked for before the even rows, in rows. */
const MAX_HEADING_ROWS = 3;

/** Evenly spaced ruled lines, top to bottom. */
interface Run {
  readonly lines: readonly Candidate[];
  /** Rows from the line before to this one (2 where a missing rule was bridged); 0 for the first line. */
  readonly steps: readonly number[];
  readonly intervals: number;
}

interface Heading {
  /** In move rows. */
  readonly height: number;
  /** Its outer rule when it lies before the even run (a heading of another height); else the run's first row is it. */
  readonly top?: Candidate;
}

export function findTwoBlockGrid(image: GrayImage, ruling: RulingLines = findRulingLines(image)): Result<SheetTemplate, TwoBlockGridFailure> {
  const { work, horizontal, vertical } = ruling;
  const long = horizontal.candidates.filter((c) => c.to - c.from >= work.width * 0.3);
  const even = evenRun(long);
  if (even.intervals < MIN_ROWS) return err({ reason: `no run of ${MIN_ROWS} or more evenly spaced ruled rows` });
  const page = { cx: work.width / 2, cy: work.height / 2, horizontal };
  const spacing = rowSpacing(even, 0, even.lines.length);
  // Header lines ruled at the rows' spacing chain into the run above the grid. The grid is where its vertical lines
  // run (looked for loosely here, as those lines make the run taller than the grid); a rule outside them is no row.
  const run = withinColumns(even, crossingColumns(vertical.candidates, even.lines, page, 0.6), page, spacing * 0.35);
  if (run.intervals < MIN_ROWS) return err({ reason: `no run of ${MIN_ROWS} or more evenly spaced ruled rows between vertical lines` });
  const crossing = crossingColumns(vertical.candidates, run.lines, page, 0.8);
  const { left, right } = extent(run.lines, page);
  const columns = mergeClose(crossing.map((c) => c.offset), (right - left) * 0.01);
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
  // The heading is on top of the sheet: at the image's bottom when it is upside down.
  const heading = headingOf(upsideDown ? reversed(run) : run, long, crossing, page);
  // A heading of the rows' height is the run's first row; a heading of another height lies above the run.
  const moveRows = heading && !heading.top ? run.intervals - 1 : run.intervals;
  const blockColumns: TemplateColumn[] = widths.map((width, index) => ({ kind: kinds[index], width }));
  const headingName = heading ? ` under a heading row${heading.height === 1 ? '' : ` ${heading.height} rows high`}` : '';
  return ok({
    format: TEMPLATE_FORMAT,
    version: TEMPLATE_VERSION,
    name: `found on the scan: ${blocks.count} blocks of ${moveRows} rows${headingName}`,
    page: { width: 210, height: 297 },
    grid: {
      headingRow: heading !== undefined,
      headingHeight: heading?.height ?? 1,
      blockGap: blocks.gap,
      blocks: Array.from({ length: blocks.count }, (_, index) => ({ rows: moveRows, firstMove: index * moveRows + 1, columns: blockColumns })),
    },
    resultBoxes: [],
  });
}

/** The working image's centre and its horizontal lines' tilt, to place a line at any x. */
interface PageFrame {
  readonly cx: number;
  readonly cy: number;
  readonly horizontal: Family;
}

/** Where a horizontal line crosses x (working pixels), as y from the image centre: its tilt and perspective followed. */
function lineY(line: Candidate, x: number, { cx, cy, horizontal }: PageFrame): number {
  const slope = horizontal.tilt + (horizontal.convergence * (line.offset - horizontal.centre)) / horizontal.centre;
  return line.offset - cy + (x - cx) * slope;
}

/** Left and right edges of ruled rows (working pixels): where most of them begin and end. */
function extent(lines: readonly Candidate[], { cx }: PageFrame): { left: number; right: number } {
  return { left: median(lines.map((line) => line.from)) + cx, right: median(lines.map((line) => line.to)) + cx };
}

/** Straight vertical lines between the rows' left and right edges that cross `share` of the rows' height. */
function crossingColumns(candidates: readonly Candidate[], lines: readonly Candidate[], page: PageFrame, share: number): Candidate[] {
  const top = lines[0].offset - page.cy, bottom = lines[lines.length - 1].offset - page.cy;
  const { left, right } = extent(lines, page);
  const margin = (right - left) * 0.03;
  return candidates.filter((c) => c.fill >= 0.93 && Math.min(c.to, bottom) - Math.max(c.from, top) >= share * (bottom - top)
    && c.offset >= left - margin && c.offset <= right + margin);
}

/** Some of the grid's vertical lines run through this rule (`tolerance` past their ends). */
function withinGrid(line: Candidate, columns: readonly Candidate[], page: PageFrame, tolerance: number): boolean {
  return columns.some((column) => {
    const y = lineY(line, column.offset, page);
    return y >= column.from - tolerance && y <= column.to + tolerance;
  });
}

/** The longest stretch of the run whose rules lie within the grid's vertical lines. */
function withinColumns(run: Run, columns: readonly Candidate[], page: PageFrame, tolerance: number): Run {
  let best = { from: 0, to: -1 }, from = -1;
  run.lines.forEach((line, index) => {
    if (!withinGrid(line, columns, page, tolerance)) { from = -1; return; }
    if (from < 0) from = index;
    if (index - from > best.to - best.from) best = { from, to: index };
  });
  const lines = run.lines.slice(best.from, best.to + 1);
  const steps = [0, ...run.steps.slice(best.from + 1, best.to + 1)];
  return { lines, steps, intervals: steps.reduce((sum, step) => sum + step, 0) };
}

/**
 * The heading row, decided by the spacing just before the even rows (above them, or below on an upside-down page):
 * a first row of the run clearly taller or shorter than those after it is a heading of that height. Else, when the
 * rows are one more than a multiple of five (31 = heading + 30 moves, the common layouts), the first row is a heading
 * of the rows' height (a rule above it is then a title bar, not the heading). Else a rule before the run, closer than
 * a few rows and within the grid's vertical lines, at another distance than a row, is the top of a heading of that
 * height.
 */
function headingOf(run: Run, long: readonly Candidate[], columns: readonly Candidate[], page: PageFrame): Heading | undefined {
  const { lines, steps } = run;
  const clearlyOther = (ratio: number) => Math.abs(ratio - 1) >= HEADING_DIFFERENCE;
  const after = rowSpacing(run, 1, Math.min(lines.length, 7));
  const first = Math.abs(lines[1].offset - lines[0].offset);
  if (steps[1] === 1 && clearlyOther(first / after) && run.intervals - 1 >= MIN_ROWS) return { height: round(first / after) };
  if (run.intervals % 5 === 1) return { height: 1 };
  const spacing = rowSpacing(run, 0, Math.min(lines.length, 6));
  // Distance of a rule from the run's first line, away from the run.
  const outward = Math.sign(lines[0].offset - lines[1].offset);
  const before = (line: Candidate) => (line.offset - lines[0].offset) * outward;
  const { left, right } = extent(lines, page);
  const nearest = long
    .filter((c) => before(c) >= spacing * 0.4 && before(c) <= spacing * MAX_HEADING_ROWS)
    .filter((c) => Math.min(c.to + page.cx, right) - Math.max(c.from + page.cx, left) >= 0.5 * (right - left))
    .sort((a, b) => before(a) - before(b))[0];
  if (!nearest || !withinGrid(nearest, columns, page, spacing * 0.35) || !clearlyOther(before(nearest) / spacing)) return undefined;
  return { height: round(before(nearest) / spacing), top: nearest };
}

/** The run read from its last line to its first. */
function reversed(run: Run): Run {
  return { lines: [...run.lines].reverse(), steps: [0, ...run.steps.slice(1).reverse()], intervals: run.intervals };
}

/** Median distance of one row between lines `from` to `to` (exclusive) of the run, bridged rules counted as their rows. */
function rowSpacing(run: Run, from: number, to: number): number {
  const spacings: number[] = [];
  for (let i = from + 1; i < to; i += 1) spacings.push(Math.abs(run.lines[i].offset - run.lines[i - 1].offset) / run.steps[i]);
  return median(spacings);
}

/** A heading's height in rows, to a twentieth (what a measurement off a scan can tell). */
const round = (rows: number): number => Math.round(rows * 20) / 20;

/**
 * The longest chain of lines whose spacing stays within 25% of the running
 * spacing (perspective changes it slowly); one missing line at a time is
 * bridged, since a faint or broken rule must not cut the grid short.
 */
function evenRun(candidates: readonly Candidate[]): Run {
  const sorted = [...candidates].sort((a, b) => a.offset - b.offset);
  let best: Run = { lines: [], steps: [], intervals: 0 };
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
      const lines = [sorted[i], sorted[j]], steps = [0, 1];
      let intervals = 1, k = j + 1;
      while (k < sorted.length) {
        const last = lines[lines.length - 1].offset;
        let step = 1, next = closest(k, last + spacing, spacing * 0.25);
        if (next < 0) { step = 2; next = closest(k, last + 2 * spacing, spacing * 0.3); }
        if (next < 0) break;
        spacing = 0.8 * spacing + 0.2 * ((sorted[next].offset - last) / step);
        lines.push(sorted[next]);
        steps.push(step);
        intervals += step;
        k = next + 1;
      }
      if (intervals > best.intervals) best = { lines, steps, intervals };
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
