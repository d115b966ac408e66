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
 *
 * A line is inked where it is darker than the paper just beside it, so shade
 * across a photo does not count as ruling. A boxed sheet rules its rows as a
 * classic one does; its style is told by the separators between its character
 * boxes alone, and its grid (paper, rows, blocks, clock cells) by its row
 * ruling, as a classic sheet's is.
 */
import {
  buildSheetLayout, PAPER_NAMES, SHEET_STYLES, type PaperName, type Rect, type SheetLayout,
} from '@zapis/sheet';
import type { PageMap } from './page-map.js';
import type { GrayImage } from './raster.js';

/** Moves per sheet tried, the default first (others are what arbiters commonly print). */
const MOVE_COUNTS = [60, 40, 50, 30, 75, 80, 90, 100, 120, 20, 70];
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
/** How far across a line the paper it is compared with lies (sheet points). */
const BESIDE = 3;
/** A ruling line is inked where it is at most this share of the paper beside it. */
const RULING_DIP = 0.9;
/** A character-box separator, printed fainter than the ruling, is inked where it is at most this share of the paper beside it. */
const SEPARATOR_DIP = 0.95;
/** Where across a ruling line its ink is looked for (sheet points): the map is off by up to a point. */
const RULING_WINDOW = [-1, -0.5, 0, 0.5, 1];
/** The same for separators, narrower: writing crosses them at every box. */
const SEPARATOR_WINDOW = [-0.5, 0, 0.5];

/** How a line's ink is told from the paper beside it. */
interface InkTest {
  readonly dip: number;
  readonly window: readonly number[];
}
const RULING_INK: InkTest = { dip: RULING_DIP, window: RULING_WINDOW };
const SEPARATOR_INK: InkTest = { dip: SEPARATOR_DIP, window: SEPARATOR_WINDOW };

/** Why the ruling names a layout: how much of its lines and of its best rival's were found, and the ink between them. */
export interface RulingEvidence {
  /** Share of the layout's lines found inked. */
  readonly score: number;
  /** The same share for the best layout with other lines. */
  readonly runnerUp: number;
  /** That layout, when there was one. */
  readonly runnerUpLayoutId: string | undefined;
  /** The smallest lead over a rival on the lines where the two differ (1: all of its own inked, none of the rival's). */
  readonly margin: number;
}

export interface RulingMatch extends RulingEvidence {
  readonly layout: SheetLayout;
}

/** A layout tried, and its grid: paper, blocks, clock cells and moves, which a boxed layout shares with a classic one. */
interface Candidate {
  readonly layout: SheetLayout;
  readonly grid: string;
}

/** Every layout zapis prints on this paper, in the order they are tried. */
function candidates(paper: PaperName): Candidate[] {
  const layouts: Candidate[] = [];
  for (const style of SHEET_STYLES) {
    for (const blocks of [2, 3] as const) {
      for (const clockCells of [false, true]) {
        for (const movesPerSheet of MOVE_COUNTS) {
          const built = buildSheetLayout({ paper, style, blocks, clockCells, movesPerSheet });
          if (built.ok) layouts.push({ layout: built.value, grid: `${paper}/${blocks}/${clockCells}/${movesPerSheet}` });
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

/** The lines between a layout's character boxes (none on a classic sheet), and half a box's width. */
function separators(layout: SheetLayout): { readonly lines: Rect[]; readonly halfBox: number } {
  const lines: Rect[] = [];
  let halfBox = 0;
  for (const row of layout.moveGrid.rows) {
    for (const slot of [row.white, row.black]) {
      for (const box of slot.characterBoxes.slice(0, -1)) {
        lines.push({ x: box.x + box.width, y: box.y, width: 0, height: box.height });
        halfBox = box.width / 2;
      }
    }
  }
  return { lines, halfBox };
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
      lines.push(...edges(slot.drawOffer));
      if (slot.characterBoxes.length === 0) {
        lines.push(...edges(cell));
        continue;
      }
      const inset = (slot.rect.height - cell.height) / 2;
      lines.push(...edges({ x: cell.x - inset, y: cell.y - inset, width: cell.width + 2 * inset, height: cell.height + 2 * inset }), ...edges(cell));
    }
  }
  return [...lines, ...separators(layout).lines];
}

/** Marks the image pixels within a point of the lines: where a layout's ruling lies on this image. */
function lineMask(image: GrayImage, map: PageMap, lines: readonly Rect[]): Uint8Array {
  const { width, height } = image;
  const mask = new Uint8Array(width * height);
  for (const line of lines) {
    const step = lineSteps(map, line, 0);
    const length = line.height === 0 ? line.width : line.height;
    for (let t = 0; t <= length; t += 0.5) {
      for (const offset of [-1, -0.5, 0, 0.5, 1]) {
        const px = Math.round(step.originX + step.alongX * t + step.acrossX * offset);
        const py = Math.round(step.originY + step.alongY * t + step.acrossY * offset);
        if (px >= 0 && py >= 0 && px < width && py < height) mask[py * width + px] = 1;
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
 * Sample points on the lines, and how many of them are inked: darker, within the test's window across the line,
 * than the paper BESIDE it on either side (each point averaged with its neighbours along the line, against noise).
 * Points that fall on `skip` (another layout's lines) are left out, so two layouts can be compared where they
 * differ. `shift` moves every line that far across itself (sheet points), to see how much ink lies beside the
 * lines rather than on them.
 */
function lineInk(image: GrayImage, map: PageMap, lines: readonly Rect[], test: InkTest, skip?: Uint8Array, shift = 0): { dark: number; total: number } {
  let dark = 0, total = 0;
  const { width, height, data } = image;
  const { window, dip } = test;
  for (const line of lines) {
    const length = line.height === 0 ? line.width : line.height;
    const step = lineSteps(map, line, shift);
    for (let t = STEP / 2; t < length; t += STEP) {
      if (skip && nearMarked(skip, width, step.originX + step.alongX * t, step.originY + step.alongY * t)) continue;
      total += 1;
      let darkest = 255;
      for (const offset of window) {
        const value = (pixelAt(data, width, height, step, t - 1, offset) + pixelAt(data, width, height, step, t, offset) + pixelAt(data, width, height, step, t + 1, offset)) / 3;
        if (value < darkest) darkest = value;
      }
      const beside = Math.max(pixelAt(data, width, height, step, t, -BESIDE), pixelAt(data, width, height, step, t, BESIDE));
      if (darkest < beside * dip) dark += 1;
    }
  }
  return { dark, total };
}

/** Where a line lies on the image: its start, and one sheet point along it and across it, in image pixels. */
interface LineSteps { readonly alongX: number; readonly alongY: number; readonly acrossX: number; readonly acrossY: number; readonly originX: number; readonly originY: number }

/**
 * The line (moved `shift` points across itself) on the image. A cell's line is short: the map is as good as
 * linear along it, so one step along and one across, taken at its middle, place every point of it.
 */
function lineSteps(map: PageMap, line: Rect, shift: number): LineSteps {
  const horizontal = line.height === 0;
  const length = horizontal ? line.width : line.height;
  const midX = horizontal ? line.x + length / 2 : line.x + shift, midY = horizontal ? line.y + shift : line.y + length / 2;
  const [mx, my] = map.toImage(midX, midY);
  const [ax, ay] = horizontal ? map.toImage(midX + 1, midY) : map.toImage(midX, midY + 1);
  const [cx, cy] = horizontal ? map.toImage(midX, midY + 1) : map.toImage(midX + 1, midY);
  const alongX = ax - mx, alongY = ay - my;
  return { alongX, alongY, acrossX: cx - mx, acrossY: cy - my, originX: mx - alongX * (length / 2), originY: my - alongY * (length / 2) };
}

/** The image's grey at `along` points on the line and `across` points beside it (white off the image). */
function pixelAt(data: Uint8Array, width: number, height: number, step: LineSteps, along: number, across: number): number {
  const px = Math.round(step.originX + step.alongX * along + step.acrossX * across);
  const py = Math.round(step.originY + step.alongY * along + step.acrossY * across);
  return px < 0 || py < 0 || px >= width || py >= height ? 255 : data[py * width + px];
}

/**
 * Share of sample points on the lines where the line is inked. Layouts share many lines (a boxed sheet's rows are
 * a classic one's, a grid with clock cells has the rows of the one without): each line is looked at once a page,
 * its ink kept in `seen` by where it lies on the sheet.
 */
function lineScore(image: GrayImage, map: PageMap, lines: readonly Rect[], seen: Map<string, { dark: number; total: number }>): number {
  let dark = 0, total = 0;
  for (const line of lines) {
    const key = `${line.x},${line.y},${line.width},${line.height}`;
    let ink = seen.get(key);
    if (!ink) seen.set(key, ink = lineInk(image, map, [line], RULING_INK));
    dark += ink.dark;
    total += ink.total;
  }
  return total === 0 ? 0 : dark / total;
}

/**
 * How much more of the lines is inked than of the same lines moved `aside` across themselves, either way, counting
 * only points away from `skip`; undefined when no point is left.
 */
function inkOnLines(image: GrayImage, map: PageMap, lines: readonly Rect[], test: InkTest, aside: number, skip: Uint8Array): number | undefined {
  const on = lineInk(image, map, lines, test, skip);
  if (on.total === 0) return undefined;
  const before = lineInk(image, map, lines, test, skip, -aside), after = lineInk(image, map, lines, test, skip, aside);
  return on.dark / on.total - (before.dark + after.dark) / Math.max(1, before.total + after.total);
}

/**
 * How much more ink a boxed layout's character-box separators carry than the middles of its boxes (writing fills
 * both alike); 0 for a layout with no boxes.
 */
function separatorInk(image: GrayImage, boxed: Scored, skip: Uint8Array): number {
  const { lines, halfBox } = separators(boxed.layout);
  return lines.length === 0 ? 0 : inkOnLines(image, boxed.map, lines, SEPARATOR_INK, halfBox, skip) ?? 0;
}

/**
 * How much better the chosen layout explains the image than the rival, where their lines lie apart: how much more
 * of its own lines there are inked than of the rival's. A chosen layout with no line of its own there (every line
 * of a classic sheet is a boxed sheet's too, every row of a short grid a longer one's) leads while the rival's
 * extra lines carry little more ink than the paper beside them (writing crosses them too); with PRINTED_LINES more,
 * the rival is the printed layout. Between the two styles, only the box separators tell.
 */
function leadWhereTheyDiffer(image: GrayImage, chosen: Scored, rival: Scored, maskOf: (entry: Scored) => Uint8Array): number {
  const chosenMask = maskOf(chosen);
  const own = lineInk(image, chosen.map, chosen.lines, RULING_INK, maskOf(rival));
  if (own.total > 0) {
    const theirs = lineInk(image, rival.map, rival.lines, RULING_INK, chosenMask);
    return own.dark / own.total - (theirs.total === 0 ? 0 : theirs.dark / theirs.total);
  }
  const extra = chosen.layout.style === 'classic' && rival.layout.style === 'boxed'
    ? separatorInk(image, rival, chosenMask)
    : inkOnLines(image, rival.map, rival.lines, RULING_INK, OFF_LINE, chosenMask) ?? 0;
  return extra < PRINTED_LINES ? 1 - extra : -extra;
}

interface Scored {
  readonly layout: SheetLayout;
  readonly map: PageMap;
  readonly lines: Rect[];
  readonly score: number;
  /** Its grid (see Candidate). */
  readonly grid: string;
}

/** The layout whose ruling the image shows, given the map the markers fix for each paper. */
export function layoutByRuling(image: GrayImage, mapFor: (paper: PaperName, layout: SheetLayout) => PageMap | undefined): RulingMatch | undefined {
  const scored: Scored[] = [];
  for (const paperName of PAPER_NAMES) {
    const layouts = candidates(paperName);
    // Where the markers are printed depends on the paper alone: one map serves every layout on it.
    const map = layouts.length > 0 ? mapFor(paperName, layouts[0].layout) : undefined;
    if (!map) continue;
    const seen = new Map<string, { dark: number; total: number }>();
    for (const { layout, grid } of layouts) {
      const lines = rulingLines(layout);
      scored.push({ layout, map, lines, grid, score: lineScore(image, map, lines, seen) });
    }
  }
  scored.sort((a, b) => b.score - a.score);
  const best = scored[0];
  if (!best || best.score < MIN_SCORE) return undefined;
  const masks = new Map<Scored, Uint8Array>();
  const maskOf = (entry: Scored): Uint8Array => {
    let mask = masks.get(entry);
    if (!mask) masks.set(entry, mask = lineMask(image, entry.map, entry.lines));
    return mask;
  };
  const classicByGrid = new Map(scored.filter((entry) => entry.layout.style === 'classic').map((entry) => [entry.grid, entry]));
  const classicOf = (entry: Scored): Scored => classicByGrid.get(entry.grid) ?? entry;
  // A layout that prints every line of the best and more (character boxes, more rows), with ink on the more, is the printed one.
  let chosen = best;
  for (const rival of scored.filter((entry) => entry !== best && entry.score >= best.score - RIVAL_WINDOW)) {
    if (rival.lines.length > chosen.lines.length && leadWhereTheyDiffer(image, best, rival, maskOf) <= -PRINTED_LINES) chosen = rival;
  }
  // Boxes are printed only where their separators show.
  if (chosen.layout.style === 'boxed' && separatorInk(image, chosen, maskOf(classicOf(chosen))) < PRINTED_LINES) chosen = classicOf(chosen);
  const rivals = scored.filter((entry) => entry !== chosen);
  const close = rivals.filter((entry) => entry.score >= chosen.score - RIVAL_WINDOW);
  let margin = 1;
  for (const rival of close) margin = Math.min(margin, leadOver(image, chosen, rival, classicOf, maskOf));
  if (margin < MIN_MARGIN) return undefined;
  return { layout: chosen.layout, score: chosen.score, runnerUp: rivals[0]?.score ?? 0, runnerUpLayoutId: rivals[0]?.layout.layoutId, margin };
}

/**
 * The chosen layout's lead over a rival. A boxed sheet's separators have ruled out every classic layout; among
 * boxed ones, the grid is told by the row ruling (the classic layouts of the two grids) or by all the lines,
 * whichever tells them apart: writing crosses a boxed sheet's separators and fills its lines' surroundings.
 */
function leadOver(
  image: GrayImage, chosen: Scored, rival: Scored, classicOf: (entry: Scored) => Scored, maskOf: (entry: Scored) => Uint8Array,
): number {
  if (chosen.layout.style === 'classic') return leadWhereTheyDiffer(image, chosen, rival, maskOf);
  if (rival.layout.style === 'classic') return 1;
  const chosenGrid = classicOf(chosen), rivalGrid = classicOf(rival);
  const byGrid = chosenGrid === rivalGrid ? -Infinity : leadWhereTheyDiffer(image, chosenGrid, rivalGrid, maskOf);
  return Math.max(byGrid, leadWhereTheyDiffer(image, chosen, rival, maskOf));
}
