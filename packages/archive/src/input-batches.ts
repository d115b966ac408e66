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
import { createGunzip, gunzipSync } from 'node:zlib';
import { batchLines } from './batch-lines.js';
import { countLineBreaks, nextGameStart } from './game-boundary.js';
import { SNIFF_BYTES } from './limits.js';
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
    if (gzipped) yield gunzipSync(Buffer.concat(gzipped));
    return;
  }
  const gzip = await isGzip(source.path);
  const stream = createReadStream(source.path, { highWaterMark: 1 << 20 });
  if (gzip) {
    yield* stream.pipe(createGunzip({ chunkSize: 1 << 20 })) as AsyncIterable<Buffer>;
  } else {
    yield* stream as AsyncIterable<Buffer>;
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
    held.push(chunk);
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
 * (for progress), shard prefixes included.
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
  let pending: Buffer = Buffer.alloc(0);
  let pendingOffset = 0; // input offset of pending[0]
  let line = 1; // file line of pending[0]
  let lastByte = -1; // the byte before pending[0]
  let started = low === 0; // found the shard's first game yet?
  // Finds the section starts batches are cut at, once pending starts at one.
  let sections = new SectionScanner();

  const emit = (end: number, last = false): Batch => {
    const bytes = pending.subarray(0, end);
    const lines = batchLines(pending, 0, end, lastByte);
    const batch: Batch = { file: source.name, bytes, firstLine: line, longestLine: lines.longest, offset: pendingOffset, last };
    line += lines.breaks;
    lastByte = pending[end - 1];
    pending = pending.subarray(end);
    pendingOffset += end;
    sections.dropPrefix(end);
    return batch;
  };
  const skip = (end: number): void => {
    line += countLineBreaks(pending, 0, end, lastByte);
    lastByte = pending[end - 1];
    pending = pending.subarray(end);
    pendingOffset += end;
  };

  for await (const chunk of textChunks(chunksOf(source, options.stdin))) {
    onBytes?.(chunk.length);
    pending = pending.length === 0 ? Buffer.from(chunk) : Buffer.concat([pending, chunk]);
    if (!started) {
      // Skip to the first game that starts in the shard's range.
      const local = Math.max(0, low - pendingOffset);
      if (local >= pending.length) {
        // Keep a little context for the previous-line test.
        const keep = Math.max(0, pending.length - 4096);
        skip(keep);
        continue;
      }
      const first = nextGameStart(pending, local, pending.length);
      if (first < 0) continue;
      skip(first);
      started = true;
      sections = new SectionScanner();
    }
    // The shard ends at the first game that starts at or after `high`.
    if (high !== Infinity) {
      const localHigh = Math.max(1, high - pendingOffset);
      if (localHigh < pending.length) {
        const stop = nextGameStart(pending, localHigh, pending.length);
        if (stop >= 0) {
          if (stop > 0) yield emit(stop, true);
          return;
        }
        continue;
      }
    }
    // As many batches as the bytes hold: a chunk read may be larger than a batch.
    while (pending.length >= batchBytes) {
      sections.scan(pending, false, batchBytes);
      if (sections.lastStart <= 0) break;
      yield emit(sections.lastStart);
    }
  }
  if (started && pending.length > 0) yield emit(pending.length, true);
}
