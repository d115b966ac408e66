/**
 * chevrotain's runtime, loaded on first use: a run whose games all take the
 * replay kernel's fast lane never loads it, and a short command starts that
 * much sooner. It is required synchronously (Node ≥ 20.19 loads ES modules
 * through require), from the single-file bundle the package ships
 * (lib/chevrotain.min.mjs) when it is there: its modular build loads hundreds
 * of files. Falls back to the package's own entry. Everything in
 * @zapis/notation takes chevrotain from here, so only one copy of its classes
 * is ever in use.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as Chevrotain from 'chevrotain';

let loaded: typeof Chevrotain | undefined;

export function chevrotain(): typeof Chevrotain {
  loaded ??= loadChevrotain();
  return loaded;
}

function loadChevrotain(): typeof Chevrotain {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('chevrotain'); // …/chevrotain/lib/src/api.js
  const bundle = join(dirname(entry), '..', 'chevrotain.min.mjs');
  return require(existsSync(bundle) ? bundle : 'chevrotain') as typeof Chevrotain;
}
