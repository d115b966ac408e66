/**
 * Bytes of a batch to text: UTF-8, or Latin-1 when the bytes are not valid
 * UTF-8 (the other encoding old PGN databases use). Batches end at line
 * breaks, so no UTF-8 sequence is ever cut in two.
 */
const utf8 = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('latin1');

export function decodeBatch(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return latin1.decode(bytes);
  }
}
