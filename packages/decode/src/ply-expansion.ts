/**
 * One hypothesis taken one ply further: every move it may play, in every way
 * the sheets may account for it (sheet-options.ts), into the ply's children
 * and proposals (ply-tables.ts). A function of its own, not a loop inside the
 * search: V8 inlines small calls only up to a budget per compiled function,
 * and inside the whole search that budget runs out, so every call here would
 * pass its numbers boxed.
 */
import type { EmissionModel } from './emission-model.js';
import type { FutureCost } from './future-cost.js';
import { logSumExp } from './log-math.js';
import type { MoveTable, PositionMoves } from './move-table.js';
import type { ChildTable, ProposalTable } from './ply-tables.js';
import type { PreparedSheet } from './prepared-sheet.js';
import type { LayoutLogs, SheetOptions } from './sheet-options.js';

/** What the expansion needs of a hypothesis. */
export interface Expandable {
  readonly cursors: readonly number[];
  readonly logAlpha: number;
  readonly best: number;
}

export class PlyExpansion {
  private readonly joint: boolean;
  private readonly scratch: Int32Array;

  constructor(
    private readonly sheets: readonly PreparedSheet[],
    private readonly optionSets: readonly SheetOptions[],
    private readonly model: EmissionModel,
    private readonly layout: LayoutLogs,
    private readonly cost: FutureCost,
    private readonly table: MoveTable,
    private readonly children: ChildTable,
    private readonly proposals: ProposalTable,
    /** Whether the search may play this move at the 0-based ply (undefined: every move). */
    private readonly allowed: ((ply: number, id: number) => boolean) | undefined,
  ) {
    this.joint = sheets.length > 1;
    this.scratch = new Int32Array(sheets.length * 2);
  }

  /**
   * Hypothesis `parent` (`node`, whose moves are `moves`) at 0-based `ply`: what stays within `beamWidth` nats of
   * the best score so far (`bound`) goes into the children and proposals. Returns the best score so far.
   */
  expand(parent: number, node: Expandable, moves: PositionMoves, ply: number, beamWidth: number, bound: number): number {
    const { sheets, optionSets, model, layout, joint, cost, scratch, children, proposals, allowed } = this;
    const { ids, count } = moves;
    for (let k = 0; k < count; k++) {
      if (allowed && !allowed(ply, ids[k])) continue;
      const description = this.table.moves[ids[k]].description;
      // What a sheet's option must reach to stay within the beam (the other sheet adds 0 at best).
      const floor = bound - beamWidth - node.logAlpha - moves.logPrior[k];
      for (let s = 0; s < sheets.length; s++) {
        optionSets[s].floor = floor;
        optionSets[s].fill(sheets[s], s, node.cursors[2 * s], node.cursors[2 * s + 1], ids[k], model, layout, joint, ply + 1, cost);
      }
      // Every combination of the sheets' options (one sheet: just its options).
      const first = optionSets[0];
      const second = joint ? optionSets[1] : undefined;
      const secondCount = second ? second.count : 1;
      const lastCapture = description.capture ? description.to : -1;
      for (let a = 0; a < first.count; a++) {
        for (let b = 0; b < secondCount; b++) {
          if (second && first.cell[a] < 0 && second.cell[b] < 0) continue; // seen on neither sheet
          const weight = moves.logPrior[k] + first.weight[a] + (second ? second.weight[b] : 0);
          scratch[0] = first.next[a];
          scratch[1] = first.pending[a];
          if (second) {
            scratch[2] = second.next[b];
            scratch[3] = second.pending[b];
          }
          const future = cost.of(scratch);
          const score = node.logAlpha + weight + future;
          if (score < bound - beamWidth) continue;
          if (score > bound) bound = score;
          const known = children.count;
          const child = children.find(moves.childLo[k], moves.childHi[k], scratch, lastCapture);
          if (children.count > known) children.future[child] = future;
          children.alpha[child] = logSumExp(children.alpha[child], node.logAlpha + weight);
          const p = proposals.add(parent, k, child, weight);
          proposals.setStep(p, 0, first.use[a], first.cell[a], first.noise[a], first.weight[a]);
          if (second) proposals.setStep(p, 1, second.use[b], second.cell[b], second.noise[b], second.weight[b]);
          if (node.best + weight > children.best[child]) {
            children.best[child] = node.best + weight;
            children.bestProposal[child] = p;
          }
        }
      }
    }
    return bound;
  }
}
