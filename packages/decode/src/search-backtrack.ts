/** Going back over a stretch when the best hypothesis suddenly fits the readings far worse than moves could. */
import { TYPICAL_PRIOR, type FutureCost } from './future-cost.js';
import { topOf } from './search-beam.js';
import type { LatticeEdge, LatticeNode } from './search.js';

/**
 * Where to go back to from a surprise at `ply`: `plies` plies back, or further back to before a
 * half-move the best hypothesis says nobody wrote, if there is one not long before: which move that
 * was is where many equally likely hypotheses part, and the evidence may come much later.
 */
export function backtrackTo(nodes: readonly LatticeNode[], ply: number, plies: number): number {
  const back = Math.max(0, ply - plies);
  const limit = Math.max(0, ply - 4 * plies);
  for (let node = topOf(nodes); node?.bestEdge && node.ply > limit; node = node.bestEdge.from) {
    if (node.ply <= back && node.bestEdge.steps.every((step) => step.cell < 0)) return Math.max(0, node.ply - 2);
  }
  return back;
}

/** The position of a node whose position was let go: its best path replayed from the nearest node that has one. */
export function restorePosition(node: LatticeNode): void {
  if (node.position) return;
  const moves: LatticeEdge[] = [];
  let at: LatticeNode | undefined = node;
  while (at && !at.position) {
    if (!at.bestEdge) return;
    moves.push(at.bestEdge);
    at = at.bestEdge.from;
  }
  if (!at?.position) return;
  const position = at.position.clone();
  for (let k = moves.length - 1; k >= 0; k--) position.playUnchecked(moves[k].candidate.move);
  node.position = position;
}

/** How much worse `edge` explains its cells than the best any move could (nats, 0 or more; see `Lattice.surprise`). */
export function surpriseOf(edge: LatticeEdge, cost: FutureCost): number {
  let expected = 0;
  let cells = 0;
  edge.steps.forEach((step, s) => {
    const used = [...(step.cell >= 0 ? [step.cell] : []), ...(step.use === 'split' ? [step.cell + 1] : []), ...step.noise];
    for (const cell of used) expected += cost.best(s, cell);
    cells += used.length;
  });
  // One move's prior, however many cells it took (a move nobody wrote expects its prior only).
  expected -= (cells - 1) * TYPICAL_PRIOR;
  return Math.max(0, expected - edge.logWeight);
}
