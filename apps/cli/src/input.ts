/**
 * Reading the inputs a command names: files, `-` or nothing for standard input,
 * gzipped files directly. Text that is not valid UTF-8 is read as Latin-1, the
 * other encoding old PGN databases use.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { decodeTextBytes, notTextReason, unreadableReason } from '@zapis/archive';

export interface InputText {
  /** The name diagnostics use: the path as given, or '<stdin>'. */
  readonly name: string;
  readonly text: string;
}

export interface UnreadableInput {
  readonly name: string;
  readonly reason: string;
}

/** Bytes to text: UTF-8, or Latin-1 when they are not valid UTF-8. */
export const decodeText = decodeTextBytes;

async function readStdin(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}

export { unreadableReason };

/** A file's bytes as text (gunzipped when gzipped, UTF-8 or Latin-1); throws an Error whose message says why it cannot be read. */
export function bytesToText(bytes: Buffer, name: string): string {
  const plain = name.endsWith('.gz') || (bytes[0] === 0x1f && bytes[1] === 0x8b) ? process.getBuiltinModule('node:zlib').gunzipSync(bytes) : bytes;
  const notText = notTextReason(plain);
  if (notText !== undefined) throw new Error(notText);
  return decodeText(plain);
}

export async function readInputs(
  paths: readonly string[],
  cwd: string,
  stdin: NodeJS.ReadableStream,
): Promise<{ inputs: InputText[]; unreadable: UnreadableInput[] }> {
  const inputs: InputText[] = [];
  const unreadable: UnreadableInput[] = [];
  const names = paths.length === 0 ? ['-'] : paths;
  for (const name of names) {
    try {
      const bytes: Buffer = name === '-' ? await readStdin(stdin) : await readFile(resolve(cwd, name));
      inputs.push({ name: name === '-' ? '<stdin>' : name, text: bytesToText(bytes, name) });
    } catch (error) {
      unreadable.push({ name, reason: unreadableReason(error) });
    }
  }
  return { inputs, unreadable };
}
