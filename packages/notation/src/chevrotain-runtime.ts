/**
 * chevrotain's runtime, from the single-file bundle the package ships
 * (lib/chevrotain.min.mjs) when it is there: its modular build loads hundreds
 * of files, a cost every CLI run and every validation worker would pay before
 * reading a byte. Falls back to the
 * package's own entry. Everything in @zapis/notation takes chevrotain from
 * here, so only one copy of its classes is ever in use.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Chevrotain from 'chevrotain';

async function loadChevrotain(): Promise<typeof Chevrotain> {
  try {
    const entry = createRequire(import.meta.url).resolve('chevrotain'); // …/chevrotain/lib/src/api.js
    const bundle = join(dirname(entry), '..', 'chevrotain.min.mjs');
    if (existsSync(bundle)) return (await import(pathToFileURL(bundle).href)) as typeof Chevrotain;
  } catch {
    // No resolvable file layout (a bundler, say): the package entry below.
  }
  return import('chevrotain');
}

export const chevrotain = await loadChevrotain();
