/**
 * The runnable examples of the packages' READMEs: a ```ts block whose info string says `runnable`, followed by
 * a ```text block with what it prints. The example is compiled to plain ESM JavaScript (types stripped) so it
 * runs under plain `node` wherever the packages are installed: in the workspace or in a scratch project.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { repositoryRoot } from './run-cli.js';

export interface ReadmeExample {
  /** The README it comes from, relative to the repository. */
  readonly readme: string;
  /** The line of the opening fence. */
  readonly line: number;
  readonly source: string;
  /** What it prints on standard output. */
  readonly expected: string;
}

/** The packages with a README to check, as folders of the repository. */
export const PACKAGE_FOLDERS: readonly string[] = [
  'packages/core', 'packages/notation', 'packages/game', 'packages/replay-kernel', 'packages/archive',
  'packages/decode', 'packages/sheet', 'packages/pdf', 'packages/ocr', 'packages/reading', 'packages/desk', 'packages/workers', 'apps/cli',
];

const FENCE = /^```(\S*)(.*)$/;

export function readmeExamples(readme: string): ReadmeExample[] {
  const lines = readFileSync(join(repositoryRoot, readme), 'utf8').split('\n');
  const blocks: { info: string; line: number; body: string }[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = FENCE.exec(lines[index]!);
    if (!open) continue;
    const start = index;
    const body: string[] = [];
    for (index++; index < lines.length && !lines[index]!.startsWith('```'); index++) body.push(lines[index]!);
    blocks.push({ info: `${open[1]}${open[2]}`.trim(), line: start + 1, body: body.join('\n') });
  }
  const examples: ReadmeExample[] = [];
  blocks.forEach((block, index) => {
    if (!/^ts\b.*\brunnable\b/.test(block.info)) return;
    const output = blocks[index + 1];
    if (output === undefined || !output.info.startsWith('text')) throw new Error(`${readme}:${block.line}: a runnable example needs a \`\`\`text block with its output after it`);
    examples.push({ readme, line: block.line, source: block.body, expected: output.body });
  });
  return examples;
}

/** The example as plain ESM JavaScript. */
export function compileExample(example: ReadmeExample): string {
  const compiled = ts.transpileModule(example.source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
    reportDiagnostics: true,
    fileName: 'example.ts',
  });
  const problems = compiled.diagnostics ?? [];
  if (problems.length > 0) throw new Error(`${example.readme}:${example.line}: ${ts.flattenDiagnosticMessageText(problems[0]!.messageText, '\n')}`);
  return compiled.outputText;
}

export interface ExampleRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the example with plain node from `folder`, where its imports must resolve. */
export function runExample(example: ReadmeExample, folder: string, name: string): ExampleRun {
  const file = join(folder, `${name}.mjs`);
  writeFileSync(file, compileExample(example));
  try {
    const result = spawnSync(process.execPath, [file], { cwd: folder, encoding: 'utf8', timeout: 120_000 });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  } finally {
    rmSync(file, { force: true });
  }
}

/** Output compared line by line without trailing spaces or blank lines at the end. */
export const normaliseOutput = (text: string): string => text.split('\n').map((line) => line.trimEnd()).join('\n').trimEnd();
