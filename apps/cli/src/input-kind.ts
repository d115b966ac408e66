/**
 * What a file a command cannot read is instead, said after why it cannot be read: a scan given to a command that
 * reads text, or text given to `read`. Only the file's first bytes are looked at, and only once it has failed.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { notTextReason } from '@zapis/archive';
import { sniffScanKind, type ScanKind } from '@zapis/ocr/scan-kind';

const HEAD_BYTES = 4096;

const SCAN_NAMES: Readonly<Record<ScanKind, string>> = { png: 'a PNG image', jpeg: 'a JPEG image', pdf: 'a PDF' };

/** The file's first bytes, or undefined when it cannot be opened (its reader has said why). */
function headOf(path: string): Uint8Array | undefined {
  let descriptor: number | undefined;
  try {
    descriptor = openSync(path, 'r');
    const head = new Uint8Array(HEAD_BYTES);
    return head.subarray(0, readSync(descriptor, head, 0, HEAD_BYTES, 0));
  } catch {
    return undefined;
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}

/** `; it is a JPEG image: zapis read reads scans` for a scan, else ''. */
export function scanHint(path: string): string {
  const head = headOf(path);
  const kind = head === undefined ? undefined : sniffScanKind(head);
  return kind === undefined ? '' : `; it is ${SCAN_NAMES[kind]}: zapis read reads scans`;
}

/** `; it holds text: …` for a text file (a PGN or a transcription named .jpg), else ''. */
export function textHint(path: string): string {
  const head = headOf(path);
  if (head === undefined || head.length === 0 || sniffScanKind(head) !== undefined || notTextReason(head) !== undefined) return '';
  return '; it holds text: zapis validate reads PGN, zapis decode reads OCR\'d transcriptions';
}
