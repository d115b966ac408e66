/**
 * Every package's README example runs and prints what the README says it prints. Examples run as a user would
 * run them: compiled to plain JavaScript and run by node from the package's folder, importing the package by its
 * name (its built dist/). packed-packages.test.ts runs the same examples from installed tarballs.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_FOLDERS, normaliseOutput, readmeExamples, runExample } from './readme-examples.js';
import { repositoryRoot } from './run-cli.js';

describe('the packages\' README examples', () => {
  it('every publishable package has a README with a runnable example', () => {
    for (const folder of PACKAGE_FOLDERS) {
      expect(existsSync(join(repositoryRoot, folder, 'README.md')), `${folder}/README.md`).toBe(true);
      expect(readmeExamples(`${folder}/README.md`).length, `${folder}/README.md has no runnable example`).toBeGreaterThan(0);
    }
  });

  for (const folder of PACKAGE_FOLDERS) {
    it(`${folder}/README.md`, () => {
      for (const [number, example] of readmeExamples(`${folder}/README.md`).entries()) {
        const result = runExample(example, join(repositoryRoot, folder), `.readme-example-${number}`);
        const where = `${example.readme}:${example.line}`;
        expect(result.stderr, where).toBe('');
        expect(result.status, where).toBe(0);
        expect(normaliseOutput(result.stdout), where).toBe(normaliseOutput(example.expected));
      }
    });
  }
});
