/**
 * A position together with the positions that led to it, which is what the
 * repetition and move-count rules need (FIDE Art. 9.2, 9.3, 9.6).
 */
import type { Move } from './move.js';
import { gameOutcome, type Outcome } from './outcome.js';
import type { IllegalMoveError, Position } from './position.js';
import type { Result } from './result.js';
import { repetitionKeyParts } from './repetition.js';

/** Draws a player may claim (Art. 9.2 and 9.3); they do not end the game by themselves. */
export interface ClaimableDraws {
  /** The current position has stood on the board at least three times. */
  readonly threefoldRepetition: boolean;
  /** The last 50 moves by each player had no pawn move and no capture. */
  readonly fiftyMoves: boolean;
}

export class GameHistory {
  readonly position: Position;
  /**
   * The repetition key of every position so far, as (lo, hi) pairs. A typed
   * array that keeps its memory across restarts: an archive replays thousands
   * of games through one history, and a game's replay should allocate nothing
   * its moves do not need.
   */
  private keys = new Int32Array(2 * 256);
  private recorded = 0;

  /** Takes ownership of `position`: play moves through the history, not on the position. */
  constructor(position: Position) {
    this.position = position;
    this.record();
  }

  private record(): void {
    const position = this.position;
    if (2 * this.recorded + 2 > this.keys.length) {
      const grown = new Int32Array(2 * this.keys.length);
      grown.set(this.keys);
      this.keys = grown;
    }
    const at = 2 * this.recorded++;
    if (position._epSquare < 0) {
      // The common case needs no en-passant check and no temporary pair.
      this.keys[at] = position._hashLo;
      this.keys[at + 1] = position._hashHi;
      return;
    }
    const [lo, hi] = repetitionKeyParts(position);
    this.keys[at] = lo;
    this.keys[at + 1] = hi;
  }

  /** Starts again from a copy of `start` (see Position.resetTo): the history before is forgotten. */
  restart(start: Position): void {
    this.position.resetTo(start);
    this.recorded = 0;
    this.record();
  }

  /** Plays `move` when it is legal in the current position; otherwise changes nothing and says why. */
  play(move: Move): Result<void, IllegalMoveError> {
    const played = this.position.play(move);
    if (played.ok) this.record();
    return played;
  }

  /** The fast path of `play`: `move` must come from the move generator of the current position. */
  playUnchecked(move: Move): void {
    this.position.playUnchecked(move);
    this.record();
  }

  undo(): void {
    this.position.undo();
    this.recorded--;
  }

  /** How many times the current position has stood on the board, this time included. */
  repetitions(): number {
    const keys = this.keys;
    const last = this.recorded - 1;
    const lo = keys[2 * last];
    const hi = keys[2 * last + 1];
    // Positions before the last capture or pawn move cannot repeat the current one.
    const oldest = Math.max(0, last - this.position._halfmoves);
    let count = 1;
    for (let i = last - 2; i >= oldest; i -= 2) {
      if (keys[2 * i] === lo && keys[2 * i + 1] === hi) count++;
    }
    return count;
  }

  claimableDraws(): ClaimableDraws {
    return { threefoldRepetition: this.repetitions() >= 3, fiftyMoves: this.position._halfmoves >= 100 };
  }

  /**
   * Checkmate, stalemate, a dead position, or the automatic draws: fivefold
   * repetition and 75 moves (a mate on the 75th move still counts, Art. 9.6.2).
   */
  outcome(): Outcome | undefined {
    return gameOutcome(this.position, this.repetitions());
  }
}
