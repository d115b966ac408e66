/**
 * What a file is, by its first bytes (not its name): PNG, JPEG or PDF. A
 * module of its own, with no imports: a web page tells a scan from a text
 * with it without loading the reader.
 */
export type ScanKind = 'png' | 'jpeg' | 'pdf';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0): boolean =>
  bytes.length >= at + prefix.length && prefix.every((value, index) => bytes[at + index] === value);

/** What the bytes are, by their first bytes; undefined when neither PNG, JPEG nor PDF. */
export function sniffScanKind(bytes: Uint8Array): ScanKind | undefined {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  // PDF readers accept the header anywhere in the first KiB (some scanners prepend junk).
  const head = bytes.subarray(0, 1024);
  for (let i = 0; i + 5 <= head.length; i += 1) {
    if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d], i)) return 'pdf';
  }
  return undefined;
}
