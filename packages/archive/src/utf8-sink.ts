/**
 * Text written straight into UTF-8 bytes, in one growing buffer: converted
 * games are encoded as they are made, so a batch's output is never joined
 * into one string and encoded again (each a pass over every byte), and no
 * game's text outlives its encoding.
 */
const encoder = new TextEncoder();
/** A UTF-16 unit takes at most three bytes in UTF-8 (a surrogate pair, two units, takes four). */
const MAX_BYTES_PER_UNIT = 3;

export class Utf8Sink {
  private buffer: Uint8Array;
  private length = 0;

  constructor(capacity: number) {
    this.buffer = new Uint8Array(Math.max(1024, capacity));
  }

  write(text: string): void {
    const needed = this.length + text.length * MAX_BYTES_PER_UNIT;
    if (needed > this.buffer.length) {
      const grown = new Uint8Array(Math.max(needed, 2 * this.buffer.length));
      grown.set(this.buffer.subarray(0, this.length));
      this.buffer = grown;
    }
    this.length += encoder.encodeInto(text, this.buffer.subarray(this.length)).written;
  }

  /** The bytes written (a view of the buffer, which is not written again). */
  bytes(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }
}
