/**
 * The `zapis` command the README's setup installs (issue 18): from another
 * folder, with relative paths and redirected output, it writes nothing but
 * its own output. Skipped, with a message, where the command is not installed
 * or points at another clone (the setup line was not run here).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from './run-cli.js';

function installedClone(): string | undefined {
  const found = spawnSync('sh', ['-c', 'command -v zapis'], { encoding: 'utf8' });
  if (found.status !== 0) return undefined;
  // npm links the command to <clone>/apps/cli/dist/bin.js.
  const target = realpathSync(found.stdout.trim());
  return target.endsWith(join('apps', 'cli', 'dist', 'bin.js')) ? realpathSync(join(target, '..', '..', '..', '..')) : undefined;
}

const clone = installedClone();
const here = realpathSync(repositoryRoot);
const reason = clone === undefined ? 'no zapis command on PATH' : clone !== here ? `zapis points at ${clone}, not this clone` : '';
if (reason !== '') console.log(`skipping the installed-command tests: ${reason} (run the README's setup line)`);

describe.skipIf(reason !== '')('the installed zapis command', () => {
  const folder = mkdtempSync(join(tmpdir(), 'zapis-command-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('resolves paths from the folder it runs in and keeps redirected output clean', () => {
    writeFileSync(join(folder, 'polish.pgn'), '[Event "t"]\n\n1. e4 e5 2. Sf3 Sc6 3. Gb5 a6 *\n');
    const result = spawnSync('sh', ['-c', 'zapis convert polish.pgn --to en > out.pgn'], { cwd: folder, encoding: 'utf8' });
    expect(result.status).toBe(0);
    const written = readFileSync(join(folder, 'out.pgn'), 'utf8');
    // The first byte is the PGN's: no banner of a package manager before it.
    expect(written.startsWith('[Event "t"]')).toBe(true);
    expect(written).toContain('1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *');
  });

  it('keeps its exit status when the reader closes the pipe early', () => {
    writeFileSync(join(folder, 'bad.pgn'), '1. e4 e5 2. Nf4 *\n'.repeat(2000));
    const result = spawnSync('bash', ['-c', 'set -o pipefail; zapis validate bad.pgn | head -1 > /dev/null'], { cwd: folder, encoding: 'utf8' });
    expect(result.status).toBe(1);
  });
});
