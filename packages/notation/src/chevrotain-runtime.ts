/**
 * chevrotain's runtime. In Node it is loaded on first use: a run whose games
 * all take the replay kernel's fast lane never loads it, and a short command
 * starts that much sooner. Node (≥ 20.19) requires ES modules synchronously,
 * so it is required from the single-file bundle the package ships
 * (lib/chevrotain.min.mjs) when it is there, since its modular build loads
 * hundreds of files, and from the package's own entry otherwise. A browser
 * has no synchronous loader: there chevrotain is imported with this module,
 * as a bundler resolves any dependency. Everything in @zapis/notation takes
 * chevrotain from here, so only one copy of its classes is ever in use.
 */
import type * as Chevrotain from 'chevrotain';

const inNode = typeof process !== 'undefined' && typeof process.getBuiltinModule === 'function';

let loaded: typeof Chevrotain | undefined = inNode ? undefined : await import('chevrotain');

export function chevrotain(): typeof Chevrotain {
  loaded ??= requireChevrotain();
  return loaded;
}

function requireChevrotain(): typeof Chevrotain {
  const { createRequire } = process.getBuiltinModule('node:module');
  const { existsSync } = process.getBuiltinModule('node:fs');
  const { dirname, join } = process.getBuiltinModule('node:path');
  const require = createRequire(import.meta.url);
  const entry = require.resolve('chevrotain'); // …/chevrotain/lib/src/api.js
  const bundle = join(dirname(entry), '..', 'chevrotain.min.mjs');
  return require(existsSync(bundle) ? bundle : 'chevrotain') as typeof Chevrotain;
}
