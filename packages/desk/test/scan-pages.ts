/**
 * Test helper: a fixture scan read as the browser's reader worker reads it
 * (@zapis/ocr's reader and readScanFile, then plainOutcome), or by another
 * reader, cached on disk per file content and reader so the tests read each
 * scan once.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { plainOutcome, readScanFile, type PlainOutcome } from '@zapis/ocr';
import { loadImageFast, loadReader, type ReaderKind } from '@zapis/ocr/node';
import { REPOSITORY_ROOT } from '@zapis/testkit';

export const scanPath = (name: string): string => join(REPOSITORY_ROOT, 'fixtures', 'scans', name);

const CACHE_DIR = join(tmpdir(), 'zapis-desk-test-scans');
/** The browser's worker reads as `--reader ensemble` (apps/web/src/workers/reader-worker.ts), not with the CLI's cross-check. */
export const BROWSER_READER_KIND: ReaderKind = 'ensemble';

/** The file's pages as plain outcomes, and how long reading took (0 when cached). */
export async function scanPages(name: string, readerKind: ReaderKind = BROWSER_READER_KIND): Promise<{ pages: PlainOutcome[]; readMs: number }> {
  const bytes = new Uint8Array(readFileSync(scanPath(name)));
  // The reader's code counts too: any change to the @zapis/ocr build (and its shipped models) reads again.
  const hash = createHash('sha256').update(bytes).update(readerKind);
  for (const folder of ['dist', 'models']) {
    const directory = join(REPOSITORY_ROOT, 'packages', 'ocr', folder);
    if (!existsSync(directory)) continue;
    for (const file of readdirSync(directory).sort()) if (!file.endsWith('.map')) hash.update(file).update(readFileSync(join(directory, file)));
  }
  const key = hash.digest('hex').slice(0, 16);
  const cached = join(CACHE_DIR, `${basename(name)}-${key}.v8`);
  if (existsSync(cached)) return { pages: deserialize(readFileSync(cached)) as PlainOutcome[], readMs: 0 };
  const started = performance.now();
  const reader = await loadReader(readerKind);
  const pages: PlainOutcome[] = [];
  for await (const outcome of readScanFile(basename(name), bytes, { reader, decodeImage: loadImageFast })) pages.push(plainOutcome(outcome));
  const readMs = performance.now() - started;
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(cached, serialize(pages));
  return { pages, readMs };
}
