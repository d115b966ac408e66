/** A generated sheet read as `zapis read` reads it: its scan file (named by its truth) into the game group its pages make. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readScanFile, type CellReader } from '@zapis/ocr';
import { loadImageFast } from '@zapis/ocr/node';
import { groupGames, type GameGroup, type PageRead } from '../src/index.js';
import type { ScoredTruth } from './output-truth.js';

/** The sheet's game group (undefined: no page of it was read). */
export async function readTruthSheet(folder: string, truth: ScoredTruth, reader: CellReader): Promise<GameGroup | undefined> {
  const pages: PageRead[] = [];
  for await (const outcome of readScanFile(truth.file, new Uint8Array(readFileSync(join(folder, truth.file))), { reader, decodeImage: loadImageFast })) {
    if (outcome.ok) pages.push({ file: outcome.file, page: outcome.page, read: outcome.read });
  }
  return groupGames(pages)[0];
}
