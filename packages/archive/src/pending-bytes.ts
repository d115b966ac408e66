/**
 * The bytes read and not yet cut into a batch, kept in buffers that are used
 * again: a batch owns the buffer it was cut from until it is released, then
 * the next batch is read into it. Fresh buffers for every chunk and batch
 * would be garbage that a thread collects only now and then, and that garbage,
 * not the batches in flight, is what a long run's memory would be made of.
 */

/** A batch's bytes and the call that gives their buffer back (once nothing reads them any more). */
export interface CutBytes {
  readonly bytes: Buffer;
  readonly release: () => void;
}

export class PendingBytes {
  private buffer: Buffer;
  private length = 0;
  /** Released buffers of the usual capacity, for the next batches. */
  private readonly spare: Buffer[] = [];

  /** `capacity`: what a buffer holds (a batch and the chunk read past it); a longer run of bytes gets a larger one of its own. */
  constructor(private readonly capacity: number) {
    this.buffer = this.acquire();
  }

  /** How many bytes are pending. */
  get size(): number {
    return this.length;
  }

  /** The pending bytes (a view: valid until the next fill, drop or cut). */
  view(): Buffer {
    return this.buffer.subarray(0, this.length);
  }

  /** Copies the bytes of `chunk` from `from` on that fit (a full buffer is first moved to one twice its size); returns how many. */
  fill(chunk: Uint8Array, from: number): number {
    if (this.length === this.buffer.length) this.moveTo(Buffer.allocUnsafeSlow(this.buffer.length * 2));
    const count = Math.min(chunk.length - from, this.buffer.length - this.length);
    this.buffer.set(chunk.subarray(from, from + count), this.length);
    this.length += count;
    return count;
  }

  /** Forgets the first `count` pending bytes. */
  drop(count: number): void {
    this.buffer.copyWithin(0, count, this.length);
    this.length -= count;
  }

  /** The first `count` pending bytes, in the buffer they are in; the rest go on in another buffer. */
  cut(count: number): CutBytes {
    const owner = this.buffer;
    const rest = this.length - count;
    this.buffer = this.acquire(rest);
    owner.copy(this.buffer, 0, count, count + rest);
    this.length = rest;
    let released = false;
    return {
      bytes: owner.subarray(0, count),
      release: () => {
        if (released) return;
        released = true;
        if (owner.length === this.capacity) this.spare.push(owner);
      },
    };
  }

  private acquire(least = 0): Buffer {
    if (least >= this.capacity) return Buffer.allocUnsafeSlow(Math.max(least + 1, this.capacity * 2));
    return this.spare.pop() ?? Buffer.allocUnsafeSlow(this.capacity);
  }

  private moveTo(larger: Buffer): void {
    const smaller = this.buffer;
    smaller.copy(larger, 0, 0, this.length);
    this.buffer = larger;
    if (smaller.length === this.capacity) this.spare.push(smaller);
  }
}
