/**
 * Confidence from the search, not from a heuristic: a backward pass over the
 * lattice (forward-backward restricted to the hypotheses the beam kept) gives
 * each edge its posterior probability, and the probability that ply t is move
 * m is the sum over the edges of ply t playing m. Mass the beam dropped was
 * at least `beamWidth` nats below the best, so what is lost is small.
 */
import { logSumExp } from './log-math.js';
import type { Lattice, LatticeEdge, LatticeNode } from './search.js';

export interface MoveProbability {
  readonly uci: string;
  readonly san: string;
  readonly probability: number;
}

/** Fills logBeta of every node: log P(the rest of the readings | node). */
export function backwardPass(lattice: Lattice): void {
  const outgoing = new Map<LatticeNode, LatticeEdge[]>();
  for (const nodes of lattice.plies) {
    for (const node of nodes) {
      for (const edge of node.incoming) {
        const list = outgoing.get(edge.from);
        if (list) list.push(edge);
        else outgoing.set(edge.from, [edge]);
      }
    }
  }
  for (let ply = lattice.plies.length - 1; ply >= 0; ply--) {
    for (const node of lattice.plies[ply]) {
      let beta = node.logFinal;
      for (const edge of outgoing.get(node) ?? []) beta = logSumExp(beta, edge.logWeight + edge.to.logBeta);
      node.logBeta = beta;
    }
  }
}

/** The Viterbi path: the single likeliest complete hypothesis, as edges. */
export function bestPath(lattice: Lattice): LatticeEdge[] {
  const edges: LatticeEdge[] = [];
  let node = lattice.bestFinal;
  while (node?.bestEdge) {
    edges.push(node.bestEdge);
    node = node.bestEdge.from;
  }
  return edges.reverse();
}

/** Per ply (0-based index = ply - 1), every move's posterior probability, likeliest first. */
export function plyMarginals(lattice: Lattice): MoveProbability[][] {
  const marginals: MoveProbability[][] = [];
  const z = lattice.logEvidence;
  for (let ply = 1; ply < lattice.plies.length; ply++) {
    const byMove = new Map<string, { uci: string; san: string; probability: number }>();
    for (const node of lattice.plies[ply]) {
      for (const edge of node.incoming) {
        const logPosterior = edge.from.logAlpha + edge.logWeight + node.logBeta - z;
        if (logPosterior < -40) continue;
        const key = edge.candidate.key;
        const entry = byMove.get(key) ?? { uci: edge.candidate.uci, san: edge.candidate.san, probability: 0 };
        entry.probability += Math.exp(logPosterior);
        byMove.set(key, entry);
      }
    }
    marginals.push([...byMove.values()].sort((a, b) => b.probability - a.probability));
  }
  return marginals;
}

/** The gains' key for a move the posterior holds nothing of at a ply (no SAN is empty). */
const UNKEPT = '';

/** The best score so far into `node` after trying `edge` (kept in `via` when it beats `best`). */
function relax(edge: LatticeEdge, node: LatticeNode, best: number, score: Map<LatticeNode, number>, via: Map<LatticeNode, LatticeEdge>,
  gains: Map<string, number>): number {
  const from = score.get(edge.from);
  if (from === undefined) return best;
  const total = from + (gains.get(edge.candidate.san) ?? gains.get(UNKEPT) ?? -0.5);
  if (total <= best + 1e-12) return best;
  via.set(node, edge);
  return total;
}

/**
 * The path that gets the most moves right on average (minimum Bayes risk for a per-move count): the
 * complete game maximising the sum over its plies of each move's posterior, less one half per ply, so
 * that a ply is added at the end only if its move is more likely than not. The Viterbi game is the
 * single likeliest game, but where many games share most of their moves it can hold a move the
 * lattice as a whole finds unlikely. Moves are counted by their SAN, as they are written and their
 * confidence is given: counted by the squares they join, games that leave a rook where it stood
 * (27.h3, 27.b4 before 28.Rh7+ from d7) pool their later moves against a likelier rook move (27.Rg7+
 * before 28.Rh7+ from g7). Before any count, the game holds as few moves as it can that another
 * move at their ply is likelier than. Falls back to Viterbi for a game that breaks.
 */
export function expectedAccuracyPath(lattice: Lattice, marginals: readonly MoveProbability[][]): LatticeEdge[] {
  if (!lattice.bestFinal || lattice.bestFinal.abandoned) return bestPath(lattice);
  // Outranking one move outweighs every move's gain in the whole game (each within ±0.5).
  const outranked = marginals.length + 1;
  const gainAt = marginals.map((moves) => {
    const gains = new Map<string, number>();
    for (const entry of moves) gains.set(entry.san, (gains.get(entry.san) ?? -0.5) + entry.probability);
    const likeliest = Math.max(...gains.values());
    for (const [san, gain] of gains) if (gain < likeliest - 1e-12) gains.set(san, gain - outranked);
    gains.set(UNKEPT, -0.5 - outranked);
    return gains;
  });
  const score = new Map<LatticeNode, number>();
  const via = new Map<LatticeNode, LatticeEdge>();
  score.set(lattice.plies[0][0], 0);
  let end: LatticeNode | undefined;
  for (let ply = 1; ply < lattice.plies.length; ply++) {
    const gains = gainAt[ply - 1];
    for (const node of lattice.plies[ply]) {
      // The Viterbi edge first: among equals it stays (the others in their order, without an array made per node).
      const first = node.bestEdge;
      let best = first ? relax(first, node, -Infinity, score, via, gains) : -Infinity;
      for (const edge of node.incoming) if (edge !== first) best = relax(edge, node, best, score, via, gains);
      if (best === -Infinity) continue;
      score.set(node, best);
      if (node.logFinal === 0 && (!end || best > (score.get(end) ?? -Infinity) + 1e-12)) end = node;
    }
  }
  if (!end) return bestPath(lattice);
  const edges: LatticeEdge[] = [];
  for (let node: LatticeNode | undefined = end; node && via.has(node); node = via.get(node)?.from) edges.push(via.get(node) as LatticeEdge);
  return edges.reverse();
}
