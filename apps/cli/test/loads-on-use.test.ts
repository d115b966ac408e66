/**
 * Issue 57.1: a command loads only what its input needs. The built command
 * runs under a probe that records, at exit, the Node built-ins it loaded and
 * the files it required: validating a clean game loads neither chevrotain nor
 * worker_threads, zlib, readline or child_process; a game that needs the
 * grammar loads chevrotain, and a gzipped file loads zlib, so the probe is
 * seen to notice what it looks for.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const CLEAN_GAME = '[Event "Club"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n';
// A comment, a variation and a word that is no move take the game off the fast lane, onto the grammar.
const GRAMMAR_GAME = '[Event "Club"]\n\n1. e4 {best} (1. d4 d5) e5 2. Nf3 Nc6 3. Bb5 a6 4. Zz9 *\n';
const ON_USE_BUILTINS = ['worker_threads', 'zlib', 'readline', 'child_process'];

const folder = mkdtempSync(join(tmpdir(), 'zapis-loads-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const probe = join(folder, 'probe.mjs');
writeFileSync(probe, [
  "import { createRequire } from 'node:module';",
  "import { writeFileSync } from 'node:fs';",
  'const cache = createRequire(import.meta.url).cache;',
  "process.on('exit', () => writeFileSync(process.env.ZAPIS_PROBE_OUT, JSON.stringify({",
  "  builtins: process.moduleLoadList.filter((entry) => entry.startsWith('NativeModule ')).map((entry) => entry.slice(13)),",
  '  files: Object.keys(cache),',
  '})));',
].join('\n'));

interface Loaded {
  readonly builtins: readonly string[];
  readonly files: readonly string[];
  readonly exitCode: number | null;
}

function validateUnderProbe(name: string, bytes: string | Buffer): Loaded {
  const input = join(folder, name);
  writeFileSync(input, bytes);
  const out = join(folder, `${name}.loaded.json`);
  const result = spawnSync(process.execPath, ['--import', probe, BIN, 'validate', '-q', input], {
    encoding: 'utf8',
    env: { ...process.env, ZAPIS_PROBE_OUT: out },
  });
  return { ...(JSON.parse(readFileSync(out, 'utf8')) as Omit<Loaded, 'exitCode'>), exitCode: result.status };
}

const loadsChevrotain = (loaded: Loaded): boolean => loaded.files.some((file) => /[\\/]chevrotain[\\/]/.test(file));

describe('what a command loads', () => {
  it('validating a clean game loads neither the grammar nor the built-ins only other inputs need', () => {
    const loaded = validateUnderProbe('clean.pgn', CLEAN_GAME);
    expect(loaded.exitCode).toBe(0);
    expect(loadsChevrotain(loaded)).toBe(false);
    expect(loaded.builtins.filter((name) => ON_USE_BUILTINS.includes(name))).toEqual([]);
  });

  it('a game off the fast lane loads chevrotain, and still gets its error', () => {
    const loaded = validateUnderProbe('grammar.pgn', GRAMMAR_GAME);
    expect(loadsChevrotain(loaded)).toBe(true);
    expect(loaded.exitCode).toBe(1);
  });

  it('a gzipped file loads zlib', () => {
    const loaded = validateUnderProbe('clean.pgn.gz', gzipSync(CLEAN_GAME));
    expect(loaded.exitCode).toBe(0);
    expect(loaded.builtins).toContain('zlib');
    expect(loadsChevrotain(loaded)).toBe(false);
  });
});
