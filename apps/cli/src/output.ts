/**
 * Where a report goes: standard output, or a file with -o. Writes wait when
 * the receiver is slow, so a report of millions of games never piles up in memory.
 */
import { createWriteStream } from 'node:fs';
import { resolve } from 'node:path';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { CliIo } from './io.js';

export interface Output {
  write(text: string): Promise<void>;
  close(): Promise<void>;
}

async function writeTo(stream: Writable, text: string): Promise<void> {
  if (text.length === 0) return;
  if (!stream.write(text)) await once(stream, 'drain');
}

export async function openOutput(io: CliIo, file: string | undefined): Promise<Output> {
  if (file === undefined) {
    return { write: (text) => writeTo(io.stdout, text), close: async () => undefined };
  }
  const stream = createWriteStream(resolve(io.cwd, file));
  await once(stream, 'open');
  return {
    write: (text) => writeTo(stream, text),
    close: async () => {
      stream.end();
      await once(stream, 'finish');
    },
  };
}
