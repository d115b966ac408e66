/** Streams PGN games out of (gzipped) files without unpacking them to disk. */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import type { Readable } from 'node:stream';
import { sharedPath } from './shared.js';

export interface RawGame {
  /** 1-based line of the game's first line in the file. */
  readonly line: number;
  readonly text: string;
}

function openText(path: string): Readable {
  const file = createReadStream(path);
  return path.endsWith('.gz') ? file.pipe(createGunzip()) : file;
}

/**
 * Yields games split where a tag line follows move text: enough for well-formed
 * corpora (these helpers feed tests, not the product's parser).
 */
export async function* readGames(path: string, limit = Infinity): AsyncGenerator<RawGame> {
  const lines = createInterface({ input: openText(path), crlfDelay: Infinity });
  let buffer: string[] = [];
  let start = 1;
  let lineNumber = 0;
  let inMoves = false;
  let yielded = 0;
  for await (const line of lines) {
    lineNumber++;
    if (line.startsWith('[') && inMoves) {
      yield { line: start, text: buffer.join('\n') };
      if (++yielded >= limit) {
        lines.close();
        return;
      }
      buffer = [];
      inMoves = false;
      start = lineNumber;
    }
    if (buffer.length === 0 && line.trim() === '') {
      start = lineNumber + 1;
      continue;
    }
    if (!line.startsWith('[') && line.trim() !== '') inMoves = true;
    buffer.push(line);
  }
  if (buffer.some((line) => line.trim() !== '') && yielded < limit) yield { line: start, text: buffer.join('\n') };
}

/** Reads a whole (possibly gzipped) text file. */
export async function readText(path: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of openText(path)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The 100,000 gnu-book games of `../shared`, in English piece letters or in their Polish twin, as one text. */
export function readGnuBook(letters: 'en' | 'pl'): Promise<string> {
  return readText(sharedPath('corpora', 'gnu-book', letters === 'en' ? 'games-000001-100000.pgn.gz' : 'games-000001-100000.pl.pgn.gz'));
}
