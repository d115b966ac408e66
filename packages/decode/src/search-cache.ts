/**
 * A cache of search state between decodes of the same sheets (`DecodeOptions.reuse`): what one decode hands to the next: the moves
 * of every position the search met (move generation, SAN and the move prior's
 * features are most of a search's time). A person who confirms a move makes
 * the next decode visit mostly the same positions, so a review session keeps
 * one of these per game. Positions are known by their Zobrist hash; what a
 * cell costs for a move is kept per language and channel (the cells are the
 * same: that is this object's contract). The last search of each setting is
 * kept too, and the next one goes on from the first ply a new confirmation
 * changes (search-resume.ts). A decode may also run ahead of a person
 * (`ahead`): what it meets stays, it can be stopped between plies, and its
 * search replaces the kept one only if its result is used; or prime the
 * decoder's wider search, for the decodes that will need it. A second decode
 * of other readings of the same sheets (a cross-check) keeps its own object,
 * `forOtherReadings()`, which runs ahead, stops and is used with this one.
 */
import type { Position } from '@zapis/core';
import { MoveTable, type PositionMoves } from './move-table.js';
import { PositionMovesCache } from './position-moves-cache.js';
import type { MovePriorWeights } from './move-prior.js';
import type { EmissionModel } from './emission-model.js';
import type { NoisyChannel } from './channel.js';
import type { SavedSearch } from './search-resume.js';
import type { Lattice } from './search.js';

/** Thrown in a search run ahead when its caller asks it to stop (caught by `SearchCache.ahead`). */
class StoppedAhead extends Error {}

/**
 * Whether `error` is a decode ahead being stopped. Code between `SearchCache.ahead` and the search that catches
 * errors must let this one through: what it would make of it (a game that failed, say) is no decode at all.
 */
export const isStoppedAhead = (error: unknown): boolean => error instanceof StoppedAhead;

/** A decode run ahead of a person's request (`SearchCache.ahead`). */
export interface DecodedAhead<T> {
  readonly value: T;
  /** The person asked for exactly this: its search becomes the one the next decode goes on from. */
  readonly use: () => void;
}

export class SearchCache {
  private readonly ownTable = new MoveTable();

  /**
   * @internal The moves met, described once. Other readings of the same sheets share the first readings' table
   * and positions: a position's moves do not depend on what the cells read, and both decodes visit mostly the
   * same positions (after a confirmation, all new ones).
   */
  get table(): MoveTable {
    return this.first?.table ?? this.ownTable;
  }

  /** The reuse of the first readings, when this one is `first.forOtherReadings()`: its decodes ahead are this one's too. */
  private first: SearchCache | undefined;
  private otherReadings: SearchCache | undefined;

  /**
   * The reuse for a decode of other readings of the same sheets (a cross-check decodes the cells twice: each
   * reading costs its moves otherwise, so what one decode met does not hold for the other). It is one object per
   * this one; a decode run ahead or priming the wide search with this one runs the other readings' decode ahead
   * too: it stops with it, and its searches are kept only if the answer is used.
   */
  forOtherReadings(): SearchCache {
    if (this.first) throw new Error('the reuse of other readings has none of its own');
    if (!this.otherReadings) {
      this.otherReadings = new SearchCache();
      this.otherReadings.first = this;
    }
    return this.otherReadings;
  }
  private readonly moves = new PositionMovesCache();
  private prior: MovePriorWeights | undefined;

  /** @internal The moves of a position, generated once across every decode that shares this object. */
  positionMoves(position: Position, lastCaptureSquare: number, generate: () => PositionMoves, prior: MovePriorWeights | undefined): PositionMoves {
    if (this.first) return this.first.positionMoves(position, lastCaptureSquare, generate, prior);
    // Priors change what is cached: a different prior starts afresh.
    if (prior !== this.prior) {
      this.moves.clear();
      this.prior = prior;
    }
    return this.moves.movesOf(position, lastCaptureSquare, generate);
  }

  private readonly emissions = new WeakMap<NoisyChannel, Map<string, EmissionModel>>();

  /** @internal The cells' costs under one language and channel, computed once across decodes. */
  emissionModel(channel: NoisyChannel, language: string, create: () => EmissionModel): EmissionModel {
    let byLanguage = this.emissions.get(channel);
    if (!byLanguage) this.emissions.set(channel, (byLanguage = new Map()));
    let model = byLanguage.get(language);
    if (!model) byLanguage.set(language, (model = create()));
    return model;
  }

  private readonly searches = new Map<string, SavedSearch>();

  /** @internal The last search with this setting, channel, layout and move prior, to go on from (search-resume.ts). */
  savedSearch(setting: string, channel: object, layout: object | undefined, movePrior: object | undefined): SavedSearch | undefined {
    const saved = this.searches.get(setting);
    return saved && saved.channel === channel && saved.layout === layout && saved.movePrior === movePrior ? saved : undefined;
  }

  /** The 0-based ply the latest search started at: 0 when it started afresh (for tests and measurements). */
  lastSearchStart = 0;

  /** @internal */
  saveSearch(saved: SavedSearch): void {
    const owner = this.first ?? this;
    if (owner.aheadSaves) owner.aheadSaves.push({ reuse: this, saved });
    else this.searches.set(saved.setting, saved);
  }

  /** Roots of lattices changed in place: searches sharing them cannot be gone on from, even if saved ahead. */
  private readonly changedRoots = new WeakSet<object>();

  /** @internal A lattice about to be changed in place (rescore.ts) can no longer be gone on from. */
  forgetSearch(lattice: Lattice): void {
    const root = lattice.plies[0]?.[0];
    if (root) this.changedRoots.add(root);
    for (const [setting, saved] of this.searches) if (saved.plies[0]?.[0] === root) this.searches.delete(setting);
  }

  private stopAhead: (() => boolean) | undefined;
  private stoppedAhead = false;
  /** Searches saved by the decode running ahead, this object's and its other readings'. */
  private aheadSaves: { readonly reuse: SearchCache; readonly saved: SavedSearch }[] | undefined;

  /**
   * Runs `decode` ahead of a request a person may make next (a likely confirmation), so that its answer is
   * ready when they do. The positions and cell costs it meets stay for later decodes; the search kept to go
   * on from stays the last real one unless the answer is used (`use`). `stop` is asked at every ply of the
   * search: when it says real work waits, the decode is abandoned and this returns undefined.
   */
  ahead<T>(stop: () => boolean, decode: () => T): DecodedAhead<T> | undefined {
    if (this.first) throw new Error('other readings run ahead with the first readings\' reuse');
    if (this.aheadSaves) throw new Error('a decode ahead is already running');
    const saves: { readonly reuse: SearchCache; readonly saved: SavedSearch }[] = [];
    this.aheadSaves = saves;
    this.stopAhead = stop;
    this.stoppedAhead = false;
    try {
      const value = decode();
      // A caller between here and the search may have caught the stop and answered something else.
      if (this.stoppedAhead) return undefined;
      return {
        value,
        use: () => {
          for (const { reuse, saved } of saves) if (!reuse.changedRoots.has(saved.plies[0]?.[0] ?? {})) reuse.searches.set(saved.setting, saved);
        },
      };
    } catch (error) {
      if (error instanceof StoppedAhead) return undefined;
      throw error;
    } finally {
      this.aheadSaves = undefined;
      this.stopAhead = undefined;
      this.stoppedAhead = false;
    }
  }

  private wideToo = false;

  /** A decode priming the wide search runs it even where the game does not look lost (`primeWideSearch`). */
  get searchesWideToo(): boolean {
    return (this.first ?? this).wideToo;
  }

  /**
   * Runs `decode` ahead (as `ahead` does) with the decoder's second, wider search done even where the game does
   * not look lost, and keeps its searches. A later decode whose game looks lost (a person confirmed a move the
   * readings did not favour, and the moves after it no longer fit their cells) then goes on with the wide search
   * from the ply its confirmations change, instead of searching the whole game again wide. `decode`'s result is the
   * same as without this, and is dropped.
   * Returns false when `stop` stopped it.
   */
  primeWideSearch(stop: () => boolean, decode: () => unknown): boolean {
    return this.primeWideSearchWith(stop, decode) !== undefined;
  }

  /** `primeWideSearch`, with what `decode` answered (undefined: stopped). */
  primeWideSearchWith<T>(stop: () => boolean, decode: () => T): { readonly value: T } | undefined {
    this.wideToo = true;
    try {
      const primed = this.ahead(stop, decode);
      primed?.use();
      return primed ? { value: primed.value } : undefined;
    } finally {
      this.wideToo = false;
    }
  }

  /** Whether a decode run ahead (`ahead`, or priming the wide search) is under way with this object or its first readings'. */
  get runningAhead(): boolean {
    return (this.first ?? this).aheadSaves !== undefined;
  }

  /**
   * Ends a decode run ahead (throws) when its caller asks: the search calls it at every ply, and so does a decode that
   * waits for work done elsewhere on its behalf (a cross-check's other reading on another thread).
   */
  checkStop(): void {
    const owner = this.first ?? this;
    if (owner.stoppedAhead || owner.stopAhead?.()) {
      owner.stoppedAhead = true;
      throw new StoppedAhead('stopped');
    }
  }

  /** Lets go of the searches kept to go on from (their lattices are most of what this object holds); the positions stay. */
  forgetSearches(): void {
    this.searches.clear();
    this.otherReadings?.forgetSearches();
  }

  /** Searches kept to go on from. */
  get searchCount(): number {
    return this.searches.size;
  }

  /** Positions remembered (for tests and budgets; other readings' are the first readings'). */
  get size(): number {
    return this.first ? this.first.size : this.moves.size;
  }
}
