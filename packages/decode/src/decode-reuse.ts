/**
 * What one decode can hand to the next decode of the same sheets: the moves
 * of every position the search met (move generation, SAN and the move prior's
 * features are most of a search's time). A person who confirms a move makes
 * the next decode visit mostly the same positions, so a review session keeps
 * one of these per game. Positions are known by their Zobrist hash; what a
 * cell costs for a move is kept per language and channel (the cells are the
 * same: that is this object's contract).
 */
import { MoveTable, type PositionMoves } from './move-table.js';
import type { MovePriorWeights } from './move-prior.js';
import type { EmissionModel } from './emission-model.js';
import type { NoisyChannel } from './channel.js';

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

  /** Positions remembered (for tests and budgets). */
  get size(): number {
    return this.moves.size;
  }
}
