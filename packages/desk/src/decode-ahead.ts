/**
 * Decoding ahead of a person: while they look at a move, the game is decoded
 * with what they are likely to confirm there (likely-confirmations.ts), so
 * that choosing it shows the re-decoded game at once. A decode ahead runs only
 * while nothing else waits: the page counts the requests it has sent and the
 * worker has not taken in shared memory, and a decode ahead stops at its next
 * ply when that count is above zero, unless the one request waiting is a decode
 * of exactly what it is decoding (the page leaves its `requestTag` beside the
 * count): then it goes on, and answers it. Without shared memory (a page that
 * is not cross-origin isolated) nothing is decoded ahead: it could not be stopped.
 */
import type { DecodedAhead, SearchCache } from '@zapis/decode';
import type { Confirmations } from './confirmations.js';
import type { DeskGame } from './desk-game.js';
import { confirmationKey, likelyConfirmations, requestTag } from './likely-confirmations.js';

/** The host's timers (a browser's or Node's; this package is built without either's types). */
const timers = globalThis as unknown as { setTimeout(run: () => void, milliseconds: number): unknown };

/** What the decoder ahead needs of the games a worker keeps. */
export interface AheadGames {
  /** The game's reuse and its last decode (undefined: not kept, or not decoded yet). */
  game(id: string): { readonly reuse: SearchCache; readonly confirmations: Confirmations; readonly decoded: DeskGame } | undefined;
  /** Decodes the game with these confirmations, as a request for it would. */
  decode(id: string, confirmations: Confirmations): DeskGame;
}

export interface DecodeAheadOptions {
  /** Games decoded ahead kept per game (default 24). */
  readonly kept?: number;
  /** Runs `step` when the thread is free (default: a zero timeout, after the messages already queued). */
  readonly later?: (step: () => void) => void;
  /** A game decoded ahead was asked for (`answer`), by its confirmations' `confirmationKey`. */
  readonly used?: (id: string, key: string) => void;
}

export class DecodeAhead {
  private waiting: Int32Array | undefined;
  private looking: { readonly id: string; readonly ply?: number } | undefined;
  private plan: Map<number, string>[] = [];
  private readonly answers = new Map<string, Map<string, DecodedAhead<DeskGame>>>();
  private scheduled = false;
  private readonly kept: number;
  private readonly later: (step: () => void) => void;
  private readonly used: ((id: string, key: string) => void) | undefined;
  /** Decodes ahead finished, and stopped because real work came (for tests and measurements). */
  finished = 0;
  stopped = 0;

  constructor(private readonly games: AheadGames, options: DecodeAheadOptions = {}) {
    this.kept = options.kept ?? 24;
    this.later = options.later ?? ((step) => timers.setTimeout(step, 0));
    this.used = options.used;
  }

  /**
   * Shared with the page: [0] requests sent and not yet taken, [1] the `requestTag` of the last one sent (0: not
   * a decode), and, if the array has it, [2] sheets the page is reading meanwhile: the wide search is not primed
   * while the reader needs the cores.
   */
  attach(waiting: Int32Array): void {
    this.waiting = waiting;
  }

  /** A request the page counted has been taken. */
  taken(): void {
    if (this.waiting) Atomics.sub(this.waiting, 0, 1);
  }

  /** The tag of the decode running ahead (0: none). */
  private runningTag = 0;

  /** Priming a game's wide search: no request asks for that, any request stops it. */
  private priming = false;

  private readonly realWorkWaits = (): boolean => {
    if (!this.waiting) return false;
    const count = Atomics.load(this.waiting, 0);
    // One request waits, and it asks for what is being decoded ahead: finishing is the fastest answer. With nothing
    // running ahead (runningTag 0, the tag of a request that is no decode), any request waiting is real work.
    return count > 1 || (count === 1 && (this.priming || this.runningTag === 0 || Atomics.load(this.waiting, 1) !== this.runningTag));
  };

  /**
   * Games whose decoder's wide search is primed (SearchCache.primeWideSearch), with the confirmations it was primed
   * for (`confirmationKey`): after a new confirmation it is primed again, from the ply that confirmation changes.
   */
  private readonly primed = new Map<string, string>();

  private readonly readingElsewhere = (): boolean => this.waiting !== undefined && this.waiting.length > 2 && Atomics.load(this.waiting, 2) > 0;

  private readonly primingStops = (): boolean => this.realWorkWaits() || this.readingElsewhere();

  /** The game looked at, when its wide search is still to prime (and no sheet is being read). */
  private toPrime(): string | undefined {
    if (this.readingElsewhere()) return undefined;
    const id = this.looking?.id;
    const game = id !== undefined ? this.games.game(id) : undefined;
    if (id === undefined || !game) return undefined;
    // A worker that let go of the game's searches (it keeps only the recent games') has let go of the primed one too.
    const current = this.primed.get(id) === confirmationKey(game.confirmations) && game.reuse.searchCount > 0;
    return current ? undefined : id;
  }

  /** The person looks at this game, and at this move (1-based ply) if any. */
  look(id: string, ply?: number): void {
    this.keepAnswersOf(id);
    this.looking = ply === undefined ? { id } : { id, ply };
    this.replan();
  }

  /**
   * Answers are kept for the game looked at only. Each holds the searches it ran, and through them the reuse they
   * ran with (its lattices, cell costs and scorers' memos: tens of MB a scan game); kept for every game a person
   * has looked at, a round's review would hold gigabytes and slow down with every sheet. Coming back to a game
   * decodes its likely choices again.
   */
  private keepAnswersOf(id: string): void {
    for (const other of [...this.answers.keys()]) if (other !== id) this.answers.delete(other);
  }

  /**
   * The person is typing a move at `ply` (1-based) that reads as `san`: it is decoded ahead before anything else, so
   * that pressing Enter finds the game decoded, or its decode under way (the request then lets it finish).
   */
  typed(id: string, ply: number, san: string): void {
    const game = this.games.game(id);
    if (!game) return;
    if (this.looking?.id !== id) {
      this.keepAnswersOf(id);
      this.looking = { id, ply };
    }
    const next = new Map([...game.confirmations, [ply, san]]);
    const key = confirmationKey(next);
    this.plan = [next, ...this.plan.filter((planned) => confirmationKey(planned) !== key)];
    this.schedule();
  }

  /** The game was decoded again (the moves likely next have changed). */
  decoded(id: string): void {
    if (this.looking?.id === id) this.replan();
  }

  /** The game decoded ahead with these confirmations (`confirmationKey`), if it was; its search becomes the one to go on from. */
  answer(id: string, key: string): DeskGame | undefined {
    const found = this.answers.get(id)?.get(key);
    if (!found) return undefined;
    found.use();
    this.used?.(id, key);
    return found.value;
  }

  /** The game's material changed or it is no longer kept: its answers are void. */
  forget(id: string): void {
    this.answers.delete(id);
    this.primed.delete(id);
    if (this.looking?.id === id) this.plan = [];
  }

  private replan(): void {
    const looking = this.looking;
    const game = looking ? this.games.game(looking.id) : undefined;
    this.plan = looking && game ? likelyConfirmations(game.decoded, game.confirmations, looking.ply !== undefined ? { ply: looking.ply } : {}) : [];
    this.schedule();
  }

  /** Goes on decoding ahead once the thread is free (call after handling any request). */
  schedule(): void {
    if (!this.waiting || this.scheduled || (this.plan.length === 0 && this.toPrime() === undefined)) return;
    this.scheduled = true;
    this.later(() => {
      this.scheduled = false;
      this.step();
    });
  }

  private step(): void {
    // Real work first; its handler schedules again.
    if (this.realWorkWaits() || !this.looking) return;
    const { id } = this.looking;
    const game = this.games.game(id);
    if (!game) return;
    const next = this.plan.shift();
    if (!next) {
      this.prime(id, game);
      return;
    }
    const key = confirmationKey(next);
    let answers = this.answers.get(id);
    if (!answers?.has(key)) {
      this.runningTag = requestTag(id, next);
      const result = game.reuse.ahead(this.realWorkWaits, () => this.games.decode(id, next));
      this.runningTag = 0;
      if (!result) {
        this.stopped += 1;
        this.plan.unshift(next);
        return;
      }
      this.finished += 1;
      if (!answers) this.answers.set(id, (answers = new Map()));
      answers.set(key, result);
      while (answers.size > this.kept) answers.delete(answers.keys().next().value as string);
    }
    this.schedule();
  }

  /**
   * Once the likely confirmations are decoded: the decoder's wide search for the game as it stands, kept, and
   * again after each new confirmation. A confirmation the readings did not favour can make the moves after it fit
   * their cells badly, so that the game looks lost and its decode searches wide; primed,
   * that search goes on from the confirmed ply instead of covering the whole game.
   */
  private prime(id: string, game: NonNullable<ReturnType<AheadGames['game']>>): void {
    if (this.toPrime() !== id) return;
    this.priming = true;
    let primed: boolean;
    try {
      primed = game.reuse.primeWideSearch(this.primingStops, () => this.games.decode(id, game.confirmations));
    } finally {
      // A decode that throws must not leave every later decode ahead stopped at the first request.
      this.priming = false;
    }
    if (primed) {
      this.primed.set(id, confirmationKey(game.confirmations));
      this.finished += 1;
    } else {
      this.stopped += 1;
    }
    this.schedule();
  }
}
