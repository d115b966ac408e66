/** Where a package's compiled worker module is, whether the module that starts it runs compiled or from its sources. */
import { existsSync } from 'node:fs';

/**
 * The compiled worker `file` beside the module at `from` (its `import.meta.url`): in dist when that module
 * runs from dist, and in the package's dist when it runs from its TypeScript sources in `src` (tests), where
 * no compiled worker stands beside it. Workers run compiled JavaScript either way.
 */
export function compiledWorker(file: string, from: string | URL): URL {
  const beside = new URL(`./${file}`, from);
  return existsSync(beside) ? beside : new URL(`../dist/${file}`, from);
}
