/**
 * What the archive benchmarks share: the built command line, the peak-RSS
 * wrapper, and the 100,000-game gnu-book corpus written out to a temporary
 * folder (the peers read files). Exits with a message when ../shared is absent.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHARED_MISSING_MESSAGE, hasShared, readText, sharedPath } from '@zapis/testkit';

export interface BenchCorpus {
  /** apps/cli/dist/bin.js */
  readonly cli: string;
  /** run-with-rss.mjs: runs a command and reports its peak RSS. */
  readonly measureRss: string;
  /** The temporary folder (the bench removes it at the end). */
  readonly folder: string;
  /** The corpus as a plain PGN file in `folder`, and its text. */
  readonly corpus: string;
  readonly text: string;
}

export async function benchCorpus(folderPrefix: string): Promise<BenchCorpus> {
  if (!hasShared()) {
    console.log(SHARED_MISSING_MESSAGE);
    process.exit(0);
  }
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const folder = mkdtempSync(join(tmpdir(), folderPrefix));
  const corpus = join(folder, 'games-100k.pgn');
  const text = await readText(sharedPath('corpora', 'gnu-book', 'games-000001-100000.pgn.gz'));
  writeFileSync(corpus, text);
  return { cli: join(root, 'apps/cli/dist/bin.js'), measureRss: fileURLToPath(new URL('./run-with-rss.mjs', import.meta.url)), folder, corpus, text };
}
