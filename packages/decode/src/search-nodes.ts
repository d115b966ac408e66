/**
 * The lattice's nodes and edges as the search makes them: one class each, so every node and every edge has one
 * shape, and an edge's steps made only when asked.
 */
import type { Position } from '@zapis/core';
import type { KnownMove } from './move-table.js';
import { CELL_USES, type CellUse } from './sheet-options.js';
import type { LatticeEdge, LatticeNode, SheetStep } from './search.js';

/** The noise cells of a step that has none (shared: most steps). */
const NO_CELLS: readonly number[] = Object.freeze([]);

/** The incoming edges of a node given none (the root's; shared, never pushed to). */
const NO_EDGES: LatticeEdge[] = [];

/** A hypothesis the search keeps: one class, so every node has one shape and the search's reads of them stay fast. */
export class SearchNode implements LatticeNode {
  position: Position | undefined = undefined;
  bestEdge: LatticeEdge | undefined = undefined;
  /** Sized by the search to the edges it keeps: an array grown by pushes holds many spare slots, and most nodes keep few edges. */
  incoming: LatticeEdge[] = NO_EDGES;
  logBeta = -Infinity;

  constructor(readonly ply: number, readonly cursors: readonly number[], readonly lastCaptureSquare: number, readonly future: number,
    public logAlpha: number, public best: number, public logFinal: number, public abandoned: boolean) {}
}

/**
 * An edge keeps its sheets' steps as numbers (one or two sheets) and makes the step objects when asked: only the
 * edges of the game built, of a stretch gone back over and of a rescored lattice are, while a correction makes
 * edges by the hundred thousand, three objects apiece, most of them for the collector.
 */
export class SearchEdge implements LatticeEdge {
  private made: readonly SheetStep[] | undefined;

  constructor(readonly from: LatticeNode, readonly to: LatticeNode, readonly candidate: KnownMove, readonly logWeight: number,
    private readonly sheets: number, private readonly use0: number, private readonly cell0: number, private readonly noise0: number,
    private readonly weight0: number, private readonly use1: number, private readonly cell1: number, private readonly noise1: number,
    private readonly weight1: number) {}

  get steps(): readonly SheetStep[] {
    if (!this.made) {
      const first = stepOf(this.use0, this.cell0, this.noise0, this.weight0);
      this.made = this.sheets === 1 ? [first] : [first, stepOf(this.use1, this.cell1, this.noise1, this.weight1)];
    }
    return this.made;
  }
}

function stepOf(use: number, cell: number, noise: number, weight: number): SheetStep {
  return new SearchStep(CELL_USES[use], cell, noise >= 0 ? [noise] : NO_CELLS, weight);
}

class SearchStep implements SheetStep {
  constructor(readonly use: CellUse, readonly cell: number, readonly noise: readonly number[], readonly logWeight: number) {}
}
