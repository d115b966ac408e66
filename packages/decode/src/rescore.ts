/**
 * A searched lattice under another channel: every edge's reading likelihoods
 * recomputed, the rest of its weight (move prior, layout, noise cells) kept,
 * and the forward scores summed again. For a sheet that reads more cleanly
 * than the channel expects (sheet-noise.ts) this gives the posteriors under
 * the sheet's own channel over the hypotheses the first search kept, at a
 * fraction of a second search's cost. (A sharper channel only widens the gap
 * between the readings' best explanations and those the search dropped.)
 */
import type { LanguageCode } from '@zapis/notation';
import type { SpellingPriors } from './channel-parameters.js';
import type { EncodedSlots, NoisyChannel } from './channel.js';
import { logSumExp } from './log-math.js';
import type { KnownMove } from './move-table.js';
import type { PreparedCell, PreparedSheet } from './prepared-sheet.js';
import type { Lattice, LatticeEdge, LatticeNode, SheetStep } from './search.js';
import { moveSpellings } from './spellings.js';

/** log P of a reading no move explains at all (as emission-model.ts). */
const IMPOSSIBLE = -745;

/** log P(cell | move) under one channel, cached per move and cell. */
class Emissions {
  private readonly slots = new Map<string, EncodedSlots>();
  private readonly values = new Map<string, number>();

  constructor(private readonly channel: NoisyChannel, private readonly language: LanguageCode, private readonly spelling: SpellingPriors) {}

  of(cell: PreparedCell, cellKey: string, move: KnownMove): number {
    const key = `${move.key}@${cellKey}`;
    const cached = this.values.get(key);
    if (cached !== undefined) return cached;
    let slots = this.slots.get(move.key);
    if (!slots) this.slots.set(move.key, (slots = this.channel.encodeSlots(moveSpellings(move.description, this.language, this.spelling))));
    let total = 0;
    for (const reading of cell.readings) total += reading.weight * this.channel.spellingLikelihood(slots, reading.codes);
    const value = total > 0 ? Math.log(total) : IMPOSSIBLE;
    this.values.set(key, value);
    return value;
  }
}

/** The cell whose reading a step's weight holds (merged pairs for a split), or undefined. */
function stepCell(sheet: PreparedSheet, step: SheetStep): { cell: PreparedCell; key: string } | undefined {
  if (step.cell < 0) return undefined;
  if (step.use === 'split') {
    const merged = sheet.merged[step.cell];
    return merged ? { cell: merged, key: `m${step.cell}` } : undefined;
  }
  return { cell: sheet.cells[step.cell], key: `c${step.cell}` };
}

export interface RescoreSetup {
  readonly language: LanguageCode;
  readonly spelling: SpellingPriors;
  /** The sheets as the search prepared them (its channel's alphabet), and under the new channel. */
  readonly before: { readonly channel: NoisyChannel; readonly sheets: readonly PreparedSheet[] };
  readonly after: { readonly channel: NoisyChannel; readonly sheets: readonly PreparedSheet[] };
}

/**
 * The lattice with every edge weighed under `setup.after`'s channel. Its nodes are the search's, updated in
 * place (the search's lattice is not to be used after this); `surprise` is still the first channel's, the
 * measure the doubt around lost games was tuned with.
 */
export function rescoreLattice(lattice: Lattice, setup: RescoreSetup): Lattice {
  const before = new Emissions(setup.before.channel, setup.language, setup.spelling);
  const after = new Emissions(setup.after.channel, setup.language, setup.spelling);
  const original = new Map<LatticeEdge, LatticeEdge>();
  for (let ply = 1; ply < lattice.plies.length; ply++) {
    for (const node of lattice.plies[ply]) {
      const edges = node.incoming.map((edge) => {
        let logWeight = edge.logWeight;
        const steps = edge.steps.map((step, s) => {
          const old = stepCell(setup.before.sheets[s], step);
          const fresh = stepCell(setup.after.sheets[s], step);
          if (!old || !fresh) return step;
          const change = after.of(fresh.cell, fresh.key, edge.candidate) - before.of(old.cell, old.key, edge.candidate);
          logWeight += change;
          return { ...step, logWeight: step.logWeight + change };
        });
        const rescored: LatticeEdge = { ...edge, steps, logWeight };
        original.set(rescored, edge);
        return rescored;
      });
      const best = node.bestEdge;
      node.incoming.length = 0;
      node.bestEdge = undefined;
      node.logAlpha = -Infinity;
      node.best = -Infinity;
      for (const edge of edges) {
        node.incoming.push(edge);
        node.logAlpha = logSumExp(node.logAlpha, edge.from.logAlpha + edge.logWeight);
        // Among equals the first search's best way in stays.
        const score = edge.from.best + edge.logWeight;
        if (score > node.best + 1e-12 || (score >= node.best - 1e-12 && original.get(edge) === best)) {
          node.best = score;
          node.bestEdge = edge;
        }
      }
    }
  }
  let logEvidence = -Infinity;
  let bestFinal: LatticeNode | undefined;
  let bestScore = -Infinity;
  for (const nodes of lattice.plies) {
    for (const node of nodes) {
      if (node.logFinal === -Infinity || node.logAlpha === -Infinity) continue;
      logEvidence = logSumExp(logEvidence, node.logAlpha + node.logFinal);
      if (node.best + node.logFinal > bestScore) {
        bestScore = node.best + node.logFinal;
        bestFinal = node;
      }
    }
  }
  return { plies: lattice.plies, logEvidence, bestFinal, bestScore, surprise: (edge) => lattice.surprise(original.get(edge) ?? edge) };
}
