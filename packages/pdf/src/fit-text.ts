/**
 * Fitting text into a box without ever leaving it: shrink, then wrap onto
 * more lines, then cut with an ellipsis (and say so). Only widths are
 * measured here; PageCanvas draws the lines.
 */
export interface TextMeasure {
  /** The width of `text` at `size` points. */
  widthOf(text: string, size: number): number;
}

export interface FitOptions {
  /** The size wanted, in points. */
  readonly size: number;
  /** The smallest size on one line, before wrapping is tried. */
  readonly minSize: number;
  /** The most lines the text may take (1: shrink, then cut). */
  readonly maxLines: number;
  /** The smallest size at all: below it the text is cut instead. */
  readonly floorSize: number;
}

export interface FittedText {
  readonly lines: readonly string[];
  readonly size: number;
  /** Line pitch (baseline to baseline) in points. */
  readonly leading: number;
  /** True when characters were dropped to fit: the caller warns. */
  readonly cut: boolean;
}

export const ELLIPSIS = '…';
/** Baseline to baseline, as a multiple of the size. */
const LEADING = 1.08;

/** Fits `text` into a `width` × `height` box: one line shrunk to `minSize`, then up to `maxLines` lines, then cut. */
export function fitText(text: string, width: number, height: number, measure: TextMeasure, options: FitOptions): FittedText {
  const single = Math.min(options.size, height * 0.95);
  const natural = measure.widthOf(text, single);
  if (natural <= width) return { lines: [text], size: single, leading: single * LEADING, cut: false };
  const shrunk = (single * width) / natural;
  if (shrunk >= options.minSize) return { lines: [text], size: shrunk, leading: shrunk * LEADING, cut: false };
  // Below minSize, wrapping is tried; whichever way prints larger wins (one short line shrunk a little more, say).
  let best: FittedText | undefined = shrunk >= options.floorSize ? { lines: [text], size: shrunk, leading: shrunk * LEADING, cut: false } : undefined;
  // Never more lines than the height holds at the smallest size.
  const maxLines = Math.max(1, Math.min(options.maxLines, Math.floor(height / (options.floorSize * LEADING))));
  for (let lineCount = 2; lineCount <= maxLines; lineCount += 1) {
    const size = largestWrappingSize(text, width, measure, lineCount, options.floorSize, Math.min(options.size, height / (lineCount * LEADING)));
    if (size !== undefined && (best === undefined || size > best.size)) {
      best = { lines: breakLines(text, width, size, measure), size, leading: size * LEADING, cut: false };
    }
  }
  if (best !== undefined) return best;
  // Even the most lines at the smallest size do not hold it: fill them and cut the last one.
  const size = Math.min(options.floorSize, single);
  return { lines: wrapAndCut(text, width, size, measure, maxLines), size, leading: size * LEADING, cut: true };
}

/** The largest size from `floor` to `ceiling` at which `text` breaks into at most `lineCount` lines (to 0.05 pt), if any. */
function largestWrappingSize(
  text: string, width: number, measure: TextMeasure, lineCount: number, floor: number, ceiling: number,
): number | undefined {
  const holds = (size: number): boolean => breakLines(text, width, size, measure).length <= lineCount;
  if (ceiling < floor || !holds(floor)) return undefined;
  if (holds(ceiling)) return ceiling;
  let low = floor;
  let high = ceiling;
  while (high - low > 0.05) {
    const middle = (low + high) / 2;
    if (holds(middle)) low = middle;
    else high = middle;
  }
  return low;
}

function wrapAndCut(text: string, width: number, size: number, measure: TextMeasure, maxLines: number): string[] {
  const lines = breakLines(text, width, size, measure);
  const kept = lines.slice(0, maxLines);
  const rest = lines.slice(maxLines - 1).join(' ');
  kept[maxLines - 1] = cutToWidth(`${rest}${ELLIPSIS}`, width, size, measure);
  return kept;
}

/** Greedy line breaking at spaces; a word wider than a line is broken between characters. */
function breakLines(text: string, width: number, size: number, measure: TextMeasure): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((part) => part !== '')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (measure.widthOf(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    line = word;
    // A word longer than a whole line is broken between characters.
    while (measure.widthOf(line, size) > width) {
      const characters = [...line];
      let take = characters.length - 1;
      while (take > 1 && measure.widthOf(characters.slice(0, take).join(''), size) > width) take -= 1;
      lines.push(characters.slice(0, take).join(''));
      line = characters.slice(take).join('');
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** The longest start of `text` that fits `width` with an ellipsis after it (the text itself when it fits). */
export function cutToWidth(text: string, width: number, size: number, measure: TextMeasure): string {
  if (measure.widthOf(text, size) <= width) return text;
  const characters = [...text.endsWith(ELLIPSIS) ? text.slice(0, -1) : text];
  let low = 0;
  let high = characters.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (measure.widthOf(`${characters.slice(0, middle).join('').trimEnd()}${ELLIPSIS}`, size) <= width) low = middle;
    else high = middle - 1;
  }
  return `${characters.slice(0, low).join('').trimEnd()}${ELLIPSIS}`;
}
