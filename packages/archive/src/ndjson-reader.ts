/**
 * Reading NDJSON reports back line by line (gzipped too), never whole, and the
 * last line alone, which holds the summary, straight from the file's end.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';

/** Where in the reports a problem is: the report as given and, when it is one line's, the line. */
export interface ReportLocation {
  readonly report: string;
  /** 1-based. */
  readonly line?: number;
}

/**
 * A report that cannot be read or is not a zapis NDJSON report; the message
 * names the file and line. Thrown inside the reader, returned as a value by
 * mergeReports.
 */
export class ReportInputError extends Error {
  override readonly name = 'ReportInputError';

  constructor(message: string, readonly location?: ReportLocation) {
    super(message);
  }
}

export interface ReportLine {
  /** 1-based line number in the file. */
  readonly number: number;
  readonly text: string;
}

const TAIL_CHUNK = 64 * 1024;
/** A summary line is a few kilobytes; a last line this long means the file is something else. */
const MAX_LAST_LINE = 64 * 1024 * 1024;

function describeFailure(path: string, error: unknown): ReportInputError {
  const code = (error as NodeJS.ErrnoException).code;
  const reason =
    code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder' : code === 'EACCES' ? 'permission denied' : code === 'Z_DATA_ERROR' ? 'not valid gzip data' : (error as Error).message;
  return new ReportInputError(`cannot read ${path}: ${reason}`, { report: path });
}

const isGzipped = (path: string): boolean => path.endsWith('.gz');

function openText(path: string): Readable {
  const file = createReadStream(path);
  if (!isGzipped(path)) return file;
  const gunzip = process.getBuiltinModule('node:zlib').createGunzip();
  // A read error on the file would otherwise leave the gunzip stream waiting forever.
  file.on('error', (error) => gunzip.destroy(error));
  return file.pipe(gunzip);
}

/** Every line of the file with its number (blank lines included), streamed; errors name the file `name`. */
export async function* readReportLines(path: string, name: string = path): AsyncGenerator<ReportLine> {
  let number = 0;
  try {
    // readline and zlib load when a report is read, not when a command that never reads one starts.
    const lines = process.getBuiltinModule('node:readline').createInterface({ input: openText(path), crlfDelay: Infinity });
    for await (const text of lines) yield { number: ++number, text };
  } catch (error) {
    if (error instanceof ReportInputError) throw error;
    throw describeFailure(name, error);
  }
}

const isBlank = (byte: number): boolean => byte === 0x0a || byte === 0x0d || byte === 0x20 || byte === 0x09;

async function lastLineOfPlainFile(path: string, name: string): Promise<string | undefined> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    let tail = Buffer.alloc(0);
    let start = size;
    while (start > 0 && tail.length <= MAX_LAST_LINE) {
      const from = Math.max(0, start - TAIL_CHUNK);
      const chunk = Buffer.alloc(start - from);
      await handle.read(chunk, 0, chunk.length, from);
      tail = Buffer.concat([chunk, tail]);
      start = from;
      let end = tail.length;
      while (end > 0 && isBlank(tail[end - 1])) end--;
      if (end === 0) continue;
      const newline = tail.lastIndexOf(0x0a, end - 1);
      if (newline >= 0 || start === 0) return tail.subarray(newline + 1, end).toString('utf8');
    }
    if (tail.length > MAX_LAST_LINE) throw new ReportInputError(`${name}: the last line is longer than ${MAX_LAST_LINE} bytes: not a zapis NDJSON report`, { report: name });
    return undefined;
  } finally {
    await handle.close();
  }
}

/** The last non-blank line of the file, or undefined when it has none. Gzipped files are streamed to their end. */
export async function readLastLine(path: string, name: string = path): Promise<string | undefined> {
  if (isGzipped(path)) {
    let last: string | undefined;
    for await (const line of readReportLines(path, name)) if (line.text.trim() !== '') last = line.text;
    return last;
  }
  try {
    return await lastLineOfPlainFile(path, name);
  } catch (error) {
    if (error instanceof ReportInputError) throw error;
    throw describeFailure(name, error);
  }
}
