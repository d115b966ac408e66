/**
 * docs/cli.md, docs/codes.md and docs/languages.md are generated (`pnpm docs:reference`): each must equal what the code
 * renders now, so a new option, code or language cannot leave the docs behind. Every code's example must raise
 * its code at its documented severity, and the help topics work through the built command.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ruleDescriptions } from '@zapis/archive';
import { LANGUAGE_CODES } from '@zapis/notation';
import { describe, expect, it } from 'vitest';
import { CODE_CATALOGUE } from '../src/help/code-catalogue.js';
import { exampleOutput, renderCliReference, renderCodes, renderLanguages } from '../scripts/reference.js';
import { repositoryRoot } from './run-cli.js';

const docsFile = (name: string): string => readFileSync(join(repositoryRoot, 'docs', name), 'utf8');
const STALE = 'is out of date: run `pnpm docs:reference` and commit the result';

describe('the generated docs', () => {
  it('docs/cli.md is the help of every command', async () => {
    expect(docsFile('cli.md'), `docs/cli.md ${STALE}`).toBe(await renderCliReference());
    for (const command of ['validate', 'convert', 'reconcile', 'decode', 'read', 'print', 'demo', 'merge-reports', 'merge-reads']) {
      expect(docsFile('cli.md')).toContain(`## zapis ${command}\n`);
    }
  });

  it('docs/languages.md lists every language the notation reads, with its letters', () => {
    const text = docsFile('languages.md');
    expect(text, `docs/languages.md ${STALE}`).toBe(renderLanguages());
    const listed = [...text.matchAll(/^\| `([a-z]{2})` \|/gm)].map((match) => match[1]);
    expect(listed).toEqual([...LANGUAGE_CODES]);
    expect(listed).toHaveLength(26);
    expect(text).toContain('| `pl` | Polish | K | H | W | G | S | P |');
    expect(text).toContain('| `ru` | Russian | Кр | Ф | Л | С | К |');
  });

  it('the code catalogue holds every code a report can carry, once', () => {
    const documented = CODE_CATALOGUE.map((entry) => entry.code);
    expect(new Set(documented).size).toBe(documented.length);
    expect([...documented].sort()).toEqual(Object.keys(ruleDescriptions()).sort());
  });

  it('every example raises its code at its documented severity', async () => {
    for (const entry of CODE_CATALOGUE) {
      if (entry.noExample !== undefined) continue;
      const output = await exampleOutput(entry);
      expect(output.json.length, `${entry.code}: its example does not raise it`).toBeGreaterThan(0);
      expect(output.json[0]!['severity'], entry.code).toBe(entry.severity);
      expect(output.text, entry.code).toContain(`${entry.severity}[${entry.code}]`);
      expect(output.code, entry.code).toBe(entry.severity === 'error' ? 1 : 0);
    }
  });

  it('docs/codes.md is the catalogue with what each example prints', async () => {
    expect(docsFile('codes.md'), `docs/codes.md ${STALE}`).toBe(await renderCodes());
  });
});

describe('zapis help topics (the built command)', () => {
  const bin = join(repositoryRoot, 'apps', 'cli', 'dist', 'bin.js');
  const zapis = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', cwd: repositoryRoot });

  it('names the topics in the main help', () => {
    const result = zapis('--help');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('zapis help languages');
    expect(result.stdout).toContain('zapis help codes');
  });

  it('lists the languages with their letters', () => {
    const result = zapis('help', 'languages');
    expect(result.status).toBe(0);
    for (const code of LANGUAGE_CODES) expect(result.stdout).toMatch(new RegExp(`^${code} `, 'm'));
    expect(result.stdout).toMatch(/^cs +Czech +K +D +V +S +J/m);
    expect(result.stdout).toContain('S: knight (pl, de, sv, da, no, hr, sr, bs, sl); bishop (cs, sk)');
  });

  it('lists every code with its severity and fix', () => {
    const result = zapis('help', 'codes');
    expect(result.status).toBe(0);
    for (const entry of CODE_CATALOGUE) expect(result.stdout).toMatch(new RegExp(`^  ${entry.code} +${entry.severity} `, 'm'));
    expect(result.stdout).toContain('fix: Add the file or rank of the piece that moved');
  });

  it('still gives a command\'s help, and answers an unknown name with exit 2 and one line', () => {
    expect(zapis('help', 'convert').stdout).toContain('Usage: zapis convert');
    const unknown = zapis('help', 'langauges');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toBe("zapis: no command or help topic 'langauges': try one of validate, convert, reconcile, decode, read, print, demo, merge-reports, merge-reads, help, languages, codes, readers, review\n");
  });
});
