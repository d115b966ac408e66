/**
 * Test helper: a committed fixture scan (fixtures/scans, or fixtures/soft-scans for the soft JPEGs) located and read
 * by a reader through @zapis/ocr, with its truth (the SAN moves and what was written in each cell).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '@zapis/testkit';
import { readScanFile, type CellReader, type SheetRead } from '@zapis/ocr';

export interface FixtureTruth { readonly san: string[]; readonly written: string[] }

interface PairTruth { readonly sheets: readonly (FixtureTruth & { readonly file: string })[] }

const SCANS = join(REPOSITORY_ROOT, 'fixtures', 'scans');
/** Soft JPEGs of the independent generator's development seed (fixtures/soft-scans/README.md): hands read badly. */
export const SOFT_SCANS = join(REPOSITORY_ROOT, 'fixtures', 'soft-scans');

/** A fixture's truth: its own JSON file, or for a copy of the pair (pair-white.jpg, pair-black.jpg) its sheet in pair.json. */
export function fixtureTruth(name: string, folder = SCANS): FixtureTruth {
  if (!name.startsWith('pair-')) return JSON.parse(readFileSync(join(folder, name.replace(/\.\w+$/, '.json')), 'utf8')) as FixtureTruth;
  const pair = JSON.parse(readFileSync(join(SCANS, 'pair.json'), 'utf8')) as PairTruth;
  const sheet = pair.sheets.find((candidate) => candidate.file === name);
  if (!sheet) throw new Error(`pair.json has no sheet ${name}`);
  return { san: sheet.san, written: sheet.written };
}

/** The fixture's first page, read by `reader`. */
export async function readFixture(name: string, reader: CellReader, folder = SCANS): Promise<{ read: SheetRead; truth: FixtureTruth }> {
  for await (const outcome of readScanFile(name, new Uint8Array(readFileSync(join(folder, name))), { reader })) {
    if (!outcome.ok) throw new Error(outcome.message);
    return { read: outcome.read, truth: fixtureTruth(name, folder) };
  }
  throw new Error(`${name}: no page`);
}
