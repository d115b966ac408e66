/** Hand-built decoding lattices for the posterior tests: nodes, moves, and edges that keep forward scores current. */
import type { Move } from '@zapis/core';
import type { Lattice, LatticeEdge, LatticeNode } from '../src/search.js';
import type { KnownMove } from '../src/move-table.js';

export function node(ply: number, logFinal = -Infinity): LatticeNode {
  return {
    ply, cursors: [0, 0], lastCaptureSquare: -1, position: undefined, logAlpha: -Infinity, best: -Infinity, bestEdge: undefined,
    incoming: [], logFinal, abandoned: false, future: 0, logBeta: -Infinity,
  };
}

/** A move by its SAN and the squares it joins (two moves can be written alike from different squares). */
export function move(san: string, uci = san): KnownMove {
  return { id: 0, move: 0 as Move, uci, san, key: `${uci}|${san}`, description: {} as KnownMove['description'] };
}

/** Links `to` from `from` by `played` with probability `p`, keeping forward and Viterbi scores up to date. */
export function link(from: LatticeNode, to: LatticeNode, played: KnownMove, p: number): void {
  const edge: LatticeEdge = { from, to, candidate: played, steps: [], logWeight: Math.log(p) };
  to.incoming.push(edge);
  const alpha = from.logAlpha + edge.logWeight;
  to.logAlpha = to.logAlpha === -Infinity ? alpha : Math.log(Math.exp(to.logAlpha) + Math.exp(alpha));
  if (from.best + edge.logWeight > to.best) {
    to.best = from.best + edge.logWeight;
    to.bestEdge = edge;
  }
}

/** The start node: every game begins here with probability 1. */
export function root(): LatticeNode {
  const start = node(0);
  start.logAlpha = 0;
  start.best = 0;
  return start;
}

/** The lattice over `plies`, its evidence summed over the nodes where a game may end (no backward pass). */
export function lattice(plies: LatticeNode[][]): Lattice {
  let logEvidence = -Infinity;
  let bestFinal: LatticeNode | undefined;
  for (const nodes of plies) {
    for (const end of nodes) {
      if (end.logFinal === -Infinity) continue;
      const total = end.logAlpha + end.logFinal;
      logEvidence = logEvidence === -Infinity ? total : Math.log(Math.exp(logEvidence) + Math.exp(total));
      if (!bestFinal || end.best > bestFinal.best) bestFinal = end;
    }
  }
  return { plies, logEvidence, bestFinal, bestScore: bestFinal?.best ?? -Infinity, surprise: () => 0 };
}
