/**
 * The packages' layers (docs/architecture.md): each package may use only the packages below it, in its package.json
 * and in its source. The scan path is three layers that never mix: ocr (pixels to cell readings) knows nothing of
 * decoding or games; decode knows no OCR engine; reading joins them; desk and the apps sit on top.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '../src/shared.js';

/** What each workspace package may depend on (its runtime dependencies and what its src imports). */
export const ALLOWED_DEPENDENCIES: Readonly<Record<string, readonly string[]>> = {
  '@zapis/core': [],
  '@zapis/workers': [],
  '@zapis/notation': ['@zapis/core'],
  '@zapis/sheet': ['@zapis/core'],
  '@zapis/replay-kernel': ['@zapis/core'],
  '@zapis/game': ['@zapis/core', '@zapis/notation', '@zapis/replay-kernel'],
  '@zapis/pdf': ['@zapis/core', '@zapis/sheet'],
  '@zapis/ocr': ['@zapis/core', '@zapis/sheet', '@zapis/workers'],
  '@zapis/decode': ['@zapis/core', '@zapis/notation'],
  '@zapis/archive': ['@zapis/core', '@zapis/notation', '@zapis/game', '@zapis/replay-kernel', '@zapis/workers'],
  '@zapis/reading': ['@zapis/core', '@zapis/notation', '@zapis/game', '@zapis/sheet', '@zapis/ocr', '@zapis/decode'],
  '@zapis/desk': ['@zapis/core', '@zapis/notation', '@zapis/game', '@zapis/sheet', '@zapis/ocr', '@zapis/decode', '@zapis/reading'],
  '@zapis/testkit': [],
};

/** Never, not even for tests, benches or evaluations: the layers a package must not know at all. */
export const FORBIDDEN_EVEN_IN_DEVELOPMENT: Readonly<Record<string, readonly string[]>> = {
  '@zapis/ocr': ['@zapis/decode', '@zapis/game', '@zapis/reading', '@zapis/desk', '@zapis/archive'],
  '@zapis/decode': ['@zapis/ocr', '@zapis/reading', '@zapis/desk', '@zapis/archive'],
  '@zapis/core': ['@zapis/notation', '@zapis/game', '@zapis/decode', '@zapis/ocr', '@zapis/reading', '@zapis/desk', '@zapis/archive'],
};

interface WorkspacePackage {
  readonly name: string;
  readonly folder: string;
  readonly dependencies: readonly string[];
  readonly devDependencies: readonly string[];
}

const internal = (name: string): boolean => name.startsWith('@zapis/') || name === 'zapis';

function workspacePackages(root: string): WorkspacePackage[] {
  return ['packages', 'apps'].flatMap((group) => readdirSync(join(root, group)).flatMap((folder) => {
    const path = join(root, group, folder, 'package.json');
    let manifest: { name: string; dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
    try {
      manifest = JSON.parse(readFileSync(path, 'utf8')) as typeof manifest;
    } catch {
      return [];
    }
    return [{
      name: manifest.name, folder: join(group, folder),
      dependencies: Object.keys(manifest.dependencies ?? {}).filter(internal),
      devDependencies: Object.keys(manifest.devDependencies ?? {}).filter(internal),
    }];
  }));
}

function sourceFiles(folder: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(folder);
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) return [];
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry) && !entry.endsWith('.d.ts') ? [path] : [];
  });
}

/** The workspace packages a file imports: by name, or by a relative path into another package's folder. */
export function importedPackages(text: string, file: string, folderOf: ReadonlyMap<string, string>): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)) {
    const specifier = match[1];
    const named = /^(@zapis\/[a-z-]+|zapis)(?:\/|$)/.exec(specifier);
    if (named) {
      found.add(named[1]);
      continue;
    }
    if (!specifier.startsWith('.')) continue;
    const target = relative(REPOSITORY_ROOT, resolve(file, '..', specifier));
    for (const [name, folder] of folderOf) if (target.startsWith(`${folder}/`)) found.add(name);
  }
  return [...found];
}

/** Every way a package breaks its layer, as readable lines. */
export function layerViolations(root: string): string[] {
  const packages = workspacePackages(root);
  const folderOf = new Map(packages.map((pkg) => [pkg.name, pkg.folder]));
  const violations: string[] = [];
  for (const pkg of packages) {
    const allowed = ALLOWED_DEPENDENCIES[pkg.name];
    const forbidden = FORBIDDEN_EVEN_IN_DEVELOPMENT[pkg.name] ?? [];
    for (const dependency of pkg.dependencies) {
      if (allowed && !allowed.includes(dependency)) violations.push(`${pkg.folder}/package.json: depends on ${dependency}`);
    }
    for (const dependency of pkg.devDependencies) {
      if (forbidden.includes(dependency)) violations.push(`${pkg.folder}/package.json: devDependency on ${dependency}`);
    }
    for (const part of ['src', 'test', 'bench', 'evaluation', 'training', 'scripts']) {
      for (const file of sourceFiles(join(root, pkg.folder, part))) {
        const shown = relative(root, file);
        for (const imported of importedPackages(readFileSync(file, 'utf8'), file, folderOf)) {
          if (imported === pkg.name) continue;
          if (part === 'src' && allowed && !allowed.includes(imported)) violations.push(`${shown}: imports ${imported}`);
          else if (forbidden.includes(imported)) violations.push(`${shown}: imports ${imported}`);
        }
      }
    }
  }
  return violations;
}

describe('the packages\u2019 layers', () => {
  it('every package is placed in a layer', () => {
    const unplaced = workspacePackages(REPOSITORY_ROOT).filter((pkg) => pkg.folder.startsWith('packages/') && !(pkg.name in ALLOWED_DEPENDENCIES));
    expect(unplaced.map((pkg) => pkg.name)).toEqual([]);
  });

  it('no package uses a package its layer must not', () => {
    expect(layerViolations(REPOSITORY_ROOT)).toEqual([]);
  });

  it('finds an import across the layers, by name or by a relative path', () => {
    const folderOf = new Map([['@zapis/decode', 'packages/decode'], ['@zapis/ocr', 'packages/ocr']]);
    const file = join(REPOSITORY_ROOT, 'packages/ocr/src/example.ts');
    expect(importedPackages("import { decodeSheets } from '@zapis/decode';", file, folderOf)).toEqual(['@zapis/decode']);
    expect(importedPackages("import type { X } from '@zapis/decode/internal';", file, folderOf)).toEqual(['@zapis/decode']);
    expect(importedPackages("import { y } from '../../decode/src/decode.js';", file, folderOf)).toEqual(['@zapis/decode']);
    expect(importedPackages("const m = await import('@zapis/decode');", file, folderOf)).toEqual(['@zapis/decode']);
    expect(importedPackages("import { z } from './homography.js';", file, folderOf)).toEqual(['@zapis/ocr']);
  });
});
