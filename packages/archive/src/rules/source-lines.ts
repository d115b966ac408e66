/**
 * Lines of a game's raw text: where one starts, its text for a caret display,
 * and the lines longer than a limit, found in one linear pass.
 */

/** Longer source lines are cut here: a caret display needs the start, not 10 MB. */
export const SOURCE_LINE_LIMIT = 400;

/** Offset where the 0-based `line` of `text` starts (the end of the text when it has fewer lines). */
export function lineStartOf(text: string, line: number): number {
  let start = 0;
  for (let index = 0; index < line; index++) {
    const newline = text.indexOf('\n', start);
    if (newline < 0) return text.length;
    start = newline + 1;
  }
  return start;
}

/**
 * The file line that starts at `lineStart`, cut to SOURCE_LINE_LIMIT. The
 * game's first line is padded on the left when the game began mid-line, so
 * that columns (which count from the file line's start) still fit the text.
 */
export function sourceLineAt(text: string, lineStart: number, firstColumn: number): string {
  let end = text.indexOf('\n', lineStart);
  if (end < 0) end = text.length;
  if (end > lineStart && text.charCodeAt(end - 1) === 13) end--;
  const padding = lineStart === 0 ? Math.min(firstColumn - 1, SOURCE_LINE_LIMIT) : 0;
  const line = text.slice(lineStart, Math.min(end, lineStart + SOURCE_LINE_LIMIT - padding));
  return padding > 0 ? ' '.repeat(padding) + line : line;
}

export interface LongLines {
  /** How many lines are longer than the limit. */
  readonly count: number;
  /** The first of them: 0-based line in the text, where it starts, its length in characters. */
  readonly line: number;
  readonly lineStart: number;
  readonly length: number;
  readonly longest: number;
}

/**
 * Lines longer than `maxLength` characters (the line break not counted; the
 * game's first line counted from the file line's start). Undefined when none.
 */
export function findLongLines(text: string, firstColumn: number, maxLength: number): LongLines | undefined {
  let count = 0;
  let firstLine = -1;
  let firstStart = 0;
  let firstLength = 0;
  let longest = 0;
  let line = 0;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    const last = end < 0;
    if (last) end = text.length;
    let length = end - start;
    if (length > 0 && text.charCodeAt(end - 1) === 13) length--;
    if (line === 0) length += firstColumn - 1;
    if (length > maxLength) {
      count++;
      if (firstLine < 0) {
        firstLine = line;
        firstStart = start;
        firstLength = length;
      }
      if (length > longest) longest = length;
    }
    if (last) break;
    start = end + 1;
    line++;
  }
  return count === 0 ? undefined : { count, line: firstLine, lineStart: firstStart, length: firstLength, longest };
}
