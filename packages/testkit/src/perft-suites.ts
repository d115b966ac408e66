/**
 * Reads the perft suites in ../shared/perft. Two formats occur:
 *   EPD lines with `;D1 20 ;D2 400 …`, and blocks of `id …` / `epd …` / `perft N count`.
 */
import { readFileSync } from 'node:fs';

export interface PerftCase {
  readonly id: string;
  readonly fen: string;
  /** counts[d] is the node count at depth d (index 0 unused). */
  readonly counts: readonly (number | undefined)[];
}

export function readPerftSuite(path: string): PerftCase[] {
  const cases: PerftCase[] = [];
  let block: { id: string; fen: string; counts: (number | undefined)[] } | undefined;
  const lines = readFileSync(path, 'utf8').split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    if (line.startsWith('id ')) {
      block = { id: line.slice(3).trim(), fen: '', counts: [] };
      cases.push(block);
    } else if (line.startsWith('epd ') && block) {
      block.fen = line.slice(4).trim();
    } else if (line.startsWith('perft ') && block) {
      const [, depth, count] = line.split(/\s+/);
      block.counts[Number(depth)] = Number(count);
    } else if (line.includes(';')) {
      const [fen, ...depths] = line.split(';');
      const counts: (number | undefined)[] = [];
      for (const entry of depths) {
        const match = /^\s*D(\d+)\s+(\d+)\s*$/.exec(entry);
        if (match) counts[Number(match[1])] = Number(match[2]);
      }
      cases.push({ id: `line ${index + 1}`, fen: fen.trim(), counts });
    }
  });
  return cases;
}
