/**
 * Builds a test input piece by piece (good games, hostile text, injected
 * faults) and remembers the file line each piece starts on, so that tests
 * know where every game and every problem must be reported.
 */
import { hasShared, readGames, sharedPath } from '@zapis/testkit';
import { LEGAL_GAMES } from './pgn-arbitraries.js';

export const CORPUS_PATH = sharedPath('corpora', 'gnu-book', 'games-000001-100000.pgn.gz');

/** Line breaks in `text` as the pipeline counts them: `\n`, `\r\n` and a lone `\r` each end a line. */
export function lineBreaks(text: string): number {
  let count = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 10) count++;
    else if (code === 13) {
      count++;
      if (text.charCodeAt(at + 1) === 10) at++;
    }
  }
  return count;
}

export interface Piece {
  readonly label: string;
  /** The file line of the piece's first character. */
  readonly line: number;
  /** Byte offset of the piece in the assembled input. */
  readonly offset: number;
}

/** Concatenates text and raw bytes, tracking lines and offsets (raw bytes count lines as Latin-1 text). */
export class AssembledInput {
  private readonly chunks: Buffer[] = [];
  private lines = 1;
  private bytes = 0;
  readonly pieces: Piece[] = [];

  add(label: string, content: string | Uint8Array): Piece {
    const buffer = typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content);
    const piece: Piece = { label, line: this.lines, offset: this.bytes };
    this.pieces.push(piece);
    this.chunks.push(buffer);
    this.lines += lineBreaks(buffer.toString('latin1'));
    this.bytes += buffer.length;
    return piece;
  }

  /** A blank line between games (and after the last). */
  gap(): void {
    this.add('gap', '\n\n');
  }

  get line(): number {
    return this.lines;
  }

  toBuffer(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

/** Real games from the shared corpus (their text without surrounding blank lines), or the built-in legal games without it. */
export async function goodGames(count: number, from = 0): Promise<string[]> {
  // Checked first: readGames on a missing file never settles (readline does not pass on the stream's error).
  if (hasShared()) {
    const games: string[] = [];
    for await (const game of readGames(CORPUS_PATH, from + count)) games.push(game.text.trim());
    if (games.length >= from + count) return games.slice(from);
  }
  return Array.from({ length: count }, (_, at) => LEGAL_GAMES[(from + at) % LEGAL_GAMES.length].trim());
}

