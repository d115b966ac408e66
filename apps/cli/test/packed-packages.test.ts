/**
 * The packages as npm would publish them: each is packed (`pnpm pack`, which turns `workspace:*` into versions),
 * its tarball is checked against its package.json (types, exports, files, licence), and all tarballs are
 * installed with npm into a scratch project outside the workspace, where every README example must print what
 * its README says and the installed `zapis` command must run. Install scripts are not run, as in the
 * workspace (pnpm-workspace.yaml: onnxruntime-node's would fetch CUDA binaries).
 *
 * Skips with a message when pnpm or npm is missing, when the packages are not built, when ZAPIS_SKIP_PACK is
 * set, or (the install part) when npm cannot reach its registry for the third-party dependencies.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_FOLDERS, normaliseOutput, readmeExamples, runExample } from './readme-examples.js';
import { repositoryRoot } from './run-cli.js';

const commandWorks = (command: string): boolean => spawnSync(command, ['--version'], { encoding: 'utf8' }).status === 0;

function skipReason(): string {
  if (process.env['ZAPIS_SKIP_PACK']) return 'ZAPIS_SKIP_PACK is set';
  if (!commandWorks('pnpm')) return 'pnpm is not on PATH';
  if (!commandWorks('npm')) return 'npm is not on PATH';
  const unbuilt = PACKAGE_FOLDERS.filter((folder) => !existsSync(join(repositoryRoot, folder, 'dist', 'index.js')));
  if (unbuilt.length > 0) return `not built: ${unbuilt.join(', ')} (run pnpm build)`;
  return '';
}

const reason = skipReason();
if (reason !== '') console.log(`skipping the pack-and-install tests: ${reason}`);

/** npm's failures that mean the registry cannot be reached, not that a package is wrong. */
const OFFLINE = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|ENOTCACHED|network/i;

interface PackedPackage {
  readonly folder: string;
  readonly tarball: string;
  readonly files: readonly string[];
  readonly manifest: Record<string, unknown>;
}

function run(command: string, args: readonly string[], cwd: string, timeout = 300_000) {
  return spawnSync(command, [...args], { cwd, encoding: 'utf8', timeout, env: { ...process.env, npm_config_update_notifier: 'false' } });
}

/** Every path a package.json points at: main, types, bin and each exports target. */
function promisedFiles(manifest: Record<string, unknown>): string[] {
  const paths: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') paths.push(value);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(manifest['exports']);
  walk(manifest['bin']);
  for (const field of ['main', 'types']) walk(manifest[field]);
  return [...new Set(paths.map((path) => path.replace(/^\.\//, '')))];
}

describe.skipIf(reason !== '')('the packed packages', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'zapis-pack-'));
  const tarballs = join(scratch, 'tarballs');
  const project = join(scratch, 'project');
  const packed: PackedPackage[] = [];

  beforeAll(() => {
    mkdirSync(tarballs);
    for (const folder of PACKAGE_FOLDERS) {
      const before = new Set(readdirSync(tarballs));
      const result = run('pnpm', ['pack', '--pack-destination', tarballs], join(repositoryRoot, folder));
      if (result.status !== 0) throw new Error(`pnpm pack in ${folder} failed: ${result.stderr}`);
      const tarball = readdirSync(tarballs).find((name) => !before.has(name));
      if (tarball === undefined) throw new Error(`pnpm pack in ${folder} wrote no tarball`);
      const path = join(tarballs, tarball);
      const files = run('tar', ['-tzf', path], scratch).stdout.split('\n').filter(Boolean).map((name) => name.replace(/^package\//, ''));
      const manifest = JSON.parse(run('tar', ['-xzOf', path, 'package/package.json'], scratch).stdout) as Record<string, unknown>;
      packed.push({ folder, tarball: path, files, manifest });
    }
  });

  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('holds what each package.json promises, its README and licence, and no sources or tests', () => {
    expect(packed.map((entry) => entry.folder)).toEqual([...PACKAGE_FOLDERS]);
    for (const { folder, files, manifest } of packed) {
      expect(manifest['license'], folder).toBe('MIT');
      expect(typeof manifest['types'], `${folder}: types`).toBe('string');
      for (const file of ['package.json', 'README.md', 'LICENSE', 'dist/index.js', 'dist/index.d.ts']) expect(files, `${folder}: ${file}`).toContain(file);
      for (const file of promisedFiles(manifest)) {
        // A subpath pattern (`./models/*`) promises at least one file it matches.
        if (file.includes('*')) {
          const [head, tail] = file.split('*');
          expect(files.some((packedFile) => packedFile.startsWith(head) && packedFile.endsWith(tail) && packedFile.length > head.length + tail.length), `${folder}: package.json points at ${file}`).toBe(true);
        } else {
          expect(files, `${folder}: package.json points at ${file}`).toContain(file);
        }
      }
      expect(files.filter((file) => /^(src|test|bench)\//.test(file) || file.endsWith('.test.js')), folder).toEqual([]);
      const ranges = JSON.stringify([manifest['dependencies'] ?? {}, manifest['peerDependencies'] ?? {}]);
      expect(ranges, `${folder}: a workspace: range was published`).not.toContain('workspace:');
    }
  });

  it('installs outside the workspace and runs every README example and the zapis command there', (context) => {
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'zapis-pack-check', private: true, type: 'module' }));
    const install = run('npm', ['install', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund', ...packed.map((entry) => entry.tarball)], project, 600_000);
    if (install.status !== 0 && OFFLINE.test(install.stderr)) {
      console.log(`skipping the install part: npm cannot reach its registry for the third-party dependencies:\n${install.stderr.split('\n').slice(0, 5).join('\n')}`);
      context.skip();
    }
    expect(install.status, install.stderr).toBe(0);

    for (const folder of PACKAGE_FOLDERS) {
      for (const [number, example] of readmeExamples(`${folder}/README.md`).entries()) {
        const result = runExample(example, project, `example-${number}`);
        const where = `${example.readme}:${example.line}, installed from its tarball`;
        expect(result.stderr, where).toBe('');
        expect(result.status, where).toBe(0);
        expect(normaliseOutput(result.stdout), where).toBe(normaliseOutput(example.expected));
      }
    }

    writeFileSync(join(project, 'game.pgn'), '[Event "t"]\n\n1. e4 e5 2. Sf3 Sc6 3. Gb5 a6 4. Hxf7 *\n');
    const zapis = join(project, 'node_modules', '.bin', 'zapis');
    const validated = run(zapis, ['validate', 'game.pgn'], project);
    expect(validated.status).toBe(1);
    expect(validated.stdout).toContain('game.pgn:3:');
    expect(validated.stdout).toContain("'Hxf7'");
    const languages = run(zapis, ['help', 'languages'], project);
    expect(languages.status).toBe(0);
    expect(languages.stdout).toMatch(/^pl +Polish +K +H +W +G +S/m);
  });
});
