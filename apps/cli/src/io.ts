/** What a command may touch of the outside world, so tests can run commands in-process. */
import { Writable } from 'node:stream';

export interface CliIo {
  readonly stdout: Writable;
  readonly stderr: Writable;
  readonly stdin: NodeJS.ReadableStream;
  readonly cwd: string;
  /** Whether stdout/stderr are terminals (for progress and colour). */
  readonly isTty: boolean;
}

export const processIo = (): CliIo => ({
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  cwd: process.cwd(),
  isTty: Boolean(process.stderr.isTTY),
});

/** Exit codes of ARCHITECTURE.md: 0 good (warnings allowed), 1 errors in the input, 2 bad usage or unreadable input. */
export const EXIT_OK = 0;
export const EXIT_INPUT_ERRORS = 1;
export const EXIT_USAGE = 2;

/** A failure the user caused (bad flag, missing file): printed as one line, never a stack trace. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
