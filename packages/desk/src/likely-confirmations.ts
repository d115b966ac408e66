/**
 * What a person reviewing a game is likely to confirm next, likeliest first,
 * so the desk can decode those ahead while they look: at the move they are
 * looking at (else the first flagged one), then the next flagged moves, the
 * first alternative, accepting the move as decoded, then the other two
 * alternatives (the keys 1, a, 2, 3).
 */
import type { Confirmations } from './confirmations.js';
import type { DeskGame } from './desk-game.js';

export interface LikelyConfirmationOptions {
  /** The move the person is looking at (1-based ply), if any. */
  readonly ply?: number;
  /** At most this many moves, from the one looked at on (default 3). */
  readonly moves?: number;
  /** At most this many confirmation sets in all (default 8). */
  readonly limit?: number;
}

/** Each a full confirmation set: the game's confirmations plus one more move. */
export function likelyConfirmations(game: DeskGame, confirmations: Confirmations, options: LikelyConfirmationOptions = {}): Map<number, string>[] {
  if (game.status !== 'ok') return [];
  const open = (ply: number): boolean => !confirmations.has(ply) && game.moves[ply - 1] !== undefined;
  const focus = options.ply !== undefined && open(options.ply) ? [options.ply] : [];
  const start = options.ply ?? 0;
  // The next flagged moves after the one looked at, then those before it (n wraps around).
  const flagged = [...game.flagged.filter((ply) => ply > start), ...game.flagged.filter((ply) => ply < start)].filter(open);
  const plies = [...new Set([...focus, ...flagged])].slice(0, options.moves ?? 3);
  const likely: Map<number, string>[] = [];
  for (const ply of plies) {
    const move = game.moves[ply - 1];
    const [first, ...others] = move.alternatives.map((alternative) => alternative.san);
    const choices = [...(first ? [first] : []), move.san, ...others.slice(0, 2)];
    for (const san of choices) likely.push(new Map([...confirmations, [ply, san]]));
  }
  return likely.slice(0, options.limit ?? 8);
}

/** One key per confirmation set, whatever order it was built in. */
export function confirmationKey(confirmations: Confirmations): string {
  return JSON.stringify([...confirmations].sort((a, b) => a[0] - b[0]));
}

/**
 * A 32-bit tag of a decode request (the game's id and its confirmations), for the page to leave in shared memory
 * beside its count of requests sent: a decode ahead of exactly that request goes on instead of stopping.
 */
export function requestTag(id: string, confirmations: Confirmations): number {
  const text = `${id}\n${confirmationKey(confirmations)}`;
  // FNV-1a; 0 is kept for "not a decode request".
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash === 0 ? 1 : hash | 0;
}
