/**
 * Where a report goes: standard output, or a file with -o. Writes wait when
 * the receiver is slow, so a report of millions of games never piles up in memory.
 */
import { constants, createWriteStream } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { UsageError, type CliIo } from './io.js';

export interface Output {
  write(text: string): Promise<void>;
  close(): Promise<void>;
}

async function writeTo(stream: Writable, text: string): Promise<void> {
  if (text.length === 0) return;
  if (!stream.write(text)) await once(stream, 'drain');
}

/** Why a file cannot be written, in words. */
export function unwritableReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'its folder does not exist';
  if (code === 'ENOTDIR') return 'a part of the path is not a folder';
  // Only making a folder meets this: a file of that name is there.
  if (code === 'EEXIST') return 'a file of that name is in the way';
  if (code === 'EISDIR') return 'is a folder';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOSPC') return 'no space left on the device';
  return error instanceof Error ? error.message : String(error);
}

/** Fails with a one-line usage error when `file` (from `cwd`) cannot be written: checked before the work that writes it. */
export async function checkWritable(cwd: string, file: string): Promise<void> {
  const full = resolve(cwd, file);
  const refuse = (reason: string): never => {
    throw new UsageError(`cannot write ${file}: ${reason}`);
  };
  const folder = await stat(dirname(full)).catch((error: unknown) => refuse(unwritableReason(error)));
  if (!folder.isDirectory()) refuse('a part of the path is not a folder');
  if ((await stat(full).catch(() => undefined))?.isDirectory()) refuse('is a folder');
  await access(dirname(full), constants.W_OK).catch((error: unknown) => refuse(unwritableReason(error)));
}

export async function openOutput(io: CliIo, file: string | undefined): Promise<Output> {
  if (file === undefined) {
    return { write: (text) => writeTo(io.stdout, text), close: async () => undefined };
  }
  const stream = createWriteStream(resolve(io.cwd, file));
  // A path that cannot be written is the user's to fix: one line, before any work.
  await once(stream, 'open').catch((error: unknown) => {
    throw new UsageError(`cannot write ${file}: ${unwritableReason(error)}`);
  });
  return {
    write: (text) => writeTo(stream, text),
    close: async () => {
      stream.end();
      await once(stream, 'finish');
    },
  };
}
