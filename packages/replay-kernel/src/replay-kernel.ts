/**
 * The host side of the replay kernel (assembly/): a game's move text (or, for
 * text it cannot hold, its tokens) goes into the kernel's memory, one call
 * reads it and one replays it, and the final position and outcome are read
 * back. One compiled module per process (see compiledKernel); each ReplayKernel has its own
 * instance, so its memory is its own.
 */
import type { Outcome, PositionSetup } from '@zapis/core';
import { KERNEL_WASM_BASE64 } from './generated/kernel-wasm.js';

interface KernelExports {
  readonly memory: WebAssembly.Memory;
  tokensPointer(): number;
  tokenSlot(): number;
  maxTokens(): number;
  lettersPointer(): number;
  boardPointer(): number;
  replay(tokens: number): number;
  outcome(): number;
  turnIndex(): number;
  enPassantSquare(): number;
  halfmoveClock(): number;
  fullmoveNumber(): number;
  castlingRook(slot: number): number;
  movetextPointer(): number;
  movetextCapacity(): number;
  offsetsPointer(): number;
  scanMoves(length: number, bracketAfter: number, base: number): number;
  scannedResult(): number;
  scannedResultOffset(): number;
  summarise(tokens: number): void;
  tokensChanged(): void;
  summaryFnv(): number;
  summaryMix(): number;
  keyCountsPointer(): number;
  summaryKeysPresent(): number;
}

/**
 * A replayed game's tokens summed up (see summarise): the two 32-bit halves of
 * the duplicate-game hash of its moves, and its language keys.
 */
export interface MoveSummary {
  readonly fnv: number;
  readonly mix: number;
  /** Per language key (piece 0–5 times 5 plus promotion 0–4; castling 30), how many tokens have it. Valid until the next summary. */
  readonly keyCounts: Int32Array;
  /** Bit `key` set for each key that occurs. */
  readonly keysPresent: number;
}

/** scanMoves: the move text is outside the export subset (the full grammar's to read). */
export const OUTSIDE_SUBSET = -1;
/** scanMoves: the kernel cannot hold this move text (not ASCII, or too long); read it another way. */
export const CANNOT_HOLD = -2;

const RESULTS = ['1-0', '0-1', '1/2-1/2', '*'] as const;
export type ResultMarker = (typeof RESULTS)[number];

let compiled: WebAssembly.Module | undefined;

/** The compiled kernel as threads hand it to each other (a WebAssembly module, opaque outside this package). */
export type CompiledKernel = object;

/** Outcomes by the kernel's codes (assembly/outcome.ts), as @zapis/core's gameOutcome gives them. */
const OUTCOMES: readonly (Outcome | undefined)[] = [
  undefined,
  undefined, // checkmate: depends on who is mated
  { result: '1/2-1/2', reason: 'stalemate' },
  { result: '1/2-1/2', reason: 'dead-position' },
  { result: '1/2-1/2', reason: 'fivefold-repetition' },
  { result: '1/2-1/2', reason: 'seventy-five-moves' },
];
const WHITE_MATES: Outcome = { result: '1-0', reason: 'checkmate', winner: 'white' };
const BLACK_MATES: Outcome = { result: '0-1', reason: 'checkmate', winner: 'black' };
const CHECKMATE = 1;
/** Language keys a summary counts (assembly/move-summary.ts). */
const LANGUAGE_KEYS = 31;

/** Base64 digits by character code (the standard alphabet); the embedded kernel has no other characters but `=`. */
const BASE64_DIGITS = new Uint8Array(128);
for (const [value, digit] of [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].entries()) BASE64_DIGITS[digit.charCodeAt(0)] = value;

/** The embedded kernel's bytes: one pass over the base64 text, four digits to three bytes. */
export function kernelBytes(base64: string): Uint8Array {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  const bytes = new Uint8Array((base64.length / 4) * 3 - padding);
  let out = 0;
  for (let at = 0; at < base64.length; at += 4) {
    const word = (BASE64_DIGITS[base64.charCodeAt(at)] << 18) | (BASE64_DIGITS[base64.charCodeAt(at + 1)] << 12)
      | (BASE64_DIGITS[base64.charCodeAt(at + 2)] << 6) | BASE64_DIGITS[base64.charCodeAt(at + 3)];
    bytes[out++] = word >> 16;
    if (out < bytes.length) bytes[out++] = (word >> 8) & 0xff;
    if (out < bytes.length) bytes[out++] = word & 0xff;
  }
  return bytes;
}

/**
 * The kernel compiled: once per process. The thread that compiles it hands
 * it to the workers it starts (a compiled module crosses threads without
 * being compiled again), and they adopt it with useCompiledKernel.
 */
export function compiledKernel(): CompiledKernel {
  return kernelModule();
}

function kernelModule(): WebAssembly.Module {
  return (compiled ??= new WebAssembly.Module(kernelBytes(KERNEL_WASM_BASE64)));
}

/** Adopts a kernel another thread compiled (compiledKernel there), so this thread compiles none; anything else is ignored. */
export function useCompiledKernel(kernel: CompiledKernel): void {
  if (compiled === undefined && kernel instanceof WebAssembly.Module) compiled = kernel;
}

export class ReplayKernel {
  private readonly kernel: KernelExports;
  private readonly tokens: Uint8Array;
  private readonly letters: Uint8Array;
  private readonly slot: number;
  /** How many tokens one game may have here; a longer game is the caller's to read another way. */
  readonly capacity: number;
  private readonly movetext: Uint8Array;
  private readonly encoder = new TextEncoder();
  /** Where each token of the last scan starts and ends in the text scanned (pairs). */
  readonly offsets: Int32Array;
  private lettersInPlace: Uint8Array | undefined;
  private count = 0;
  private readonly keyCounts: Int32Array;

  constructor() {
    const instance = new WebAssembly.Instance(kernelModule(), {
      env: {
        abort: () => {
          throw new Error('replay kernel: internal error');
        },
      },
    });
    this.kernel = instance.exports as unknown as KernelExports;
    this.slot = this.kernel.tokenSlot();
    this.capacity = this.kernel.maxTokens();
    // The kernel allocates nothing after it starts, so these views stay valid.
    this.tokens = new Uint8Array(this.kernel.memory.buffer, this.kernel.tokensPointer(), this.slot * this.capacity);
    this.letters = new Uint8Array(this.kernel.memory.buffer, this.kernel.lettersPointer(), 128);
    this.movetext = new Uint8Array(this.kernel.memory.buffer, this.kernel.movetextPointer(), this.kernel.movetextCapacity());
    this.offsets = new Int32Array(this.kernel.memory.buffer, this.kernel.offsetsPointer(), 2 * this.capacity);
    this.keyCounts = new Int32Array(this.kernel.memory.buffer, this.kernel.keyCountsPointer(), LANGUAGE_KEYS);
  }

  /**
   * Reads the move text `text[start, end)` in the plain export subset (as
   * scanExportMoves of @zapis/notation reads it), leaving its tokens ready to
   * replay and their places in `offsets`. `end` is where a `[` stands
   * (`bracketAfter`) or the end of what may be read. Returns how many tokens,
   * OUTSIDE_SUBSET, or CANNOT_HOLD for text the kernel cannot hold (then the
   * tokens are the caller's to add).
   */
  scanMoves(text: string, start: number, end: number, bracketAfter: boolean): number {
    this.count = 0;
    const length = end - start;
    if (length > this.movetext.length) return CANNOT_HOLD;
    const { read, written } = this.encoder.encodeInto(text.slice(start, end), this.movetext);
    if (read !== length || written !== length) return CANNOT_HOLD; // not ASCII: byte places would not be text places
    const count = this.kernel.scanMoves(length, bracketAfter ? 1 : 0, start);
    if (count >= 0) this.count = count;
    return count;
  }

  /** The result marker the last successful scan ended with, and where it stands in the text. */
  scannedResult(): { readonly result: ResultMarker; readonly offset: number } {
    return { result: RESULTS[this.kernel.scannedResult()], offset: this.kernel.scannedResultOffset() };
  }

  /** How many tokens the current game has. */
  get size(): number {
    return this.count;
  }

  /** Forgets the tokens: a new game begins. */
  clear(): void {
    this.count = 0;
    this.kernel.tokensChanged(); // what the last replay summed up is of other tokens now
  }

  /**
   * Adds the token `text[start, end)` (ASCII, as SAN is) to the game; false when
   * the game already has as many tokens as the kernel holds.
   */
  add(text: string, start: number, end: number): boolean {
    if (this.count === this.capacity) return false;
    const tokens = this.tokens;
    const base = this.count++ * this.slot;
    const length = end - start;
    if (length >= this.slot) {
      // Longer than any SAN (a slot holds its length, then the characters): stored empty, so the replay rejects it.
      tokens[base] = 0;
      return true;
    }
    tokens[base] = length;
    for (let i = 0; i < length; i++) tokens[base + 1 + i] = text.charCodeAt(start + i);
    return true;
  }

  /**
   * Replays the game's tokens from the standard start, reading piece letters
   * with `letters` (role 1 pawn … 6 king by character code, 0 for others; 128
   * entries). Returns how many tokens were played: all of them when every one
   * is exactly the export SAN of a legal move, check and mate marks included.
   */
  replay(letters: Uint8Array): number {
    if (letters !== this.lettersInPlace) {
      this.letters.set(letters.subarray(0, 128));
      this.lettersInPlace = letters;
    }
    return this.kernel.replay(this.count);
  }

  /**
   * The tokens of the game, all of them played by the last replay, summed up
   * where they are: the hash of the moves as @zapis/archive's duplicate-game
   * key starts it, and the language keys @zapis/game's fast lane counts.
   */
  summarise(): MoveSummary {
    const kernel = this.kernel;
    kernel.summarise(this.count);
    return { fnv: kernel.summaryFnv() >>> 0, mix: kernel.summaryMix() >>> 0, keyCounts: this.keyCounts, keysPresent: kernel.summaryKeysPresent() };
  }

  /** How the game stands at the end of the last replay (what @zapis/core's gameOutcome says of it), undefined while it goes on. */
  outcome(): Outcome | undefined {
    const code = this.kernel.outcome();
    if (code === CHECKMATE) return this.kernel.turnIndex() === 0 ? BLACK_MATES : WHITE_MATES;
    return OUTCOMES[code];
  }

  /** The final position of the last replay (its board is a view of the kernel's memory, valid until the next replay). */
  finalPosition(): PositionSetup {
    const kernel = this.kernel;
    return {
      board: new Int8Array(kernel.memory.buffer, kernel.boardPointer(), 64),
      turn: kernel.turnIndex() === 0 ? 'white' : 'black',
      castleRooks: [kernel.castlingRook(0), kernel.castlingRook(1), kernel.castlingRook(2), kernel.castlingRook(3)],
      epSquare: kernel.enPassantSquare(),
      halfmoves: kernel.halfmoveClock(),
      fullmoves: kernel.fullmoveNumber(),
      chess960: false,
    };
  }
}
