import { describe, expect, it } from 'vitest';
import { backwardPass, bestPath, expectedAccuracyPath, plyMarginals } from '../src/posterior.js';
import type { Lattice, LatticeNode } from '../src/search.js';
import { lattice, link as linkMove, move, node } from './lattice-builder.js';

/** Links `to` from `from` by the move written `san`. */
function link(from: LatticeNode, to: LatticeNode, san: string, p: number): void {
  linkMove(from, to, move(san), p);
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
