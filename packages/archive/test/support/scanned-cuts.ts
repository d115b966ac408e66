import { SectionScanner } from '../../src/section-scanner.js';

/**
 * The batch cuts a SectionScanner finds when the bytes arrive in pieces ending at `ends`, each start cut off as
 * readBatches does (byte offsets into `whole`).
 */
export function scannedCuts(whole: Uint8Array, ends: readonly number[]): number[] {
  const scanner = new SectionScanner();
  const found: number[] = [];
  let dropped = 0;
  ends.forEach((end, piece) => {
    scanner.scan(whole.subarray(dropped, end), piece === ends.length - 1);
    if (scanner.lastStart > 0) {
      const cut = scanner.lastStart;
      found.push(dropped + cut);
      dropped += cut;
      scanner.dropPrefix(cut);
    }
  });
  return found;
}
