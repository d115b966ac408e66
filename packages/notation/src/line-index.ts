/**
 * Turns offsets into 1-based line and column. Line starts are found lazily as
 * far as asked (so streaming over a large input never scans ahead of the
 * parser), and lookups remember the last line because parsers ask in order.
 * `\n`, `\r\n` and a lone `\r` all end a line.
 */
import type { SourceSpan } from './ast.js';

/** nextBreak when the text has no more line breaks. */
const NO_MORE_BREAKS = Number.MAX_SAFE_INTEGER;

export class LineIndex {
  private starts: Int32Array = new Int32Array(1024);
  private count = 1;
  /** Offset up to which line starts are known. */
  private scanned = 0;
  private lastLine = 0;

  /** The first `\n` at or after `scanned`, once searched for (-1: not searched yet). */
  private nextBreak = -1;
  /** Whether any `\r` occurs: without one, line starts are found with indexOf. */
  private readonly carriageReturns: boolean;

  constructor(private readonly text: string) {
    this.carriageReturns = text.includes('\r');
  }

  private push(start: number): void {
    if (this.count === this.starts.length) {
      const grown = new Int32Array(this.starts.length * 2);
      grown.set(this.starts);
      this.starts = grown;
    }
    this.starts[this.count++] = start;
  }

  private scanTo(offset: number): void {
    const text = this.text;
    const end = Math.min(text.length, offset + 1);
    let at = this.scanned;
    if (!this.carriageReturns) {
      // Only `\n` line ends: the native search skips from one to the next. The break found past `end`
      // is remembered, so a long line is searched once, not again for every offset asked along it.
      let next = this.nextBreak >= at ? this.nextBreak : text.indexOf('\n', at);
      while (next >= 0 && next < end) {
        this.push(next + 1);
        next = text.indexOf('\n', next + 1);
      }
      this.nextBreak = next < 0 ? NO_MORE_BREAKS : next;
      this.scanned = end;
      return;
    }
    while (at < end) {
      const code = text.charCodeAt(at++);
      if (code === 10) this.push(at);
      else if (code === 13) {
        if (text.charCodeAt(at) === 10) at++;
        this.push(at);
      }
    }
    this.scanned = at;
  }

  /** 0-based line index of an offset. */
  lineOf(offset: number): number {
    if (offset >= this.scanned) this.scanTo(offset);
    const starts = this.starts;
    const last = this.lastLine;
    if (last < this.count && starts[last] <= offset && (last + 1 >= this.count || starts[last + 1] > offset)) return last;
    let low = 0;
    let high = this.count - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    this.lastLine = low;
    return low;
  }

  span(offset: number, length: number): SourceSpan {
    const line = this.lineOf(offset);
    return { offset, length, line: line + 1, column: offset - this.starts[line] + 1 };
  }
}
