import { describe, expect, it } from 'vitest';
import { backwardPass, bestPath, expectedAccuracyPath, plyMarginals } from '../src/posterior.js';
import type { Lattice, LatticeEdge, LatticeNode } from '../src/search.js';
import type { Move } from '@zapis/core';
import type { KnownMove } from '../src/move-table.js';

function node(ply: number, logFinal = -Infinity): LatticeNode {
  return {
    ply, cursors: [0, 0], lastCaptureSquare: -1, position: undefined, logAlpha: -Infinity, best: -Infinity, bestEdge: undefined,
    incoming: [], logFinal, abandoned: false, future: 0, logBeta: -Infinity,
  };
}

function move(san: string): KnownMove {
  return { id: 0, move: 0 as Move, uci: san, san, key: `${san}|${san}`, description: {} as KnownMove['description'] };
}

/** Links `to` from `from` by `san` with probability `p`, keeping forward and Viterbi scores up to date. */
function link(from: LatticeNode, to: LatticeNode, san: string, p: number): void {
  const edge: LatticeEdge = { from, to, candidate: move(san), steps: [], logWeight: Math.log(p) };
  to.incoming.push(edge);
  const alpha = from.logAlpha + edge.logWeight;
  to.logAlpha = to.logAlpha === -Infinity ? alpha : Math.log(Math.exp(to.logAlpha) + Math.exp(alpha));
  if (from.best + edge.logWeight > to.best) {
    to.best = from.best + edge.logWeight;
    to.bestEdge = edge;
  }
}

function lattice(plies: LatticeNode[][]): Lattice {
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

describe('the path with the most moves right on average', () => {
  // Ply 1 is 'a' on the single likeliest game (0.4), but 'b' on two games that part later (0.3 each):
  // Viterbi says 'a', yet 'b' is right 60% of the time.
  function split(): Lattice {
    const root = node(0);
    root.logAlpha = 0;
    root.best = 0;
    const viaA = node(1);
    const viaB1 = node(1);
    const viaB2 = node(1);
    link(root, viaA, 'a', 0.4);
    link(root, viaB1, 'b', 0.3);
    link(root, viaB2, 'b', 0.3);
    const endA = node(2, 0);
    const endB1 = node(2, 0);
    const endB2 = node(2, 0);
    link(viaA, endA, 'x', 1);
    link(viaB1, endB1, 'y', 1);
    link(viaB2, endB2, 'z', 1);
    return lattice([[root], [viaA, viaB1, viaB2], [endA, endB1, endB2]]);
  }

  it('takes the move the lattice as a whole prefers, where Viterbi does not', () => {
    const graph = split();
    backwardPass(graph);
    const marginals = plyMarginals(graph);
    expect(bestPath(graph).map((edge) => edge.candidate.san)).toEqual(['a', 'x']);
    const path = expectedAccuracyPath(graph, marginals);
    expect(path.map((edge) => edge.candidate.san)[0]).toBe('b');
    expect(marginals[0].find((entry) => entry.san === 'b')?.probability).toBeCloseTo(0.6);
  });

  it('is the Viterbi path when that holds the likeliest move at every ply', () => {
    const root = node(0);
    root.logAlpha = 0;
    root.best = 0;
    const one = node(1);
    const other = node(1);
    link(root, one, 'a', 0.7);
    link(root, other, 'b', 0.3);
    const end = node(2, 0);
    const otherEnd = node(2, 0);
    link(one, end, 'c', 1);
    link(other, otherEnd, 'd', 1);
    const graph = lattice([[root], [one, other], [end, otherEnd]]);
    backwardPass(graph);
    expect(expectedAccuracyPath(graph, plyMarginals(graph))).toEqual(bestPath(graph));
  });
});
