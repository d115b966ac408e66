/**
 * The lines of a batch's bytes, counted in the one pass that cuts the batch:
 * how many it ends (the next batch's first line follows from it) and how long
 * the longest is, which bounds every line of every game in it, so that the
 * over-long line rule need not read the games of a batch that has none.
 */
import { countLineBreaks } from './game-boundary.js';

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

export interface BatchLines {
  /** Lines the bytes end, as countLineBreaks counts them. */
  readonly breaks: number;
  /**
   * The most bytes between two line feeds (or a feed and an end of the range),
   * feeds not counted. No line of the decoded text is longer in characters
   * (UTF-16 units: a UTF-8 character takes at least as many bytes, a Latin-1
   * one exactly one), however its carriage returns count.
   */
  readonly longest: number;
}

export function batchLines(bytes: Uint8Array, start: number, end: number, previousByte = -1): BatchLines {
  let feeds = 0;
  let longest = 0;
  let lineStart = start;
  for (let at = bytes.indexOf(NEWLINE, start); at >= 0 && at < end; at = bytes.indexOf(NEWLINE, at + 1)) {
    if (at - lineStart > longest) longest = at - lineStart;
    lineStart = at + 1;
    feeds++;
  }
  if (end - lineStart > longest) longest = end - lineStart;
  const carriageReturn = bytes.indexOf(CARRIAGE_RETURN, start);
  const onlyFeeds = (carriageReturn < 0 || carriageReturn >= end) && previousByte !== CARRIAGE_RETURN;
  return { breaks: onlyFeeds ? feeds : countLineBreaks(bytes, start, end, previousByte), longest };
}
