/** Every function in packages/*\/src and apps/*\/src fits on a screen or two, or says why not (function-length.ts). */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MAX_FUNCTION_LINES, longFunctions } from './function-length.js';

const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));

/** The sources checked: tracked ones and new ones not ignored, as git lists them. */
function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', ':(glob)packages/*/src/**', ':(glob)apps/*/src/**'], {
    cwd: REPOSITORY, encoding: 'utf8',
  });
  return [...new Set(listed.split('\n'))].filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts') && existsSync(join(REPOSITORY, file)));
}

/** A function of `lines` lines (a body of `lines - 2` statements). */
function functionOf(name: string, lines: number): string {
  return `function ${name}(): number {\n${'  void 0;\n'.repeat(lines - 2)}}\n`;
}

describe('the function length check', () => {
  it('names a function over the limit, and lets one at the limit pass', () => {
    const text = `${functionOf('atLimit', MAX_FUNCTION_LINES)}\n${functionOf('tooLong', MAX_FUNCTION_LINES + 1)}`;
    expect(longFunctions('example.ts', text)).toEqual([{ file: 'example.ts', line: MAX_FUNCTION_LINES + 2, name: 'tooLong', lines: MAX_FUNCTION_LINES + 1 }]);
  });

  it('finds arrow functions, methods and components (TSX) by the name that holds them', () => {
    const body = '  void 0;\n'.repeat(MAX_FUNCTION_LINES);
    const text = `export const handler = () => {\n${body}};\nclass Reader {\n  read(): void {\n${body}  }\n}\nconst View = () => {\n${body}  return <div />;\n};\n`;
    expect(longFunctions('view.tsx', text).map((found) => found.name)).toEqual(['handler', 'read', 'View']);
  });

  it('lets a marked data table or hot path pass, but not a hot path marked without its bench figure', () => {
    const long = functionOf('table', MAX_FUNCTION_LINES + 10);
    expect(longFunctions('a.ts', `// length: data table\n${long}`)).toEqual([]);
    expect(longFunctions('b.ts', `/** Docs. */\n// length: hot path, kept whole: split, perft fell from 14.2 to 12.9 Mnps\n${long}`)).toEqual([]);
    expect(longFunctions('c.ts', `// length: hot path, kept whole\n${long}`)).toHaveLength(1);
    expect(longFunctions('d.ts', `// length: data table\nconst make = () => 1;\n${long}`)).toHaveLength(1);
  });
});

describe('the sources', () => {
  it(`have no function over ${MAX_FUNCTION_LINES} lines without a marker`, () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => longFunctions(file, readFileSync(join(REPOSITORY, file), 'utf8')));
    expect(found.map(({ file, line, name, lines }) => `${file}:${line} ${name} (${lines} lines)`)).toEqual([]);
  });
});
