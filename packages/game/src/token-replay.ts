/**
 * Replays a game's move tokens (offset pairs into its text) from the standard
 * start, accepting each only if it is exactly the export SAN of a legal move.
 * The WebAssembly replay kernel (@zapis/replay-kernel) does it where
 * WebAssembly runs; ExportSanReplay, the same rules in TypeScript, everywhere
 * else. Both are held to the same answers by the tests.
 */
import { GameHistory, initialPosition, type Outcome, type Position } from '@zapis/core';
import { ReplayKernel } from '@zapis/replay-kernel';
import { ExportSanReplay, type PieceLetterTable } from './export-san.js';

export interface TokenReplay {
  /**
   * Replays the first `count` tokens of `offsets` ([start, end) pairs into
   * `text`) read with `letters`; returns how many were played (all of them
   * when the game is clean).
   */
  replay(text: string, offsets: Int32Array, count: number, letters: PieceLetterTable): number;
  /** The position after the last replay (reused: valid until the next one). */
  position(): Position;
  /** How the game stands after the last replay (gameOutcome of @zapis/core), undefined while it goes on. */
  outcome(): Outcome | undefined;
}

/** The TypeScript replay: ExportSanReplay on one reused game history. */
export class ScriptTokenReplay implements TokenReplay {
  private readonly start = initialPosition();
  private readonly history = new GameHistory(this.start.clone());

  replay(text: string, offsets: Int32Array, count: number, letters: PieceLetterTable): number {
    this.history.restart(this.start);
    const replay = new ExportSanReplay(this.history, letters);
    for (let index = 0; index < count; index++) {
      if (!replay.play(text, offsets[2 * index], offsets[2 * index + 1])) return index;
    }
    return count;
  }

  position(): Position {
    return this.history.position;
  }

  outcome(): Outcome | undefined {
    return this.history.outcome();
  }
}

/** The kernel's replay; the final position is read back into one reused Position. */
export class KernelTokenReplay implements TokenReplay {
  private readonly kernel = new ReplayKernel();
  private readonly final = initialPosition();
  private finalRead = false;

  replay(text: string, offsets: Int32Array, count: number, letters: PieceLetterTable): number {
    const kernel = this.kernel;
    if (count > kernel.capacity) return 0;
    kernel.clear();
    for (let index = 0; index < count; index++) kernel.add(text, offsets[2 * index], offsets[2 * index + 1]);
    this.finalRead = false;
    return kernel.replay(letters);
  }

  position(): Position {
    if (!this.finalRead) {
      this.final.assign(this.kernel.finalPosition());
      this.finalRead = true;
    }
    return this.final;
  }

  outcome(): Outcome | undefined {
    return this.kernel.outcome();
  }
}

let shared: TokenReplay | undefined;

/**
 * The replay this thread uses: the kernel, or the TypeScript replay where
 * WebAssembly cannot be instantiated. ZAPIS_REPLAY=script asks for the latter
 * (to compare the two).
 */
export function tokenReplay(): TokenReplay {
  if (shared) return shared;
  if (typeof process !== 'undefined' && process.env?.ZAPIS_REPLAY === 'script') return (shared = new ScriptTokenReplay());
  try {
    shared = new KernelTokenReplay();
  } catch {
    shared = new ScriptTokenReplay();
  }
  return shared;
}
