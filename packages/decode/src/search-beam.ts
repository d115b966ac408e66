/** Which hypotheses a ply keeps, and the scores the search watches over its plies. */
import type { BestFirst } from './best-first.js';
import type { ChildTable } from './ply-tables.js';
import type { LatticeNode } from './search.js';

/**
 * The children the beam keeps, best first. Per layout of the cells (which cell comes next on each
 * sheet) first only the best `layoutSize`, so that the many ways to fill a half-move nobody wrote
 * cannot crowd out the alternatives for what was written; then the best layout may fill the beam:
 * after an unwritten half-move, which one it was shows later. With `layoutSize` as large as the beam
 * (the narrow default), an alternative a few nats behind that only proves right many plies later (a
 * pawn misread on another file) is not dropped for junk in other layouts.
 */
export function selectBeam(children: ChildTable, order: BestFirst, beamWidth: number, beamSize: number, layoutSize: number, finished: number): number[] {
  // A game already over sets the bar too: what cannot beat it within the width is not worth going on with.
  let top = finished;
  order.reset(children.count, 2 * beamSize);
  for (let slot = 0; slot < children.count; slot++) {
    const score = children.alpha[slot] + children.future[slot];
    order.setScore(slot, score);
    top = Math.max(top, score);
  }
  for (let slot = 0; slot < children.count; slot++) if (children.alpha[slot] + children.future[slot] >= top - beamWidth) order.add(slot);
  if (order.count === 0) return [];
  const perLayout = new Map<number, number>();
  const kept: number[] = [];
  const deferred: number[] = [];
  const bestLayout = children.layoutOf(order.at(0));
  for (let index = 0; index < order.count; index++) {
    if (kept.length >= beamSize) break;
    const slot = order.at(index);
    const layoutKey = children.layoutOf(slot);
    const seen = perLayout.get(layoutKey) ?? 0;
    if (seen >= layoutSize) {
      if (layoutKey === bestLayout) deferred.push(slot);
      continue;
    }
    perLayout.set(layoutKey, seen + 1);
    kept.push(slot);
  }
  for (const slot of deferred) {
    if (kept.length >= beamSize) break;
    kept.push(slot);
  }
  return kept;
}

/** The best forward score of the hypotheses that have explained every cell. */
export function finishedScoreOf(nodes: readonly LatticeNode[]): number {
  let best = -Infinity;
  for (const node of nodes) if (node.logFinal === 0) best = Math.max(best, node.logAlpha);
  return best;
}

/** The best score of a ply's hypotheses, the estimate of their cells still ahead included. */
export function bestScoreOf(nodes: readonly LatticeNode[]): number {
  let best = -Infinity;
  for (const node of nodes) best = Math.max(best, node.logAlpha + node.future);
  return best;
}

/** The hypothesis with the best score, the estimate of its cells still ahead included. */
export function topOf(nodes: readonly LatticeNode[]): LatticeNode | undefined {
  let top: LatticeNode | undefined;
  for (const node of nodes) if (!top || node.logAlpha + node.future > top.logAlpha + top.future) top = node;
  return top;
}
