/** Runs the CLI in-process with captured output, from the repository root. */
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { runCli, type CliIo } from '../src/index.js';

export const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  /** Standard output as bytes, for binary output such as PDF. */
  readonly stdoutBytes: Buffer;
  readonly stderr: string;
  /** Both streams' writes in the order they were made: what a person sees on a terminal. */
  readonly timeline: readonly { readonly stream: 'stdout' | 'stderr'; readonly text: string }[];
}

/** Runs the CLI in-process; `tty` makes it believe standard error is a terminal (progress lines). */
export async function run(args: string[], options: { stdin?: string; cwd?: string; tty?: boolean } = {}): Promise<CliRun> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: Buffer[] = [];
  let err = '';
  const timeline: { stream: 'stdout' | 'stderr'; text: string }[] = [];
  stdout.on('data', (chunk: Buffer) => {
    out.push(chunk);
    timeline.push({ stream: 'stdout', text: chunk.toString() });
  });
  stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString();
    timeline.push({ stream: 'stderr', text: chunk.toString() });
  });
  const stdin = new PassThrough();
  stdin.end(options.stdin ?? '');
  const io: CliIo = { stdout, stderr, stdin, cwd: options.cwd ?? repositoryRoot, isTty: options.tty ?? false };
  const code = await runCli(args, io);
  const bytes = Buffer.concat(out);
  return { code, stdout: bytes.toString('utf8'), stdoutBytes: bytes, stderr: err, timeline };
}

/** NDJSON lines as objects. */
export const jsonLines = (text: string): Record<string, unknown>[] =>
  text.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
