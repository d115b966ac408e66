/** Messages between the page and the desk worker, which groups inputs into games and decodes them. */
import type { DeskFailure, DeskGame, DeskGameSource, DeskInput, RoundPgn } from '@zapis/desk';
import type { OtherReadingPort } from './other-reading-link.js';

/** The name of the desk worker that searches deep (`zapis read`'s decode); the other answers at once with the narrow search. */
export const DEEP_DESK_WORKER = 'zapis-desk-deep';

/** An input the worker was sent before, named by its id: its material stays in the worker (a scan page's frames are megabytes). */
export interface KnownInput {
  readonly kind: 'known';
  readonly id: string;
}

export type DeskRequest =
  /**
   * Every input given so far, each sent once, not a round's pages to the worker and back with every sheet read (a
   * cost that grows with the round, on both threads). The worker keeps the inputs named, forgets the others, and answers
   * with the games' sources without their cells' frames ('games'); decodes name a game by id and material key.
   */
  | { readonly kind: 'games'; readonly request: number; readonly inputs: readonly (DeskInput | KnownInput)[] }
  | { readonly kind: 'decode'; readonly request: number; readonly id: string; readonly key: string; readonly confirmations: readonly (readonly [number, string])[] }
  | { readonly kind: 'typed'; readonly request: number; readonly fen: string; readonly text: string }
  | { readonly kind: 'export'; readonly request: number; readonly games: readonly DeskGame[] }
  /**
   * The page's count of requests sent and not yet taken by the worker (a SharedArrayBuffer; only on a
   * cross-origin isolated page): a decode run ahead stops as soon as real work waits. No reply.
   */
  | {
    readonly kind: 'signals'; readonly request: 0; readonly waiting: Int32Array;
    /** The other reading's worker (other-reading-worker.ts): a port to it and the shared memory it answers in. */
    readonly otherReading?: OtherReadingPort;
    /**
     * The deep worker only: [0] the decodes the page has asked of the other desk worker and not had answered (a person
     * waits for them). The deep search gives way between plies while it is above zero.
     */
    readonly giveWayTo?: Int32Array;
  }
  /** A person is looking at this game (and move): decode what they are likely to confirm, ahead. No reply. */
  | { readonly kind: 'look'; readonly request: 0; readonly id: string; readonly key: string; readonly ply?: number }
  /**
   * A person is typing a move at `ply`, whose position is `fen`: the worker reads the text as they type, sends the
   * reading back ('typing'), and decodes the game with that move ahead. Nothing waits for the reading.
   */
  | { readonly kind: 'typing'; readonly request: 0; readonly id: string; readonly key: string; readonly ply: number; readonly fen: string; readonly text: string };

/**
 * Requests counted in `signals.waiting`, for which work ahead stops: those that wait for a reply, and a move being
 * typed (its decode comes before the rest of the plan, and a keystroke's text replaces the one before). The
 * other hints ('signals', 'look') are not counted.
 */
export const stopsWorkAhead = (request: DeskRequest): boolean => request.kind !== 'signals' && request.kind !== 'look';

export type DeskReply =
  /** Sent once the worker listens: a message posted before that would be lost (its modules load with top-level await). */
  | { readonly kind: 'ready'; readonly request: 0 }
  /** The games' sources, each scan page's cells without their frames (the worker keeps those; the page keeps its own inputs). */
  | { readonly kind: 'games'; readonly request: number; readonly games: DeskGameSource[]; readonly failures: DeskFailure[] }
  /**
   * `ahead`: the game was decoded before it was asked for (a likely confirmation); milliseconds is then the wait.
   * `otherReadings`: second readings the other reading's worker has answered so far (0 without it).
   */
  | {
    readonly kind: 'decoded'; readonly request: number; readonly game: DeskGame; readonly milliseconds: number; readonly ahead: boolean;
    readonly otherReadings: number;
  }
  | { readonly kind: 'typed'; readonly request: number; readonly result: { ok: true; san: string } | { ok: false; message: string } }
  /** A move being typed, read (the answer to a 'typing' hint): Enter then needs no reading of its own. */
  | { readonly kind: 'typing'; readonly request: 0; readonly fen: string; readonly text: string; readonly result: { ok: true; san: string } | { ok: false; message: string } }
  /** The worker does not hold the game or an input named (it was restarted): send the inputs again. */
  | { readonly kind: 'unknown'; readonly request: number }
  | { readonly kind: 'exported'; readonly request: number; readonly round: RoundPgn }
  | { readonly kind: 'failed'; readonly request: number; readonly message: string };

/**
 * What identifies a game's material: its id and which pages or which text it
 * holds, and which earlier page a sheet repeats (a copy read before the sheet
 * it repeats learns so later, and its game must be decoded again to say so).
 */
export function materialKey(source: DeskGameSource): string {
  if (source.kind !== 'scan') return `${source.id}|${source.line}|${JSON.stringify(source.sheets).length}`;
  const players = source.players.map((player) => {
    const pages = player.pages.map((page) => `${page.file}#${page.page}`).join(',');
    return player.repeats ? `${pages}=${player.repeats.earlier.file}#${player.repeats.earlier.page}` : pages;
  });
  return `${source.id}|${players.join('/')}`;
}
