/**
 * When a zapis sheet's QR code cannot be read (a blurred photo, a coffee
 * stain), the corner markers still fix the paper, and the printed ruling
 * says the rest: each layout zapis prints puts its row and column lines in
 * different places. The candidate whose lines are dark on the image, clearly
 * better than any other, is taken, and the reader is told the layout was
 * recognised this way. No clear winner: no layout, never a guess.
 */
import {
  buildSheetLayout, PAPER_NAMES, SHEET_STYLES, type PaperName, type Rect, type SheetLayout,
} from '@zapis/sheet';
import { greyHistogram, percentile } from './grey-levels.js';
import type { PageMap } from './page-map.js';
import type { GrayImage } from './raster.js';

/** Moves per sheet tried, the default first (others are what arbiters commonly print). */
const MOVE_COUNTS = [60, 40, 50, 75, 80, 90, 100, 120];
/** Share of a line's sample points that must be ink for the best candidate. */
const MIN_SCORE = 0.8;
/** How much better the best must be than the runner-up with different lines. */
const MIN_MARGIN = 0.08;
/** Points along a line, one every this many points of the sheet. */
const STEP = 6;

export interface RulingMatch {
  readonly layout: SheetLayout;
  readonly score: number;
  readonly runnerUp: number;
}

/** Every layout zapis prints on this paper, in the order they are tried. */
function candidates(paper: PaperName): SheetLayout[] {
  const layouts: SheetLayout[] = [];
  for (const style of SHEET_STYLES) {
    for (const blocks of [2, 3] as const) {
      for (const clockCells of [false, true]) {
        for (const movesPerSheet of MOVE_COUNTS) {
          const built = buildSheetLayout({ paper, style, blocks, clockCells, movesPerSheet });
          if (built.ok) layouts.push(built.value);
        }
      }
    }
  }
  return layouts;
}

/** The horizontal and vertical edges of every half-move cell: the lines a layout is told by. */
function rulingLines(layout: SheetLayout): Rect[] {
  const lines: Rect[] = [];
  for (const row of layout.moveGrid.rows) {
    for (const slot of [row.white, row.black]) {
      const { x, y, width, height } = slot.cell;
      lines.push({ x, y, width, height: 0 }, { x, y: y + height, width, height: 0 }, { x, y, width: 0, height }, { x: x + width, y, width: 0, height });
      for (const box of slot.characterBoxes) lines.push({ x: box.x + box.width, y: box.y, width: 0, height: box.height });
    }
  }
  return lines;
}

/** Share of sample points on the lines where the image has ink within a point either side. */
function lineScore(image: GrayImage, map: PageMap, lines: readonly Rect[], paper: number): number {
  let dark = 0, total = 0;
  const threshold = paper * 0.8;
  const at = (x: number, y: number): number => {
    const [ix, iy] = map.toImage(x, y);
    const px = Math.round(ix), py = Math.round(iy);
    if (px < 0 || py < 0 || px >= image.width || py >= image.height) return 255;
    return image.data[py * image.width + px];
  };
  for (const line of lines) {
    const horizontal = line.height === 0;
    const length = horizontal ? line.width : line.height;
    for (let t = STEP / 2; t < length; t += STEP) {
      total += 1;
      let darkest = 255;
      for (const offset of [-1, -0.5, 0, 0.5, 1]) {
        const value = horizontal ? at(line.x + t, line.y + offset) : at(line.x + offset, line.y + t);
        if (value < darkest) darkest = value;
      }
      if (darkest < threshold) dark += 1;
    }
  }
  return total === 0 ? 0 : dark / total;
}

/** The layout whose ruling the image shows, given the map the markers fix for each paper. */
export function layoutByRuling(image: GrayImage, mapFor: (paper: PaperName, layout: SheetLayout) => PageMap | undefined): RulingMatch | undefined {
  // Every 7th pixel is plenty for the paper's level of a whole page.
  const paper = percentile(greyHistogram(image, undefined, 7), 0.9);
  const scored: { layout: SheetLayout; score: number; lines: number }[] = [];
  for (const paperName of PAPER_NAMES) {
    for (const layout of candidates(paperName)) {
      const map = mapFor(paperName, layout);
      if (!map) continue;
      const lines = rulingLines(layout);
      scored.push({ layout, score: lineScore(image, map, lines, paper), lines: lines.length });
    }
  }
  scored.sort((a, b) => b.score - a.score);
  const best = scored[0];
  if (!best || best.score < MIN_SCORE) return undefined;
  // A layout whose lines are a subset of the best's scores as well: among near ties, the one with more lines.
  const ties = scored.filter((entry) => entry.score >= best.score - 0.02).sort((a, b) => b.lines - a.lines);
  const chosen = ties[0];
  const runnerUp = scored.find((entry) => entry !== chosen && entry.score < chosen.score - 0.02 && entry.lines !== chosen.lines)?.score ?? 0;
  const rival = scored.find((entry) => entry !== chosen && !ties.includes(entry));
  if (rival && chosen.score - rival.score < MIN_MARGIN) return undefined;
  return { layout: chosen.layout, score: chosen.score, runnerUp: rival?.score ?? runnerUp };
}
