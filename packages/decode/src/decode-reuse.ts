/**
 * What one decode can hand to the next decode of the same sheets: the moves
 * of every position the search met (move generation, SAN and the move prior's
 * features are most of a search's time). A person who confirms a move makes
 * the next decode visit mostly the same positions, so a review session keeps
 * one of these per game. Positions are known by their Zobrist hash; what a
 * cell costs for a move is kept per language and channel (the cells are the
 * same: that is this object's contract). The last search of each setting is
 * kept too, and the next one goes on from the first ply a new confirmation
 * changes (search-resume.ts).
 */
import { MoveTable, type PositionMoves } from './move-table.js';
import type { MovePriorWeights } from './move-prior.js';
import type { EmissionModel } from './emission-model.js';
import type { NoisyChannel } from './channel.js';
import type { SavedSearch } from './search-resume.js';
import type { Lattice } from './search.js';

export class DecodeReuse {
  /** @internal */
  readonly table = new MoveTable();
  private readonly moves = new Map<string, PositionMoves>();
  private prior: MovePriorWeights | undefined;

  /** @internal The moves of a position, generated once across every decode that shares this object. */
  positionMoves(key: string, generate: () => PositionMoves, prior: MovePriorWeights | undefined): PositionMoves {
    // Priors change what is cached: a different prior starts afresh.
    if (prior !== this.prior) {
      this.moves.clear();
      this.prior = prior;
    }
    let moves = this.moves.get(key);
    if (!moves) {
      moves = generate();
      this.moves.set(key, moves);
    }
    return moves;
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
    this.searches.set(saved.setting, saved);
  }

  /** @internal A lattice about to be changed in place (rescore.ts) can no longer be gone on from. */
  forgetSearch(lattice: Lattice): void {
    for (const [setting, saved] of this.searches) if (saved.plies[0]?.[0] === lattice.plies[0]?.[0]) this.searches.delete(setting);
  }

  /** Lets go of the searches kept to go on from (their lattices are most of what this object holds); the positions stay. */
  forgetSearches(): void {
    this.searches.clear();
  }

  /** Searches kept to go on from. */
  get searchCount(): number {
    return this.searches.size;
  }

  /** Positions remembered (for tests and budgets). */
  get size(): number {
    return this.moves.size;
  }
}
