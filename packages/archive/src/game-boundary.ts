/**
 * Where games start, found in raw bytes from any offset without reading what
 * came before, so that a file can be cut into byte ranges (shards) that every
 * run cuts the same way. A boundary is a line that starts like a tag pair
 * (`[Name "`) after a line that does not (the move text or comment before it):
 * where the game splitter of @zapis/notation starts the next game in any
 * ordinary archive. It can differ where a tag section holds comments or escape
 * lines between its tags; that only moves where such malformed text is
 * reported, never loses it. Batches, which are read from the start, are cut
 * exactly (see section-scanner.ts).
 */

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const OPEN_BRACKET = 0x5b;

function isTagNameByte(byte: number): boolean {
  return (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x30 && byte <= 0x39) || byte === 0x5f;
}

/** Does a tag-like line (`[Name "` or `[Name  "`) start at `at`? */
export function looksLikeTagLine(bytes: Uint8Array, at: number, end: number): boolean {
  if (bytes[at] !== OPEN_BRACKET) return false;
  let cursor = at + 1;
  const nameStart = cursor;
  while (cursor < end && cursor - nameStart < 64 && isTagNameByte(bytes[cursor])) cursor++;
  if (cursor === nameStart) return false;
  const spaces = cursor;
  while (cursor < end && (bytes[cursor] === 0x20 || bytes[cursor] === 0x09)) cursor++;
  return cursor > spaces && cursor < end && bytes[cursor] === 0x22;
}

/** Does the last non-blank line before `lineStart` start a tag pair? (No such line: false.) */
function previousLineIsTag(bytes: Uint8Array, lineStart: number, floor: number): boolean {
  let at = lineStart - 1;
  while (at >= floor) {
    // Skip the line break and any blank lines.
    while (at >= floor && (bytes[at] === NEWLINE || bytes[at] === CARRIAGE_RETURN || bytes[at] === 0x20 || bytes[at] === 0x09)) at--;
    if (at < floor) return false;
    let start = at;
    while (start > floor && bytes[start - 1] !== NEWLINE && bytes[start - 1] !== CARRIAGE_RETURN) start--;
    let first = start;
    while (first <= at && (bytes[first] === 0x20 || bytes[first] === 0x09)) first++;
    return bytes[first] === OPEN_BRACKET;
  }
  return false;
}

/**
 * The first game boundary at or after `from` and before `end`, or -1. `floor`
 * is how far back the previous line may be looked for.
 */
export function nextGameStart(bytes: Uint8Array, from: number, end: number, floor = 0): number {
  let at = from;
  if (at > 0 && bytes[at - 1] !== NEWLINE && bytes[at - 1] !== CARRIAGE_RETURN) {
    at = lineAfter(bytes, at, end);
  }
  while (at >= 0 && at < end) {
    if (looksLikeTagLine(bytes, at, end) && at > floor && !previousLineIsTag(bytes, at, floor)) return at;
    at = lineAfter(bytes, at, end);
  }
  return -1;
}

/** The start of the line after the one holding `at`, or -1. */
function lineAfter(bytes: Uint8Array, at: number, end: number): number {
  for (let i = at; i < end; i++) {
    const byte = bytes[i];
    if (byte === NEWLINE) return i + 1;
    if (byte === CARRIAGE_RETURN) return i + 1 < end && bytes[i + 1] === NEWLINE ? i + 2 : i + 1;
  }
  return -1;
}

/** How many lines `bytes[start, end)` ends: `\n`, `\r\n` and a lone `\r` each end one. */
export function countLineBreaks(bytes: Uint8Array, start: number, end: number, previousByte = -1): number {
  const carriageReturn = bytes.indexOf(CARRIAGE_RETURN, start);
  if ((carriageReturn < 0 || carriageReturn >= end) && previousByte !== CARRIAGE_RETURN) {
    // Only `\n` line ends (nearly every file): the native search skips from one to the next.
    let count = 0;
    for (let at = bytes.indexOf(NEWLINE, start); at >= 0 && at < end; at = bytes.indexOf(NEWLINE, at + 1)) count++;
    return count;
  }
  let count = 0;
  let last = previousByte;
  for (let i = start; i < end; i++) {
    const byte = bytes[i];
    if (byte === NEWLINE) {
      if (last !== CARRIAGE_RETURN) count++;
    } else if (byte === CARRIAGE_RETURN) count++;
    last = byte;
  }
  return count;
}
