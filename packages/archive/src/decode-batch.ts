/**
 * Bytes of a batch to text: UTF-8, or Latin-1 where the bytes are not valid
 * UTF-8 (the other encoding old PGN databases use). The choice is made per
 * line, so binary garbage or one Latin-1 game does not turn the UTF-8 names of
 * the games around it into mojibake. Batches end at line breaks, so no UTF-8
 * sequence is ever cut in two.
 */
const utf8 = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('latin1');
const NEWLINE = 10;

function decodeLine(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return latin1.decode(bytes);
  }
}

export function decodeBatch(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    // Some line is not UTF-8: each line is read in the encoding it is valid in.
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
}
