/**
 * Whether an input is text at all. A PGN file never holds a NUL byte; an
 * image, an archive, a PDF or a UTF-16 file does, within its first few
 * kilobytes. Such an input is reported once as not a PGN/text file (exit 2,
 * like any unreadable input) instead of as thousands of unknown tokens.
 *
 * The rule: a NUL byte within the first SNIFF_BYTES bytes, before any line
 * that starts a tag pair (`[Name "`). An archive that starts with games and
 * has binary garbage further on is still read: the garbage gets located
 * errors and the games around it are validated. Only the head is looked at,
 * so the decision is made before the first batch, also on standard input.
 */
import { SNIFF_BYTES } from './limits.js';

/** An input that is not text; the message says where the first NUL byte is. */
export class NotTextError extends Error {
  override readonly name = 'NotTextError';
}

const NUL = 0;
const NEWLINE = 10;
const CARRIAGE_RETURN = 13;
const OPEN_BRACKET = 91;
const QUOTE = 34;

const isTagNameByte = (byte: number): boolean =>
  (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) || byte === 95;

/** `[Name "` starting at `at` (a line start). */
function tagPairAt(head: Uint8Array, at: number, end: number): boolean {
  if (head[at] !== OPEN_BRACKET) return false;
  let cursor = at + 1;
  while (cursor < end && isTagNameByte(head[cursor])) cursor++;
  if (cursor === at + 1) return false;
  const spaces = cursor;
  while (cursor < end && (head[cursor] === 32 || head[cursor] === 9)) cursor++;
  return cursor > spaces && cursor < end && head[cursor] === QUOTE;
}

function hasTagPairBefore(head: Uint8Array, end: number): boolean {
  for (let at = 0; at < end; at++) {
    if ((at === 0 || head[at - 1] === NEWLINE || head[at - 1] === CARRIAGE_RETURN) && tagPairAt(head, at, end)) return true;
  }
  return false;
}

function utf16Hint(head: Uint8Array): string {
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) {
    return ': it is UTF-16 text, which zapis does not read (save it as UTF-8)';
  }
  return '';
}

/**
 * Why `head` (an input's first bytes: SNIFF_BYTES, or all of a shorter input)
 * is not text, or undefined when it may be.
 */
export function notTextReason(head: Uint8Array): string | undefined {
  const end = Math.min(head.length, SNIFF_BYTES);
  const nul = head.subarray(0, end).indexOf(NUL);
  if (nul < 0 || hasTagPairBefore(head, nul)) return undefined;
  let line = 1;
  for (let at = 0; at < nul; at++) {
    if (head[at] === NEWLINE || (head[at] === CARRIAGE_RETURN && head[at + 1] !== NEWLINE)) line++;
  }
  return `not a PGN or text file (binary data: a NUL byte at byte ${nul + 1}, line ${line})${utf16Hint(head)}`;
}
