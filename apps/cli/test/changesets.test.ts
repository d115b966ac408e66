/**
 * Every changeset names packages of this workspace: one naming another (`@zapis/cli` for the CLI, which is
 * published as `zapis`) makes `changeset status` and `changeset version` fail for every package.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from './run-cli.js';

const workspaceNames = new Set(['packages', 'apps'].flatMap((group) => readdirSync(join(repositoryRoot, group)).flatMap((folder) => {
  try {
    return [(JSON.parse(readFileSync(join(repositoryRoot, group, folder, 'package.json'), 'utf8')) as { name: string }).name];
  } catch {
    return [];
  }
})));

describe('changesets', () => {
  const folder = join(repositoryRoot, '.changeset');
  const files = readdirSync(folder).filter((name) => name.endsWith('.md') && name !== 'README.md');

  it('each names only packages of the workspace, with a bump and a summary', () => {
    expect(workspaceNames.has('zapis')).toBe(true);
    for (const file of files) {
      const text = readFileSync(join(folder, file), 'utf8');
      const front = /^---\n([\s\S]*?)\n---\n([\s\S]+)$/u.exec(text);
      expect(front, `${file}: front matter`).not.toBeNull();
      const entries = front![1].split('\n').filter((line) => line.trim() !== '');
      expect(entries.length, `${file}: no package named`).toBeGreaterThan(0);
      for (const entry of entries) {
        const match = /^"([^"]+)": (major|minor|patch)$/u.exec(entry.trim());
        expect(match, `${file}: ${entry}`).not.toBeNull();
        expect(workspaceNames.has(match![1]), `${file}: ${match![1]} is not a package of this workspace`).toBe(true);
      }
      expect(front![2].trim().length, `${file}: summary`).toBeGreaterThan(20);
    }
  });

  it('every published package keeps its history in a CHANGELOG.md, written by `changeset version`', () => {
    const published = ['packages', 'apps'].flatMap((group) => readdirSync(join(repositoryRoot, group)).flatMap((folder) => {
      try {
        const manifest = JSON.parse(readFileSync(join(repositoryRoot, group, folder, 'package.json'), 'utf8')) as { private?: boolean };
        return manifest.private === true ? [] : [join(group, folder)];
      } catch {
        return [];
      }
    }));
    expect(published.length).toBeGreaterThan(0);
    for (const folder of published) {
      const changelog = join(repositoryRoot, folder, 'CHANGELOG.md');
      expect(existsSync(changelog), `${folder}/CHANGELOG.md`).toBe(true);
      expect(readFileSync(changelog, 'utf8'), `${folder}/CHANGELOG.md`).toMatch(/^# \S+\n\n## \d+\.\d+\.\d+/u);
    }
  });
});
