/**
 * Reads a game's move text in the plain export subset and replays its tokens
 * from the standard start, accepting each only if it is exactly the export
 * SAN of a legal move. The WebAssembly replay kernel (@zapis/replay-kernel)
 * does both where WebAssembly runs; scanExportMoves and ExportSanReplay, the
 * same rules in TypeScript, everywhere else. The tests hold the two to the
 * same answers.
 */
import { GameHistory, initialPosition, type Outcome, type Position } from '@zapis/core';
import { assignSetup } from '@zapis/core/internal';
import { scanExportMoves, type ExportScan } from '@zapis/notation';
import { CANNOT_HOLD, ReplayKernel, compiledKernel, useCompiledKernel, type CompiledKernel, type MoveSummary } from '@zapis/replay-kernel';
import { ExportSanReplay, type PieceLetterTable } from './export-san.js';

export interface TokenReplay {
  /**
   * Reads the move text at `moves` (after the tags of the game whose first
   * character is at `first`), no further than `end`; the tokens are then ready
   * to replay. Undefined when the move text is outside the export subset.
   */
  scan(text: string, first: number, moves: number, end: number): ExportScan | undefined;
  /** How many move tokens the last scan found. */
  readonly count: number;
  /** Where they stand in the text, as [start, end) pairs (valid until the next scan). */
  offsets(): Int32Array;
  /** Replays the tokens read with `letters`; returns how many were played (all of them when the game is clean). */
  replay(text: string, letters: PieceLetterTable): number;
  /** The position after the last replay (reused: valid until the next one). */
  position(): Position;
  /** How the game stands after the last replay (gameOutcome of @zapis/core), undefined while it goes on. */
  outcome(): Outcome | undefined;
  /**
   * The tokens of a game the last replay played whole, summed up where they are (the kernel's MoveSummary);
   * absent where the replay cannot, and the caller visits the tokens itself.
   */
  summarise?(): MoveSummary;
}

/** Move token offsets read by scanExportMoves, reused from game to game. */
class OffsetList {
  values = new Int32Array(2 * 512);
  count = 0;

  push(start: number, end: number): void {
    if (2 * this.count + 2 > this.values.length) {
      const grown = new Int32Array(2 * this.values.length);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[2 * this.count] = start;
    this.values[2 * this.count + 1] = end;
    this.count++;
  }
}

/** Reads the move text with scanExportMoves, collecting the tokens' places into `tokens`. */
function scanIntoList(text: string, first: number, moves: number, end: number, tokens: OffsetList): ExportScan | undefined {
  tokens.count = 0;
  return scanExportMoves(text, moves, end, first, {
    move(_source, start, stop) {
      tokens.push(start, stop);
      return true;
    },
  });
}

/** The TypeScript reading and replay: scanExportMoves, then ExportSanReplay on one reused game history. */
export class ScriptTokenReplay implements TokenReplay {
  private readonly start = initialPosition();
  private readonly history = new GameHistory(this.start.clone());
  private readonly tokens = new OffsetList();

  get count(): number {
    return this.tokens.count;
  }

  scan(text: string, first: number, moves: number, end: number): ExportScan | undefined {
    return scanIntoList(text, first, moves, end, this.tokens);
  }

  offsets(): Int32Array {
    return this.tokens.values;
  }

  replay(text: string, letters: PieceLetterTable): number {
    this.history.restart(this.start);
    const replay = new ExportSanReplay(this.history, letters);
    const offsets = this.tokens.values;
    for (let index = 0; index < this.tokens.count; index++) {
      if (!replay.play(text, offsets[2 * index], offsets[2 * index + 1])) return index;
    }
    return this.tokens.count;
  }

  position(): Position {
    return this.history.position;
  }

  outcome(): Outcome | undefined {
    return this.history.outcome();
  }
}

/** How far the kernel's reader looks for the `[` that ends a game's move text; longer move text is read by scanExportMoves. */
const SEARCH_WINDOW = 16_384;

/**
 * The kernel's reading and replay. Move text the kernel cannot hold (not
 * ASCII), or longer than SEARCH_WINDOW, is read by scanExportMoves and its
 * tokens handed to the kernel.
 */
export class KernelTokenReplay implements TokenReplay {
  private readonly kernel = new ReplayKernel();
  private readonly final = initialPosition();
  private finalRead = false;
  /** Offsets of a game read by scanExportMoves; undefined when the kernel read it. */
  private fallback: OffsetList | undefined;
  private readonly scripted = new OffsetList();
  private tokens = 0;

  get count(): number {
    return this.tokens;
  }

  scan(text: string, first: number, moves: number, end: number): ExportScan | undefined {
    this.fallback = undefined;
    this.tokens = 0;
    // The move text ends at the next `[` (a new game, or something the subset refuses) or at `end`. It is looked
    // for in a window: games without tags would otherwise send each search to the end of the text.
    const windowEnd = Math.min(end, moves + SEARCH_WINDOW);
    const found = text.slice(moves, windowEnd).indexOf('[');
    if (found < 0 && windowEnd < end) return this.scanByScript(text, first, moves, end);
    const stop = found < 0 ? end : moves + found;
    const count = this.kernel.scanMoves(text, moves, stop, stop < end);
    if (count === CANNOT_HOLD) return this.scanByScript(text, first, moves, end);
    if (count < 0) return undefined;
    this.tokens = count;
    const { result, offset } = this.kernel.scannedResult();
    return { start: first, result, resultOffset: offset, end: stop };
  }

  private scanByScript(text: string, first: number, moves: number, end: number): ExportScan | undefined {
    const tokens = this.scripted;
    const scan = scanIntoList(text, first, moves, end, tokens);
    if (scan === undefined || tokens.count > this.kernel.capacity) return undefined;
    this.kernel.clear();
    for (let index = 0; index < tokens.count; index++) this.kernel.add(text, tokens.values[2 * index], tokens.values[2 * index + 1]);
    this.fallback = tokens;
    this.tokens = tokens.count;
    return scan;
  }

  offsets(): Int32Array {
    return this.fallback ? this.fallback.values : this.kernel.offsets;
  }

  replay(_text: string, letters: PieceLetterTable): number {
    this.finalRead = false;
    return this.kernel.replay(letters);
  }

  position(): Position {
    if (!this.finalRead) {
      assignSetup(this.final, this.kernel.finalPosition());
      this.finalRead = true;
    }
    return this.final;
  }

  outcome(): Outcome | undefined {
    return this.kernel.outcome();
  }

  summarise(): MoveSummary {
    return this.kernel.summarise();
  }
}

let shared: TokenReplay | undefined;

const scriptAskedFor = (): boolean => typeof process !== 'undefined' && process.env?.ZAPIS_REPLAY === 'script';

/**
 * The replay kernel compiled in this process, to hand to the worker threads it
 * starts (see adoptReplayKernel); undefined where the TypeScript replay runs.
 */
export function replayKernelModule(): CompiledKernel | undefined {
  if (scriptAskedFor()) return undefined;
  try {
    return compiledKernel();
  } catch {
    return undefined;
  }
}

/** Replays in this thread with a kernel another thread compiled (replayKernelModule there): nothing is compiled again. */
export function adoptReplayKernel(kernel: CompiledKernel | undefined): void {
  if (kernel !== undefined) useCompiledKernel(kernel);
}

/**
 * The reading and replay this thread uses (one, made once): see newTokenReplay. Its state is the last game's:
 * whoever uses it must be done with one game before anything else may read another.
 */
export function tokenReplay(): TokenReplay {
  return (shared ??= newTokenReplay());
}

/**
 * A reading and replay of its own: the kernel, or the TypeScript one where WebAssembly cannot be
 * instantiated. ZAPIS_REPLAY=script asks for the latter (to compare the two).
 */
export function newTokenReplay(): TokenReplay {
  if (scriptAskedFor()) return new ScriptTokenReplay();
  try {
    return new KernelTokenReplay();
  } catch {
    return new ScriptTokenReplay();
  }
}
