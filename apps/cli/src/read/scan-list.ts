/**
 * `zapis read --from FILE`: the scans to read listed one path a line (a federation's list of tens of thousands of
 * scans is longer than a command line may be). Paths are taken from the working folder, as on the command line;
 * blank lines and lines starting with # are passed over.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { UsageError } from '../io.js';

export async function scanList(listFile: string, cwd: string, stdin: NodeJS.ReadableStream): Promise<string[]> {
  const text = listFile === '-' ? await textOf(stdin) : await readFile(resolve(cwd, listFile), 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`--from: cannot read ${listFile}: ${error.code === 'ENOENT' ? 'no such file' : error.code === 'EISDIR' ? 'is a folder' : error.message}`);
  });
  return text.split(/\r?\n/u).map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'));
}

async function textOf(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}
