/**
 * The games a desk worker keeps between decodes, least recently decoded
 * first. A scan game once decoded holds what its search memoised in every
 * cell (the scorers' forward variables: tens of MB of buffers for a game
 * of phone photos), the cells' costs and its last
 * search. Only the games decoded most recently keep those; the others keep
 * their material and their last game, and rebuild the rest at their next
 * decode. Kept warm, a round of phone photos would hold gigabytes.
 */
import { SearchCache } from '@zapis/decode';
import type { DeskGame } from './desk-game.js';
import type { DeskGameSource } from './game-source.js';
import { forgetScanReadings } from './scan-decode.js';

export interface KeptGame {
  readonly key: string;
  readonly source: DeskGameSource;
  /** What the next decode goes on from; a fresh one once the game is let go of its memos. */
  reuse: SearchCache;
  /** The letters the game was decoded in first: a person's confirmations do not change them. */
  language?: string;
  /** The game decoded with no confirmations: moves a confirmation changes are told against it. */
  asRead?: DeskGame;
  /** The last game decoded, with its confirmations: what decoding ahead starts from. */
  last?: { readonly confirmations: ReadonlyMap<number, string>; readonly game: DeskGame };
}

export interface KeptGamesOptions {
  /** Games kept at most (a round's worth). */
  readonly games?: number;
  /** The most recently decoded games that keep their scorers' memos and their last search. */
  readonly warm?: number;
  /** Called for a game let go, or replaced by new material under the same id. */
  readonly forgotten?: (id: string) => void;
}

export const KEPT_GAMES = 64;
export const WARM_GAMES = 8;

export class KeptGames {
  private readonly games = new Map<string, KeptGame>();
  private readonly limit: number;
  private readonly warm: number;
  private readonly forgotten: (id: string) => void;

  constructor(options: KeptGamesOptions = {}) {
    this.limit = options.games ?? KEPT_GAMES;
    this.warm = Math.min(options.warm ?? WARM_GAMES, this.limit);
    this.forgotten = options.forgotten ?? (() => {});
  }

  get(id: string): KeptGame | undefined {
    return this.games.get(id);
  }

  get size(): number {
    return this.games.size;
  }

  /**
   * The game `id`, made the most recent: the one kept when its material is `key`, else a new one from `source`
   * (undefined when there is none to make it from). Games beyond the warm ones let go of their memos and searches.
   */
  take(id: string, key: string, source: DeskGameSource | undefined, keyOf: (source: DeskGameSource) => string): KeptGame | undefined {
    let game = this.games.get(id);
    if (!game || game.key !== key) {
      if (!source) return undefined;
      if (game) this.cool(game);
      game = { key: keyOf(source), source, reuse: new SearchCache() };
      this.forgotten(id);
    }
    this.games.delete(id);
    this.games.set(id, game);
    while (this.games.size > this.limit) {
      const [oldest, old] = this.games.entries().next().value as [string, KeptGame];
      this.games.delete(oldest);
      this.cool(old);
      this.forgotten(oldest);
    }
    let colder = this.games.size - this.warm;
    for (const other of this.games.values()) if (colder-- > 0) this.cool(other);
    return game;
  }

  /**
   * The reuse goes whole: its cell costs (per channel and language) hold the cells they were computed from, scorers
   * and memos with them, so forgetting the searches and the pages read back alone frees almost nothing.
   */
  private cool(game: KeptGame): void {
    if (game.reuse.size === 0 && game.reuse.searchCount === 0) return;
    game.reuse = new SearchCache();
    forgetScanReadings(game.source);
  }
}
