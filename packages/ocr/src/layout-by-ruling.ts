/**
 * When a zapis sheet's QR code cannot be read (a blurred photo, a coffee
 * stain), the corner markers still fix the paper, and the printed ruling
 * says the rest: each layout zapis prints puts its row and column lines in
 * different places. The candidate whose lines are dark on the image, clearly
 * better than any other, is taken, and the reader is told the layout was
 * recognised this way. No clear winner: no layout, never a guess.
 *
 * "Clearly better" is judged on the lines where two layouts differ: a sheet
 * with clock cells shares every row line with the one without, so on all
 * lines the two score close, while on the
 * lines only one of them has, the right one is inked and the other is paper.
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
/**
 * How much more of its own lines the best must have inked than a rival has of its own, where the two differ.
 * The printed layout leads by well over this on scans and photos; a wrong one trails.
 */
const MIN_MARGIN = 0.25;
/** Rivals scoring this far below the best on all lines are not worth comparing line by line. */
const RIVAL_WINDOW = 0.3;
/** Points along a line, one every this many points of the sheet. */
const STEP = 6;
/** How far a layout's lines are moved across themselves to see how much ink lies beside them (sheet points). */
const OFF_LINE = 4;
/** A rival's extra lines are printed when they carry at least this much more ink than the paper beside them. */
const PRINTED_LINES = 0.3;

export interface RulingMatch {
  readonly layout: SheetLayout;
  /** Share of the layout's lines found inked. */
  readonly score: number;
  /** The same share for the best layout with other lines. */
  readonly runnerUp: number;
  /** The smallest lead over a rival on the lines where the two differ (1: all of its own inked, none of the rival's). */
  readonly margin: number;
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

/** The four edges of a rectangle, as lines. */
function edges({ x, y, width, height }: Rect): Rect[] {
  return [{ x, y, width, height: 0 }, { x, y: y + height, width, height: 0 }, { x, y, width: 0, height }, { x: x + width, y, width: 0, height }];
}

/**
 * Every line a layout prints around and in its half-move cells: the lines it is told by. A boxed sheet rules its
 * rows as a classic one does and draws, inside each, a frame of character boxes; so its lines are a classic
 * sheet's and more.
 */
function rulingLines(layout: SheetLayout): Rect[] {
  const lines: Rect[] = [];
  for (const row of layout.moveGrid.rows) {
    for (const slot of [row.white, row.black]) {
      const { cell } = slot;
      if (slot.characterBoxes.length === 0) {
        lines.push(...edges(cell));
        continue;
      }
      const inset = (slot.rect.height - cell.height) / 2;
      lines.push(...edges({ x: cell.x - inset, y: cell.y - inset, width: cell.width + 2 * inset, height: cell.height + 2 * inset }), ...edges(cell));
      for (const box of slot.characterBoxes.slice(0, -1)) lines.push({ x: box.x + box.width, y: box.y, width: 0, height: box.height });
    }
  }
  return lines;
}

/** Marks the image pixels within a point of the lines: where a layout's ruling lies on this image. */
function lineMask(image: GrayImage, map: PageMap, lines: readonly Rect[]): Uint8Array {
  const mask = new Uint8Array(image.width * image.height);
  for (const line of lines) {
    const horizontal = line.height === 0;
    const length = horizontal ? line.width : line.height;
    for (let t = 0; t <= length; t += 0.5) {
      for (const offset of [-1, -0.5, 0, 0.5, 1]) {
        const [ix, iy] = horizontal ? map.toImage(line.x + t, line.y + offset) : map.toImage(line.x + offset, line.y + t);
        const px = Math.round(ix), py = Math.round(iy);
        if (px >= 0 && py >= 0 && px < image.width && py < image.height) mask[py * image.width + px] = 1;
      }
    }
  }
  return mask;
}

/** Whether the pixel or one beside it is marked. */
function nearMarked(mask: Uint8Array, width: number, x: number, y: number): boolean {
  const height = mask.length / width;
  for (let dy = -1; dy <= 1; dy += 1) {
    for (let dx = -1; dx <= 1; dx += 1) {
      const px = Math.round(x) + dx, py = Math.round(y) + dy;
      if (px >= 0 && py >= 0 && px < width && py < height && mask[py * width + px] === 1) return true;
    }
  }
  return false;
}

/**
 * Sample points on the lines, and how many of them have ink within a point either side; points that fall on
 * `skip` (another layout's lines) are left out, so two layouts can be compared where they differ. `shift` moves
 * every line that far across itself (sheet points), to see how much ink lies beside the lines rather than on them.
 */
function lineInk(image: GrayImage, map: PageMap, lines: readonly Rect[], paper: number, skip?: Uint8Array, shift = 0): { dark: number; total: number } {
  let dark = 0, total = 0;
  const threshold = paper * 0.8;
  const at = (x: number, y: number): number => {
    const [ix, iy] = map.toImage(x, y);
    const px = Math.round(ix), py = Math.round(iy);
    if (px < 0 || py < 0 || px >= image.width || py >= image.height) return 255;
    return image.data[py * image.width + px];
  };
  for (const unshifted of lines) {
    const horizontal = unshifted.height === 0;
    const line = horizontal ? { ...unshifted, y: unshifted.y + shift } : { ...unshifted, x: unshifted.x + shift };
    const length = horizontal ? line.width : line.height;
    for (let t = STEP / 2; t < length; t += STEP) {
      if (skip) {
        const [ix, iy] = horizontal ? map.toImage(line.x + t, line.y) : map.toImage(line.x, line.y + t);
        if (nearMarked(skip, image.width, ix, iy)) continue;
      }
      total += 1;
      let darkest = 255;
      for (const offset of [-1, -0.5, 0, 0.5, 1]) {
        const value = horizontal ? at(line.x + t, line.y + offset) : at(line.x + offset, line.y + t);
        if (value < darkest) darkest = value;
      }
      if (darkest < threshold) dark += 1;
    }
  }
  return { dark, total };
}

/** Share of sample points on the lines where the image has ink within a point either side. */
function lineScore(image: GrayImage, map: PageMap, lines: readonly Rect[], paper: number): number {
  const { dark, total } = lineInk(image, map, lines, paper);
  return total === 0 ? 0 : dark / total;
}

/**
 * How much more ink lies on `lines` than beside them (the same lines moved OFF_LINE across themselves), counting
 * only points away from `skip`; undefined when no point is left.
 */
function inkOnLines(image: GrayImage, map: PageMap, lines: readonly Rect[], paper: number, skip: Uint8Array): number | undefined {
  const on = lineInk(image, map, lines, paper, skip);
  if (on.total === 0) return undefined;
  const before = lineInk(image, map, lines, paper, skip, -OFF_LINE), after = lineInk(image, map, lines, paper, skip, OFF_LINE);
  return on.dark / on.total - (before.dark + after.dark) / Math.max(1, before.total + after.total);
}

/**
 * How much better the chosen layout explains the image than the rival, where their lines lie apart: how much more
 * of its own lines there are inked than of the rival's. A chosen layout with no line of its own there (every line
 * of a classic sheet is a boxed sheet's too) leads while the rival's extra lines carry little more ink than the
 * paper beside them (writing crosses them too); with PRINTED_LINES more, the rival is the printed layout.
 */
function leadWhereTheyDiffer(image: GrayImage, paper: number, chosen: Scored, chosenMask: Uint8Array, rival: Scored): number {
  const own = lineInk(image, chosen.map, chosen.lines, paper, lineMask(image, rival.map, rival.lines));
  if (own.total > 0) {
    const theirs = lineInk(image, rival.map, rival.lines, paper, chosenMask);
    return own.dark / own.total - (theirs.total === 0 ? 0 : theirs.dark / theirs.total);
  }
  const extra = inkOnLines(image, rival.map, rival.lines, paper, chosenMask) ?? 0;
  return extra < PRINTED_LINES ? 1 - extra : -extra;
}

interface Scored { readonly layout: SheetLayout; readonly map: PageMap; readonly lines: Rect[]; readonly score: number }

/** The layout whose ruling the image shows, given the map the markers fix for each paper. */
export function layoutByRuling(image: GrayImage, mapFor: (paper: PaperName, layout: SheetLayout) => PageMap | undefined): RulingMatch | undefined {
  // Every 7th pixel is plenty for the paper's level of a whole page.
  const paper = percentile(greyHistogram(image, undefined, 7), 0.9);
  const scored: Scored[] = [];
  for (const paperName of PAPER_NAMES) {
    for (const layout of candidates(paperName)) {
      const map = mapFor(paperName, layout);
      if (!map) continue;
      const lines = rulingLines(layout);
      scored.push({ layout, map, lines, score: lineScore(image, map, lines, paper) });
    }
  }
  scored.sort((a, b) => b.score - a.score);
  const best = scored[0];
  if (!best || best.score < MIN_SCORE) return undefined;
  // A layout that prints every line of the best and more (character boxes), with ink on the more, is the printed one.
  const bestMask = lineMask(image, best.map, best.lines);
  let chosen = best;
  for (const rival of scored.filter((entry) => entry !== best && entry.score >= best.score - RIVAL_WINDOW)) {
    if (rival.lines.length > chosen.lines.length && leadWhereTheyDiffer(image, paper, best, bestMask, rival) <= -PRINTED_LINES) chosen = rival;
  }
  const rivals = scored.filter((entry) => entry !== chosen);
  const close = rivals.filter((entry) => entry.score >= chosen.score - RIVAL_WINDOW);
  const chosenMask = close.length > 0 ? lineMask(image, chosen.map, chosen.lines) : new Uint8Array(0);
  let margin = 1;
  for (const rival of close) margin = Math.min(margin, leadWhereTheyDiffer(image, paper, chosen, chosenMask, rival));
  if (margin < MIN_MARGIN) return undefined;
  return { layout: chosen.layout, score: chosen.score, runnerUp: rivals[0]?.score ?? 0, margin };
}
