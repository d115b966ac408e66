/**
 * Where the read-only shared material lives: `../shared` beside the repository
 * root, or ZAPIS_SHARED. Tests skip with a message when it is absent.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

export const SHARED_DIR: string = process.env.ZAPIS_SHARED ?? join(repositoryRoot, '..', 'shared');
export const REPOSITORY_ROOT: string = repositoryRoot;

export const hasShared = (): boolean => existsSync(join(SHARED_DIR, 'README.md'));

export const sharedPath = (...parts: string[]): string => join(SHARED_DIR, ...parts);

export const SHARED_MISSING_MESSAGE = `../shared not found at ${SHARED_DIR}: skipping tests on shared data (set ZAPIS_SHARED to point elsewhere)`;

/** Logs once why shared-data tests are skipped, and returns whether they should be. */
export function skipWithoutShared(): boolean {
  if (hasShared()) return false;
  console.warn(SHARED_MISSING_MESSAGE);
  return true;
}
