/**
 * The lines of an NDJSON file as they stream in, each with where it starts in the file, so that a merge can keep
 * where each record is instead of the record itself, and a resume can tell a last line cut short by a killed run.
 */
import { createReadStream } from 'node:fs';

export interface FileLine {
  readonly text: string;
  /** Byte offset of the line in the file, and its length in bytes without the newline. */
  readonly offset: number;
  readonly length: number;
  /** False for a last line with no newline after it: what a run killed while writing leaves. */
  readonly complete: boolean;
  /** 1-based. */
  readonly number: number;
}

const NEWLINE = 0x0a;

export async function* linesOf(path: string): AsyncGenerator<FileLine> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let offset = 0;
  let number = 0;
  const take = (tail: Buffer, complete: boolean): FileLine => {
    const bytes = Buffer.concat([...pending, tail]);
    const text = { text: bytes.toString('utf8'), offset, length: bytes.length, complete, number: (number += 1) };
    offset += bytes.length + (complete ? 1 : 0);
    pending = [];
    pendingBytes = 0;
    return text;
  };
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      yield take(chunk.subarray(start, end), true);
      start = end + 1;
    }
    if (start < chunk.length) {
      pending.push(chunk.subarray(start));
      pendingBytes += chunk.length - start;
    }
  }
  if (pendingBytes > 0) yield take(Buffer.alloc(0), false);
}
