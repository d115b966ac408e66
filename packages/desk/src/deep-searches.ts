/**
 * The deep search behind each scan game on the desk, as the page keeps track
 * of it. The narrow search's game (`zapis read --no-deep`) is shown at once;
 * the game is then decoded again by a worker that searches deep, as
 * `zapis read` does, with the moves the person has confirmed as constraints.
 * That answer replaces the game shown only when it was decoded with exactly
 * the confirmations the person has now: one decoded with others would undo
 * what they did meanwhile, so the game is searched deep again with theirs
 * instead (the worker goes on from its last search). One deep decode per game
 * is under way at a time; confirmations made meanwhile go into the next. Once
 * a game's deep answer is shown, the deep worker decodes every later
 * correction of it (`isDeep`): its reuse holds the deep search, and a
 * correction goes on from the ply it changes, never back to the narrow game.
 */
import type { Confirmations } from './confirmations.js';
import { confirmationKey } from './likely-confirmations.js';

/** Where a game's deep search stands: under way, or its answer shown. */
export type DeepSearchState = 'searching' | 'done';

export type DeepAnswer =
  /** Decoded with the person's confirmations: show it. The game is the deep worker's from now on. */
  | { readonly kind: 'show' }
  /** Decoded with other confirmations than the person's now: search deep again with these. */
  | { readonly kind: 'again'; readonly confirmations: Confirmations }
  /** The game's material changed or it left the desk since it was asked for: nothing to show. */
  | { readonly kind: 'drop' };

interface Running {
  /** The material key of the game as sent. */
  readonly material: string;
  /** The confirmations it was sent with (`confirmationKey`). */
  readonly confirmations: string;
}

export class DeepSearches {
  private readonly running = new Map<string, Running>();
  /** Games whose deep answer was shown, by id: the material key it was for. */
  private readonly shown = new Map<string, string>();

  state(id: string, material: string): DeepSearchState | undefined {
    if (this.running.get(id)?.material === material) return 'searching';
    return this.shown.get(id) === material ? 'done' : undefined;
  }

  /** Whether the game's decodes are the deep worker's (its deep answer was shown for this material). */
  isDeep(id: string, material: string): boolean {
    return this.shown.get(id) === material;
  }

  /**
   * The game needs its deep search, with these confirmations: true when it is to be sent now. While one is under
   * way for the same material, the next is sent when it answers (`answered` says 'again').
   */
  start(id: string, material: string, confirmations: Confirmations): boolean {
    if (this.shown.get(id) === material || this.running.get(id)?.material === material) return false;
    this.shown.delete(id);
    this.running.set(id, { material, confirmations: confirmationKey(confirmations) });
    return true;
  }

  /**
   * The deep worker answered a search of the game's `material` sent with `sent` confirmations. `now`: the game's
   * material and the person's confirmations as they stand (undefined: the game has left the desk).
   */
  answered(id: string, material: string, sent: Confirmations, now: { readonly material: string; readonly confirmations: Confirmations } | undefined): DeepAnswer {
    const running = this.running.get(id);
    if (running?.material !== material || running.confirmations !== confirmationKey(sent)) return { kind: 'drop' };
    if (now?.material !== material) {
      this.running.delete(id);
      return { kind: 'drop' };
    }
    const current = confirmationKey(now.confirmations);
    if (current !== running.confirmations) {
      this.running.set(id, { material, confirmations: current });
      return { kind: 'again', confirmations: new Map(now.confirmations) };
    }
    this.running.delete(id);
    this.shown.set(id, material);
    return { kind: 'show' };
  }

  /** The deep search of the game could not be made (its worker failed): the narrow search's game stays. */
  failed(id: string, material: string): void {
    if (this.running.get(id)?.material === material) this.running.delete(id);
  }

  /** The desk was cleared: nothing is under way or shown. */
  clear(): void {
    this.running.clear();
    this.shown.clear();
  }
}
