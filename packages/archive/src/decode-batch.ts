/**
 * Bytes of a batch to text: UTF-8, or Latin-1 where the bytes are not valid
 * UTF-8 (the other encoding old PGN databases use). The choice is made per
 * line, so binary garbage or one Latin-1 game does not turn the UTF-8 names of
 * the games around it into mojibake. Batches end at line breaks, so no UTF-8
 * sequence is ever cut in two.
 */
import { isUtf8 } from 'node:buffer';

const utf8 = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('latin1');
const NEWLINE = 10;
/** The UTF-8 byte-order mark, which the decoder drops where a decoding starts. */
const BYTE_ORDER_MARK = Buffer.from([0xef, 0xbb, 0xbf]);

function decodeLine(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return latin1.decode(bytes);
  }
}

/** Each line in the encoding it is valid in, one decoding a line. */
function decodeLines(bytes: Uint8Array): string {
  const lines: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    const newline = bytes.indexOf(NEWLINE, start);
    const end = newline < 0 ? bytes.length : newline + 1;
    lines.push(decodeLine(bytes.subarray(start, end)));
    start = end;
  }
  return lines.join('');
}

/**
 * The whole lines `bytes[start, end)` as decodeLines reads them, halved until
 * a part is valid UTF-8 and decoded in one go: the few Latin-1 lines of a batch
 * cost a few native checks, not a decoding for each of its thousands of lines.
 */
function decodeParts(bytes: Uint8Array, start: number, end: number, parts: string[]): void {
  const part = bytes.subarray(start, end);
  if (isUtf8(part)) {
    parts.push(utf8.decode(part));
    return;
  }
  // A line break near the middle, that leaves whole lines on both sides.
  let cut = bytes.indexOf(NEWLINE, start + ((end - start) >> 1));
  if (cut < 0 || cut + 1 >= end) cut = end - 2 >= start ? bytes.lastIndexOf(NEWLINE, end - 2) : -1;
  if (cut < start) {
    parts.push(decodeLine(part));
    return;
  }
  decodeParts(bytes, start, cut + 1, parts);
  decodeParts(bytes, cut + 1, end, parts);
}

export function decodeTextBytes(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    // Some line is not UTF-8: each line is read in the encoding it is valid in.
    // A byte-order mark is dropped at the start of every decoding: one inside the batch keeps the decoding a line.
    const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (view.indexOf(BYTE_ORDER_MARK) >= 0) return decodeLines(bytes);
    const parts: string[] = [];
    decodeParts(bytes, 0, bytes.length, parts);
    return parts.join('');
  }
}
