/**
 * Inputs as a stream of batches: whole games, cut at game boundaries, with the
 * file line they start on. Files of any size are read in chunks (gzip
 * decompressed on the way), so memory holds a batch or two, not the file.
 * A shard `i/n` keeps the games that start in the i-th of n equal byte ranges
 * of the (uncompressed) input; every shard cuts the same boundaries, so the
 * shards together hold every game exactly once.
 */
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { batchLines } from './batch-lines.js';
import { countLineBreaks, nextGameStart } from './game-boundary.js';
import { SNIFF_BYTES } from './limits.js';
import { PendingBytes } from './pending-bytes.js';
import { SectionScanner } from './section-scanner.js';
import { NotTextError, notTextReason } from './text-sniff.js';

export interface Batch {
  readonly file: string;
  readonly bytes: Uint8Array;
  /** The file line of the batch's first byte. */
  readonly firstLine: number;
  /** No line of the batch is longer than this many characters (see BatchLines.longest). */
  readonly longestLine: number;
  /** The batch's first byte offset in the (uncompressed) input. */
  readonly offset: number;
  /** The input's (or the shard's) last batch. */
  readonly last: boolean;
  /** Gives the batch's memory back to be read into again: call it once nothing reads `bytes` any more. */
  readonly release?: () => void;
}

export interface Shard {
  /** 1-based. */
  readonly index: number;
  readonly count: number;
}

export interface InputSource {
  /** The name reports use: the path as given, or `<stdin>`. */
  readonly name: string;
  /** A path to read, or undefined for standard input. */
  readonly path?: string;
}

export interface BatchingOptions {
  /** Aim for batches of about this many bytes (default 1 MiB). */
  readonly batchBytes?: number;
  readonly shard?: Shard;
  readonly stdin?: NodeJS.ReadableStream;
}

const DEFAULT_BATCH_BYTES = 1 << 20;
/** What one read of a file asks for: a batch's buffer holds a batch and at most one read past it. */
const READ_BYTES = 256 << 10;
/** Batches per job an input is cut into at least, when its size allows (see batchBytesFor). */
const BATCHES_PER_JOB = 12;
const SMALLEST_BATCH_BYTES = 256 << 10;

/**
 * The batch size for an input of `size` bytes shared by `jobs` threads: the
 * default, or less for a short input, so that its batches still go round every
 * job and none is left waiting long for the last one.
 */
export function batchBytesFor(size: number, jobs: number): number {
  if (jobs <= 1) return DEFAULT_BATCH_BYTES;
  return Math.max(SMALLEST_BATCH_BYTES, Math.min(DEFAULT_BATCH_BYTES, Math.floor(size / (jobs * BATCHES_PER_JOB))));
}
const GZIP_MAGIC_0 = 0x1f;
const GZIP_MAGIC_1 = 0x8b;

async function isGzip(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await handle.read(head, 0, 2, 0);
    return bytesRead === 2 && head[0] === GZIP_MAGIC_0 && head[1] === GZIP_MAGIC_1;
  } finally {
    await handle.close();
  }
}

/** The uncompressed size: the file size, or gzip's ISIZE trailer (exact below 4 GiB). */
async function uncompressedSize(path: string, gzip: boolean): Promise<number> {
  const { size } = await stat(path);
  if (!gzip) return size;
  const handle = await open(path, 'r');
  try {
    const tail = Buffer.alloc(4);
    await handle.read(tail, 0, 4, size - 4);
    return tail.readUInt32LE(0);
  } finally {
    await handle.close();
  }
}

async function* chunksOf(source: InputSource, stdin: NodeJS.ReadableStream | undefined): AsyncGenerator<Uint8Array> {
  if (source.path === undefined) {
    if (!stdin) return;
    let gzipped: Buffer[] | undefined;
    let first = true;
    for await (const piece of stdin as AsyncIterable<Buffer | string>) {
      const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
      // Gzipped standard input is rare: it is gathered and unpacked whole.
      if (first && chunk[0] === GZIP_MAGIC_0 && chunk[1] === GZIP_MAGIC_1) gzipped = [];
      first = false;
      if (gzipped) gzipped.push(chunk);
      else yield chunk;
    }
    // zlib is loaded for gzipped input only: a run on plain text never loads it.
    if (gzipped) yield process.getBuiltinModule('node:zlib').gunzipSync(Buffer.concat(gzipped));
    return;
  }
  if (await isGzip(source.path)) {
    yield* createReadStream(source.path, { highWaterMark: 1 << 20 }).pipe(process.getBuiltinModule('node:zlib').createGunzip({ chunkSize: 1 << 20 })) as AsyncIterable<Buffer>;
    return;
  }
  yield* fileChunks(source.path);
}

/** A read of the file that settles either way, so that one left pending when the reader stops is never unhandled. */
type ChunkRead = Promise<{ readonly bytesRead: number; readonly buffer: Buffer } | { readonly error: unknown }>;

/**
 * A file's bytes, read into two buffers in turn: the next chunk is read while the caller works on this one, so
 * the run never waits for the disk between chunks. Each chunk is valid until the next is asked for.
 */
async function* fileChunks(path: string): AsyncGenerator<Uint8Array> {
  const handle = await open(path, 'r');
  const buffers = [Buffer.allocUnsafeSlow(READ_BYTES), Buffer.allocUnsafeSlow(READ_BYTES)];
  const readInto = (buffer: Buffer): ChunkRead => handle.read(buffer, 0, READ_BYTES, null).then(
    ({ bytesRead }) => ({ bytesRead, buffer }), (error: unknown) => ({ error }));
  let next = 0;
  let reading: ChunkRead | undefined = readInto(buffers[next]);
  try {
    while (reading) {
      const read = await reading;
      reading = undefined;
      if ('error' in read) throw read.error;
      if (read.bytesRead === 0) return;
      next ^= 1;
      reading = readInto(buffers[next]);
      yield read.buffer.subarray(0, read.bytesRead);
    }
  } finally {
    await reading;
    await handle.close();
  }
}

/**
 * The chunks, held back until the input's first SNIFF_BYTES are in (or it
 * ends), which decide whether it is text at all: a binary input throws
 * NotTextError before a single batch is made.
 */
async function* textChunks(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const held: Uint8Array[] = [];
  let heldBytes = 0;
  let sniffed = false;
  const sniff = (): void => {
    sniffed = true;
    const reason = notTextReason(held.length === 1 ? held[0] : Buffer.concat(held));
    if (reason !== undefined) throw new NotTextError(reason);
  };
  for await (const chunk of chunks) {
    if (sniffed) {
      yield chunk;
      continue;
    }
    // Copied: a chunk is valid only until the next is read.
    held.push(Buffer.from(chunk));
    heldBytes += chunk.length;
    if (heldBytes < SNIFF_BYTES) continue;
    sniff();
    yield* held.splice(0);
  }
  if (!sniffed) {
    sniff();
    yield* held;
  }
}

/** The byte range `[low, high)` a shard owns in an input of `size` bytes. */
export function shardRange(shard: Shard, size: number): readonly [number, number] {
  const low = Math.floor((size * (shard.index - 1)) / shard.count);
  const high = Math.floor((size * shard.index) / shard.count);
  return [low, high];
}

/**
 * Batches of whole games from one input. `onBytes` hears of every byte read
 * (for progress), shard prefixes included. A batch's buffer is read into again
 * once its `release` is called; without the call it is left to the collector.
 */
export async function* readBatches(
  source: InputSource, options: BatchingOptions = {}, onBytes?: (bytes: number) => void,
): AsyncGenerator<Batch> {
  const batchBytes = options.batchBytes ?? DEFAULT_BATCH_BYTES;
  let low = 0;
  let high = Infinity;
  if (options.shard && source.path !== undefined) {
    const gzip = await isGzip(source.path);
    [low, high] = shardRange(options.shard, await uncompressedSize(source.path, gzip));
  }
  const pending = new PendingBytes(batchBytes + READ_BYTES);
  let pendingOffset = 0; // input offset of the first pending byte
  let line = 1; // file line of the first pending byte
  let lastByte = -1; // the byte before the first pending one
  let started = low === 0; // found the shard's first game yet?
  // Finds the section starts batches are cut at, once the pending bytes start at one.
  let sections = new SectionScanner();

  const emit = (end: number, last = false): Batch => {
    const lines = batchLines(pending.view(), 0, end, lastByte);
    lastByte = pending.view()[end - 1];
    const { bytes, release } = pending.cut(end);
    const batch: Batch = { file: source.name, bytes, firstLine: line, longestLine: lines.longest, offset: pendingOffset, last, release };
    line += lines.breaks;
    pendingOffset += end;
    sections.dropPrefix(end);
    return batch;
  };
  const skip = (end: number): void => {
    const bytes = pending.view();
    line += countLineBreaks(bytes, 0, end, lastByte);
    lastByte = bytes[end - 1];
    pending.drop(end);
    pendingOffset += end;
  };

  for await (const chunk of textChunks(chunksOf(source, options.stdin))) {
    onBytes?.(chunk.length);
    // A chunk is taken in as much as fits at a time, so that buffers stay the size of a batch.
    for (let taken = 0; taken < chunk.length;) {
      taken += pending.fill(chunk, taken);
      if (!started) {
        // Skip to the first game that starts in the shard's range.
        const local = Math.max(0, low - pendingOffset);
        if (local >= pending.size) {
          // Keep a little context for the previous-line test.
          skip(Math.max(0, pending.size - 4096));
          continue;
        }
        const first = nextGameStart(pending.view(), local, pending.size);
        if (first < 0) continue;
        skip(first);
        started = true;
        sections = new SectionScanner();
      }
      // The shard ends at the first game that starts at or after `high`.
      if (high !== Infinity) {
        const localHigh = Math.max(1, high - pendingOffset);
        if (localHigh < pending.size) {
          const stop = nextGameStart(pending.view(), localHigh, pending.size);
          if (stop >= 0) {
            if (stop > 0) yield emit(stop, true);
            return;
          }
          continue;
        }
      }
      // As many batches as the bytes hold.
      while (pending.size >= batchBytes) {
        sections.scan(pending.view(), false, batchBytes);
        if (sections.lastStart <= 0) break;
        yield emit(sections.lastStart);
      }
    }
  }
  if (started && pending.size > 0) yield emit(pending.size, true);
}
