/** What a command may touch of the outside world, so tests can run commands in-process. */
import { Writable } from 'node:stream';

export interface CliIo {
  readonly stdout: Writable;
  readonly stderr: Writable;
  readonly stdin: NodeJS.ReadableStream;
  readonly cwd: string;
  /** Whether standard error is a terminal (for progress lines). */
  readonly isTty: boolean;
  /** Whether standard output is a terminal, where binary output (a PDF) would only garble the screen. */
  readonly stdoutIsTty?: boolean;
}

/**
 * Standard output or error that a reader may close early (`zapis validate x.pgn | head -1`):
 * from then on writes are dropped quietly and the command runs to its end, so
 * its exit status still says what it found (CI runs with `set -o pipefail`).
 */
export class ClosablePipe extends Writable {
  /** The reader went away (EPIPE); nothing more is written. */
  readerGone = false;

  constructor(private readonly target: NodeJS.WritableStream & { on(event: 'error', listener: (error: NodeJS.ErrnoException) => void): unknown }) {
    super({ decodeStrings: false });
    target.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') this.readerGone = true;
      else this.destroy(error);
    });
  }

  override _write(chunk: Buffer | string, encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (this.readerGone) {
      callback();
      return;
    }
    const done = (error?: Error | null): void => {
      if ((error as NodeJS.ErrnoException | null | undefined)?.code === 'EPIPE') this.readerGone = true;
      callback(this.readerGone ? null : error);
    };
    if (typeof chunk === 'string') this.target.write(chunk, encoding, done);
    else this.target.write(chunk, done);
  }
}

export const processIo = (): CliIo => ({
  stdout: new ClosablePipe(process.stdout),
  // Standard error may be the same closed pipe (`zapis read x 2>&1 | head`): its EPIPE went unhandled, exit status 1.
  stderr: new ClosablePipe(process.stderr),
  stdin: process.stdin,
  cwd: process.cwd(),
  isTty: Boolean(process.stderr.isTTY),
  stdoutIsTty: Boolean(process.stdout.isTTY),
});

/** Exit codes of ARCHITECTURE.md: 0 good (warnings allowed), 1 errors in the input, 2 bad usage or unreadable input. */
export const EXIT_OK = 0;
export const EXIT_INPUT_ERRORS = 1;
export const EXIT_USAGE = 2;

const USAGE_ERROR = Symbol.for('zapis.UsageError');

/**
 * A failure the user caused (bad flag, missing file): printed as one line, never a stack trace. Recognised by a
 * brand, not by class identity: the bundled command line and the scan commands it loads from their own modules each
 * hold a copy of this class.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  readonly [USAGE_ERROR] = true;

  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as { [USAGE_ERROR]?: unknown })[USAGE_ERROR] === true;
  }
}
