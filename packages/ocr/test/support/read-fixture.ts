/**
 * Test helper: a committed fixture scan (fixtures/scans) located and read by
 * a reader, with its truth (the SAN moves and what was written in each cell).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '@zapis/testkit';
import type { CellReader } from '../../src/cell-reader.js';
import { loadImage } from '../../src/load-image.js';
import { locateSheet } from '../../src/locate-sheet.js';
import { readLocatedSheet, type SheetRead } from '../../src/read-sheet.js';

export interface FixtureTruth { readonly san: string[]; readonly written: string[] }

interface PairTruth { readonly sheets: readonly (FixtureTruth & { readonly file: string })[] }

/** A fixture's truth: its own JSON file, or for a copy of the pair (pair-white.jpg, pair-black.jpg) its sheet in pair.json. */
export function fixtureTruth(name: string): FixtureTruth {
  const folder = join(REPOSITORY_ROOT, 'fixtures', 'scans');
  if (!name.startsWith('pair-')) return JSON.parse(readFileSync(join(folder, name.replace(/\.\w+$/, '.json')), 'utf8')) as FixtureTruth;
  const pair = JSON.parse(readFileSync(join(folder, 'pair.json'), 'utf8')) as PairTruth;
  const sheet = pair.sheets.find((candidate) => candidate.file === name);
  if (!sheet) throw new Error(`pair.json has no sheet ${name}`);
  return { san: sheet.san, written: sheet.written };
}

export async function readFixture(name: string, reader: CellReader): Promise<{ read: SheetRead; truth: FixtureTruth }> {
  const file = join(REPOSITORY_ROOT, 'fixtures', 'scans', name);
  const loaded = loadImage(new Uint8Array(readFileSync(file)));
  if (!loaded.ok) throw new Error(loaded.error.message);
  const located = locateSheet(loaded.value, 1);
  if (!located.ok) throw new Error(located.error.message);
  const truth = fixtureTruth(name);
  return { read: await readLocatedSheet(located.value, reader), truth };
}
