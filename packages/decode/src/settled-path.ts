/**
 * The decoded game's moves, each told with a posterior in which no other move is likelier. The game is chosen
 * over whole games (posterior.ts: the most moves right on average); at a ply where another move is likelier than
 * the game's, that move belongs to games that go otherwise elsewhere, and the ply is told by the posterior of the
 * games that play the rest of the game's moves.
 */
import { logSumExp } from './log-math.js';
import type { MoveProbability } from './posterior.js';
import type { Lattice, LatticeEdge, LatticeNode } from './search.js';

/**
 * Every move's probability at ply `ply` (1-based) given that the rest of the game is `path`'s (by SAN, before the ply
 * and after it, to its end): the posterior of the games that differ from the path at most there, likeliest first.
 * Empty when no game the lattice kept plays the path's moves around the ply.
 */
export function inContextMarginals(lattice: Lattice, path: readonly LatticeEdge[], ply: number): MoveProbability[] {
  // Forward over the path's moves before the ply.
  let reached = new Map<LatticeNode, number>([[lattice.plies[0][0], 0]]);
  for (let k = 1; k < ply; k++) {
    const next = new Map<LatticeNode, number>();
    for (const node of lattice.plies[k] ?? []) {
      for (const edge of node.incoming) {
        const from = reached.get(edge.from);
        if (from !== undefined && edge.candidate.san === path[k - 1]?.candidate.san) next.set(node, logSumExp(next.get(node) ?? -Infinity, from + edge.logWeight));
      }
    }
    reached = next;
  }
  // Backward over the path's moves after the ply, ending where the path ends.
  let ahead = new Map<LatticeNode, number>();
  for (const node of lattice.plies[path.length] ?? []) if (node.logFinal > -Infinity) ahead.set(node, node.logFinal);
  for (let k = path.length; k > ply; k--) {
    const before = new Map<LatticeNode, number>();
    for (const [node, beta] of ahead) {
      for (const edge of node.incoming) {
        if (edge.candidate.san === path[k - 1]?.candidate.san) before.set(edge.from, logSumExp(before.get(edge.from) ?? -Infinity, edge.logWeight + beta));
      }
    }
    ahead = before;
  }
  const weights: { edge: LatticeEdge; log: number }[] = [];
  let z = -Infinity;
  for (const [node, beta] of ahead) {
    for (const edge of node.incoming) {
      const from = reached.get(edge.from);
      if (from === undefined) continue;
      const log = from + edge.logWeight + beta;
      weights.push({ edge, log });
      z = logSumExp(z, log);
    }
  }
  const byMove = new Map<string, MoveProbability & { probability: number }>();
  for (const { edge, log } of weights) {
    if (log - z < -40) continue;
    const entry = byMove.get(edge.candidate.key) ?? { uci: edge.candidate.uci, san: edge.candidate.san, probability: 0 };
    entry.probability += Math.exp(log - z);
    byMove.set(edge.candidate.key, entry);
  }
  return [...byMove.values()].sort((a, b) => b.probability - a.probability);
}

/** The likeliest path of the lattice that plays `sans` (one SAN a ply) and ends after them; undefined when it holds none. */
export function likeliestPathPlaying(lattice: Lattice, sans: readonly string[]): LatticeEdge[] | undefined {
  const via: Map<LatticeNode, LatticeEdge>[] = [];
  let scores = new Map<LatticeNode, number>([[lattice.plies[0][0], 0]]);
  for (let ply = 1; ply <= sans.length; ply++) {
    const next = new Map<LatticeNode, number>();
    const edges = new Map<LatticeNode, LatticeEdge>();
    for (const node of lattice.plies[ply] ?? []) {
      for (const edge of node.incoming) {
        const from = scores.get(edge.from);
        if (from === undefined || edge.candidate.san !== sans[ply - 1]) continue;
        if (from + edge.logWeight > (next.get(node) ?? -Infinity)) {
          next.set(node, from + edge.logWeight);
          edges.set(node, edge);
        }
      }
    }
    via.push(edges);
    scores = next;
  }
  let end: LatticeNode | undefined;
  for (const [node, score] of scores) {
    if (node.logFinal > -Infinity && (!end || score + node.logFinal > (scores.get(end) ?? -Infinity) + end.logFinal)) end = node;
  }
  if (!end) return undefined;
  const edges: LatticeEdge[] = [];
  for (let node: LatticeNode = end, ply = sans.length; ply > 0; ply--) {
    const edge = via[ply - 1].get(node) as LatticeEdge;
    edges.push(edge);
    node = edge.from;
  }
  return edges.reverse();
}

/** A decoded path with, per ply, the posterior its move's confidence and alternatives come from. */
export interface SettledPath {
  readonly path: readonly LatticeEdge[];
  readonly posteriors: readonly MoveProbability[][];
}

const sanProbabilities = (here: readonly MoveProbability[]): Map<string, number> => {
  const bySan = new Map<string, number>();
  for (const entry of here) bySan.set(entry.san, (bySan.get(entry.san) ?? 0) + entry.probability);
  return bySan;
};

/** The likeliest other SAN at a ply, when it is likelier than `san`. */
function outranked(here: readonly MoveProbability[], san: string): string | undefined {
  const bySan = sanProbabilities(here);
  const own = bySan.get(san) ?? 0;
  let best: string | undefined;
  for (const [other, probability] of bySan) if (other !== san && probability > own + 1e-12 && probability > (bySan.get(best ?? '') ?? 0)) best = other;
  return best;
}

/**
 * The path's moves, each with the posterior a person is told of it, in which no other move is likelier. Mostly that
 * is the lattice's marginal at the ply. Where another move is likelier there, it belongs to games that go otherwise
 * elsewhere (the path gets the most moves right over the whole game), and the ply's posterior is the one given the
 * rest of the path's game; where a move is likelier even so, the game plays it instead (each such change makes the
 * path's moves together likelier, so changes come to an end). A game that breaks (no kept game ends where it
 * does) is told by the marginals.
 */
export function settledPath(lattice: Lattice, path: readonly LatticeEdge[], marginals: readonly MoveProbability[][]): SettledPath {
  let current = path;
  // Every change makes the game's moves likelier together: this many is far more than any lattice needs.
  for (let round = 0; round <= current.length; round++) {
    let changed: LatticeEdge[] | undefined;
    const posteriors = current.map((edge, index) => {
      const here = marginals[index] ?? [];
      if (changed || outranked(here, edge.candidate.san) === undefined) return here;
      const inContext = inContextMarginals(lattice, current, index + 1);
      const better = outranked(inContext, edge.candidate.san);
      if (better === undefined) return inContext.length > 0 ? inContext : here;
      changed = likeliestPathPlaying(lattice, current.map((other, k) => (k === index ? better : other.candidate.san)));
      return inContext;
    });
    if (!changed) return { path: current, posteriors };
    current = changed;
  }
  return { path: current, posteriors: current.map((_, index) => marginals[index] ?? []) };
}
