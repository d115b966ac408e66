/**
 * readScanFiles over worker threads (the pool of @zapis/workers; the worker
 * runs from the built dist: `pnpm build` first) gives what one thread gives,
 * in input order: each file's pages, a file that cannot be read as its own
 * failure, and a template given to every worker as the parsed object.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '@zapis/testkit';
import { describe, expect, it } from 'vitest';
import { readScanFiles, type ReadPoolOptions, type ScanFileInput } from '../src/read-pool.js';
import type { PageOutcome } from '../src/read-scan-file.js';
import { parseTemplate } from '../src/template.js';

const scans = join(REPOSITORY_ROOT, 'fixtures', 'scans');
const scratch = mkdtempSync(join(tmpdir(), 'zapis-read-pool-'));
writeFileSync(join(scratch, 'notes.png'), 'not an image at all');

/** What a page outcome says, with each cell's best reading: equal from any thread. */
function summary(outcome: PageOutcome): unknown {
  if (!outcome.ok) return outcome;
  return { ok: true, file: outcome.file, page: outcome.page, cells: outcome.read.cells.map((cell) => cell.reading.alternatives[0]?.text ?? '') };
}

async function readAll(files: readonly ScanFileInput[], options: ReadPoolOptions): Promise<unknown[]> {
  const outcomes: unknown[] = [];
  for await (const outcome of readScanFiles(files, options)) outcomes.push(summary(outcome));
  return outcomes;
}

describe('readScanFiles', () => {
  it('reads with two worker threads as with one, in input order, a file that cannot be read costing only itself', async () => {
    const files: ScanFileInput[] = [
      { name: 'two-sheets.pdf', path: join(scans, 'two-sheets.pdf') },
      { name: 'missing.png', path: join(scans, 'missing.png') },
      { name: 'prefilled.png', path: join(scans, 'prefilled.png') },
      { name: 'notes.png', path: join(scratch, 'notes.png') },
      { name: 'scans', path: scans },
    ];
    const one = await readAll(files, { jobs: 1, readerKind: 'ctc' });
    const two = await readAll(files, { jobs: 2, readerKind: 'ctc' });
    expect(two).toEqual(one);
    expect(two.map((outcome) => (outcome as PageOutcome).file)).toEqual(['two-sheets.pdf', 'two-sheets.pdf', 'missing.png', 'prefilled.png', 'notes.png', 'scans']);
    expect(two[2]).toEqual({ ok: false, file: 'missing.png', code: 'unreadable', message: 'no such file' });
    expect(two[5]).toEqual({ ok: false, file: 'scans', code: 'unreadable', message: 'is a directory' });
  });

  it('gives every worker the parsed template', async () => {
    const foreign = join(REPOSITORY_ROOT, 'fixtures', 'scans-foreign');
    const parsed = parseTemplate(readFileSync(join(REPOSITORY_ROOT, 'packages', 'ocr', 'fixtures', 'templates', 'federation-2x30.json'), 'utf8'));
    if (!parsed.ok) throw new Error(parsed.error.message);
    const files: ScanFileInput[] = [
      { name: 'federation.jpg', path: join(foreign, 'federation.jpg') },
      { name: 'federation-again.jpg', path: join(foreign, 'federation.jpg') },
    ];
    const one = await readAll(files, { jobs: 1, readerKind: 'ctc', template: parsed.value });
    const two = await readAll(files, { jobs: 2, readerKind: 'ctc', template: parsed.value });
    expect(two).toEqual(one);
    expect(two.every((outcome) => (outcome as PageOutcome).ok)).toBe(true);
  });
});
