/**
 * One run of the beam search (search.ts): everything the search keeps while it goes, owned by the run, and
 * each step of a ply (score the written cells, expand, keep a beam, link the lattice, go back when surprised)
 * as a method of its own.
 */
import { makeFen, type Position } from '@zapis/core';
import type { SpellingPriors } from './channel-parameters.js';
import { EmissionModel } from './emission-model.js';
import { FutureCost } from './future-cost.js';
import { MoveTable, type PositionMoves } from './move-table.js';
import { ChildTable, ProposalTable } from './ply-tables.js';
import { BestFirst } from './best-first.js';
import { PlyExpansion } from './ply-expansion.js';
import { SheetOptions, layoutLogs, type LayoutLogs } from './sheet-options.js';
import { spellingPriorsOf } from './spellings.js';
import { logSumExp } from './log-math.js';
import type { PreparedSheet } from './prepared-sheet.js';
import { confirmedByIndex, sanKey } from './confirmed-moves.js';
import { resumePoint, type ReachedPly } from './search-resume.js';
import { PositionMovesCache } from './position-moves-cache.js';
import { SearchEdge, SearchNode } from './search-nodes.js';
import { bestScoreOf, finishedScoreOf, selectBeam } from './search-beam.js';
import { backtrackTo, restorePosition, surpriseOf } from './search-backtrack.js';
import { DEFAULT_LAYOUT } from './channel-parameters.js';
import type { Backtracking, Lattice, LatticeEdge, LatticeNode, SearchOptions } from './search.js';

/** How wide a ply's beam is: hypotheses within `beamWidth` nats of the best, at most `beamSize`, `layoutSize` per layout. */
export interface Beam {
  readonly beamWidth: number;
  readonly beamSize: number;
  readonly layoutSize: number;
}

/** The beams of one search: the usual one, the one for a stretch searched again, and when to go back (undefined: never). */
export interface SearchBeams {
  readonly narrow: Beam;
  readonly wide: Beam;
  readonly backtrack: Backtracking | undefined;
}

/** Edges below this share (nats) of their node's forward probability are left out of the lattice. */
const NEGLIGIBLE_EDGE = 30;

function remainingCells(sheets: readonly PreparedSheet[], cursors: readonly number[]): number {
  let remaining = 0;
  for (let s = 0; s < sheets.length; s++) remaining += sheets[s].cells.length - cursors[2 * s] + (cursors[2 * s + 1] >= 0 ? 1 : 0);
  return remaining;
}

/** log weight of ending the game at these cursors: 0 if all is explained, else the rest as noise. */
function finalWeight(sheets: readonly PreparedSheet[], cursors: readonly number[], layout: LayoutLogs): number {
  if (remainingCells(sheets, cursors) === 0) return 0;
  let noise = layout.abandon;
  for (let s = 0; s < sheets.length; s++) {
    noise += sheets[s].suffixNoise[cursors[2 * s]];
    const pending = cursors[2 * s + 1];
    if (pending >= 0) noise += sheets[s].cells[pending].logNoise;
  }
  return noise;
}

/** Everything a search depends on besides the confirmations, the channel, the layout and the move prior (compared by identity). */
function searchSetting(start: Position, sheets: readonly PreparedSheet[], options: SearchOptions, beams: SearchBeams,
  spelling: SpellingPriors): string {
  return JSON.stringify([
    options.language, start.hashLo, start.hashHi, makeFen(start), sheets.map((sheet) => sheet.cells.length), beams.narrow, beams.wide,
    beams.backtrack ?? false, options.extraPlies ?? 8, spelling,
  ]);
}

/** A search from `start` over `sheets`: made, run once (`run`), then let go. */
export class LatticeSearch {
  private readonly layout: LayoutLogs;
  private readonly confirmed: (string | undefined)[];
  /** No game ends before the last confirmed move (0: none). */
  private readonly lastConfirmed: number;
  private readonly maxPlies: number;
  /** Whether some moves are not allowed (`options.only`, confirmed moves). */
  private readonly restricted: boolean;
  private readonly spelling: SpellingPriors;
  private readonly table: MoveTable;
  private readonly model: EmissionModel;
  private readonly cost: FutureCost;
  private readonly movesCache = new PositionMovesCache();
  private readonly children: ChildTable;
  private readonly proposals = new ProposalTable();
  private readonly order = new BestFirst();
  private readonly expansion: PlyExpansion;
  /** Positions let go of, to be written over: a search keeps one per hypothesis a ply, and each is five typed arrays. */
  private readonly freePositions: Position[] = [];
  /** The last plies' surprises beyond the allowance (a ring). */
  private readonly excess: Float64Array;
  /** The moves of each hypothesis of the beam this ply (undefined for one without a position). */
  private readonly beamMoves: PositionMoves[] = [];
  /** What a review session's later search must share with this one to go on from it (undefined: not kept). */
  private setting: string | undefined;
  /** Each ply as the search first reached it (kept for a review session's next search). */
  private reached: ReachedPly[] = [];
  private root: LatticeNode;
  private plies: LatticeNode[][];
  private beam: LatticeNode[];
  private previousTop: number;
  /** The best game that explains every cell so far (-∞: none yet). */
  private finished: number;
  /** Plies before this one are searched wide; surprises at plies before `settledPly` do not send the search back again. */
  private wideUntil = 0;
  private settledPly = 0;
  private backtracks = 0;
  private firstPly = 0;

  constructor(private readonly start: Position, private readonly sheets: readonly PreparedSheet[], private readonly options: SearchOptions,
    private readonly beams: SearchBeams) {
    this.layout = layoutLogs(options.layout ?? DEFAULT_LAYOUT);
    this.confirmed = confirmedByIndex(options.confirmed);
    this.lastConfirmed = this.confirmed.length;
    this.maxPlies = Math.max(this.lastConfirmed, Math.max(...sheets.map((sheet) => sheet.cells.length)) + (options.extraPlies ?? 8));
    this.restricted = options.only !== undefined || this.lastConfirmed > 0;
    this.spelling = options.spelling ?? spellingPriorsOf(options.language);
    const table = (this.table = options.reuse?.table ?? new MoveTable());
    const createModel = (): EmissionModel => new EmissionModel(options.channel, options.language, this.spelling, table, sheets);
    this.model = options.reuse ? options.reuse.emissionModel(options.channel, options.language, createModel) : createModel();
    this.cost = new FutureCost(sheets, this.model.cellBase, this.model.cellCount, options.channel, options.language, this.spelling, this.layout.noiseCell);
    const optionSets = sheets.map(() => new SheetOptions());
    this.children = new ChildTable(sheets.length * 2);
    this.expansion = new PlyExpansion(sheets, optionSets, this.model, this.layout, this.cost, table, this.children, this.proposals,
      this.restricted ? (ply, id) => this.allowed(ply, id) : undefined);
    const rootCursors: number[] = [];
    for (let s = 0; s < sheets.length; s++) rootCursors.push(0, -1);
    this.root = new SearchNode(0, rootCursors, -1, this.cost.of(Int32Array.from(rootCursors)), 0, 0, this.endLogWeight(0, rootCursors),
      this.endsEarly(0, rootCursors));
    this.root.position = start.clone();
    this.plies = [[this.root]];
    this.previousTop = this.root.logAlpha + this.root.future;
    this.finished = this.root.logFinal === 0 ? this.root.logAlpha : -Infinity;
    this.excess = new Float64Array(beams.backtrack?.window ?? 1);
    this.beam = [this.root];
  }

  /** Runs the search and returns the lattice. */
  run(): Lattice {
    this.resumeSavedSearch();
    const reuse = this.options.reuse;
    if (reuse) reuse.lastSearchStart = this.firstPly;
    for (let ply = this.firstPly; ply < this.maxPlies && this.beam.length > 0;) {
      const next = this.searchPly(ply);
      if (next < 0) break;
      ply = next;
    }
    if (this.setting !== undefined) {
      const { options } = this;
      reuse?.saveSearch({
        setting: this.setting, channel: options.channel, layout: options.layout, movePrior: options.movePrior, confirmed: this.confirmed,
        plies: this.plies, reached: this.reached,
      });
    }
    return this.lattice();
  }

  /** Whether the search may play this move at the 0-based ply. */
  private allowed(ply: number, id: number): boolean {
    const known = this.table.moves[id];
    const { only } = this.options;
    if (only && only[ply] !== known.uci) return false;
    const wanted = this.confirmed[ply];
    return wanted === undefined || sanKey(known.san) === wanted;
  }

  /** log weight of the game ending at this ply and these cursors (-∞ before the last confirmed move). */
  private endLogWeight(ply: number, cursors: readonly number[]): number {
    return ply < this.lastConfirmed ? -Infinity : finalWeight(this.sheets, cursors, this.layout);
  }

  /** Whether a game ending there leaves cells unexplained. */
  private endsEarly(ply: number, cursors: readonly number[]): boolean {
    return ply >= this.lastConfirmed && remainingCells(this.sheets, cursors) > 0;
  }

  private movesOf(position: Position, lastCaptureSquare: number): PositionMoves {
    const { options, table } = this;
    const generate = (): PositionMoves => table.positionMoves(position, lastCaptureSquare, options.movePrior);
    if (options.reuse) return options.reuse.positionMoves(position, lastCaptureSquare, generate, options.movePrior);
    return this.movesCache.movesOf(position, lastCaptureSquare, generate);
  }

  /** A review session's search goes on from where the last one's confirmations were the same (search-resume.ts). */
  private resumeSavedSearch(): void {
    const { options, sheets } = this;
    this.setting = options.reuse && !options.only ? searchSetting(this.start, sheets, options, this.beams, this.spelling) : undefined;
    const saved = this.setting !== undefined ? options.reuse?.savedSearch(this.setting, options.channel, options.layout, options.movePrior) : undefined;
    // Whether a node's game is over (explains every cell, at or past the last confirmed move) under the saved search and this one.
    const overUnder = (last: number) => (node: LatticeNode): boolean => node.ply >= last && remainingCells(sheets, node.cursors) === 0;
    const resume = saved ? resumePoint(saved, this.confirmed, this.maxPlies, overUnder(saved.confirmed.length), overUnder(this.lastConfirmed)) : undefined;
    if (!saved || !resume) return;
    this.plies = resume.plies.map((nodes) => [...nodes]);
    this.reached = saved.reached.slice(0, resume.ply + 1);
    this.root = this.plies[0][0];
    // How each kept node ends depends on the last confirmed move; only whether it is over had to agree.
    for (const nodes of this.plies) {
      for (const node of nodes) {
        node.logFinal = this.endLogWeight(node.ply, node.cursors);
        node.abandoned = this.endsEarly(node.ply, node.cursors);
      }
    }
    for (const node of this.plies[resume.ply]) restorePosition(node);
    this.beam = this.plies[resume.ply].filter((node) => node.logFinal !== 0);
    ({ previousTop: this.previousTop, finished: this.finished, wideUntil: this.wideUntil, settledPly: this.settledPly, backtracks: this.backtracks } = resume.start);
    this.excess.set(resume.start.excess);
    this.cost.written.set(resume.start.written);
    this.firstPly = resume.ply;
  }

  /** Expands the beam at the 0-based `ply`; returns the ply to search next, or -1 when no hypothesis goes on. */
  private searchPly(ply: number): number {
    this.options.reuse?.checkStop();
    // Only the first time: a stretch searched again after a surprise is not what a search changed inside it would do.
    if (this.setting !== undefined && ply === this.reached.length) {
      const { previousTop, finished, wideUntil, settledPly, backtracks } = this;
      this.reached.push({
        start: { previousTop, finished, excess: this.excess.slice(), wideUntil, settledPly, backtracks, written: this.cost.written.slice() },
        plies: this.plies.slice(),
      });
    }
    const { beamWidth, beamSize, layoutSize } = ply < this.wideUntil ? this.beams.wide : this.beams.narrow;
    const { children, beam, beamMoves } = this;
    children.reset();
    this.proposals.reset();
    let bound = -Infinity;
    this.scoreWrittenCells(ply);
    for (let i = 0; i < beam.length; i++) {
      const moves = beamMoves[i];
      if (moves) bound = this.expansion.expand(i, beam[i], moves, ply, beamWidth, bound);
    }
    if (children.count === 0) return -1;
    const kept = selectBeam(children, this.order, beamWidth, beamSize, layoutSize, this.finished);
    const nodes = kept.map((slot) => {
      const cursors = children.cursorsOf(slot);
      return new SearchNode(ply + 1, cursors, children.lastCapture[slot], children.future[slot], children.alpha[slot], children.best[slot],
        this.endLogWeight(ply + 1, cursors), this.endsEarly(ply + 1, cursors));
    });
    this.linkEdges(kept, nodes);
    this.playBestEdges(nodes);
    this.plies.push(nodes);
    this.beam = nodes.filter((node) => node.logFinal !== 0);
    this.finished = Math.max(this.finished, finishedScoreOf(nodes));
    if (this.surprised(ply, nodes)) return this.goBack(ply, nodes);
    this.releaseOldPositions();
    return ply + 1;
  }

  /**
   * First every move in its hypothesis' next cell, which settles what each cell costs this ply (`cost.written`, read
   * by the expansion's bounds): the beam's moves are found here too.
   */
  private scoreWrittenCells(ply: number): void {
    const { beam, beamMoves, sheets, model, cost, restricted } = this;
    cost.startPly();
    beamMoves.length = 0;
    for (let i = 0; i < beam.length; i++) {
      const position = beam[i].position;
      if (!position) continue;
      beamMoves[i] = this.movesOf(position, beam[i].lastCaptureSquare);
      for (let s = 0; s < sheets.length; s++) {
        const next = beam[i].cursors[2 * s];
        if (beam[i].cursors[2 * s + 1] >= 0 || next >= sheets[s].cells.length) continue;
        const cell = model.cellBase[s] + next;
        const { ids, count } = beamMoves[i];
        for (let k = 0; k < count; k++) {
          if (restricted && !this.allowed(ply, ids[k])) continue;
          // Read from the model's rows, the model called only for what is not computed yet (EmissionModel.rowOf; the
          // calls' numbers made numbers, `+`, as in SheetOptions.fill).
          let emission = model.rowOf(ids[k])[cell];
          if (emission !== emission) {
            // A move whose bound cannot beat the best so far cannot change it: left unscored here.
            let bound = model.boundRowOf(ids[k])[cell];
            if (bound !== bound) bound = +model.emissionBound(cell, ids[k]);
            if (bound <= cost.written[cell]) continue;
            emission = +model.emission(cell, ids[k]);
          }
          if (emission > cost.written[cell]) cost.written[cell] = emission;
        }
      }
    }
    cost.settle(ply + 1);
  }

  /** A way in that carries a negligible share of the child's probability changes no posterior (its node's best way in is kept). */
  private negligible(p: number, from: LatticeNode, to: LatticeNode): boolean {
    const { proposals } = this;
    return from.logAlpha + proposals.weight[p] < to.logAlpha - NEGLIGIBLE_EDGE && this.children.bestProposal[proposals.child[p]] !== p;
  }

  /**
   * The edges into the kept children (`nodes`, made from the slots `kept`). Each node's edges are counted first, then
   * its array made to size and filled in the proposals' order; each proposal's node (-1: none, or a negligible way in)
   * is noted on the first pass for the second.
   */
  private linkEdges(kept: readonly number[], nodes: readonly SearchNode[]): void {
    const { children, proposals, beam, beamMoves, table, sheets } = this;
    const nodeOf = new Int32Array(children.count).fill(-1);
    kept.forEach((slot, index) => {
      nodeOf[slot] = index;
    });
    const edgeCounts = new Int32Array(nodes.length);
    const targetOf = new Int32Array(proposals.count);
    for (let p = 0; p < proposals.count; p++) {
      const index = nodeOf[proposals.child[p]];
      targetOf[p] = index >= 0 && !this.negligible(p, beam[proposals.parent[p]], nodes[index]) ? index : -1;
      if (targetOf[p] >= 0) edgeCounts[index]++;
    }
    for (let index = 0; index < nodes.length; index++) nodes[index].incoming = new Array<LatticeEdge>(edgeCounts[index]);
    edgeCounts.fill(0);
    for (let p = 0; p < proposals.count; p++) {
      const index = targetOf[p];
      if (index < 0) continue;
      const to = nodes[index];
      const from = beam[proposals.parent[p]];
      const candidate = table.moves[beamMoves[proposals.parent[p]].ids[proposals.move[p]]];
      const k = p * 2;
      const edge = new SearchEdge(from, to, candidate, proposals.weight[p], sheets.length,
        proposals.use[k], proposals.cell[k], proposals.noise[k], proposals.stepWeight[k],
        proposals.use[k + 1], proposals.cell[k + 1], proposals.noise[k + 1], proposals.stepWeight[k + 1]);
      to.incoming[edgeCounts[index]++] = edge;
      if (children.bestProposal[proposals.child[p]] === p) to.bestEdge = edge;
    }
  }

  /** Each new node's position: its best way in played on its parent's (into a position let go of, when there is one). */
  private playBestEdges(nodes: readonly SearchNode[]): void {
    for (const node of nodes) {
      const edge = node.bestEdge;
      if (!edge?.from.position) continue;
      const free = this.freePositions.pop();
      const position = free ?? edge.from.position.clone();
      if (free) free.resetTo(edge.from.position);
      position.playUnchecked(edge.candidate.move);
      node.position = position;
    }
  }

  /**
   * Whether the search should go back after the 0-based `ply` gave `nodes`: how much worse the best hypothesis now
   * looks than the best one a ply before is about nothing while the cells read as some move would write them, and a
   * lot when nothing the beam holds fits the reading. A game already over counts: hypotheses still going after the
   * true game ended are no surprise.
   */
  private surprised(ply: number, nodes: readonly LatticeNode[]): boolean {
    const { backtrack } = this.beams;
    const top = Math.max(bestScoreOf(nodes), this.finished);
    // A move a person confirmed explains its own cells' misfit: its ply is no sign the true game was dropped.
    const surprise = this.confirmed[ply] === undefined ? this.previousTop - top : 0;
    this.previousTop = top;
    if (!backtrack) return false;
    let accumulated = 0;
    // A stretch searched again after a surprise does not count twice.
    this.excess[ply % backtrack.window] = ply + 1 > this.settledPly ? Math.max(0, surprise - backtrack.allowance) : 0;
    for (let k = 0; k < backtrack.window; k++) accumulated += this.excess[k];
    return ply + 1 > this.settledPly && this.backtracks < backtrack.times
      && (surprise > backtrack.surprise || accumulated > backtrack.accumulated);
  }

  /** Back to before the true game was most likely dropped, to search that stretch again, wide; returns the ply to go on from. */
  private goBack(ply: number, nodes: readonly LatticeNode[]): number {
    const { plies } = this;
    const back = backtrackTo(nodes, ply + 1, this.beams.backtrack!.plies);
    this.backtracks++;
    this.settledPly = ply + 1;
    this.wideUntil = ply + 2;
    plies.length = back + 1;
    for (const node of plies[back]) restorePosition(node);
    this.beam = plies[back].filter((node) => node.logFinal !== 0);
    this.finished = -Infinity;
    for (const earlier of plies) this.finished = Math.max(this.finished, finishedScoreOf(earlier));
    this.previousTop = Math.max(bestScoreOf(plies[back]), this.finished);
    this.excess.fill(0);
    this.cost.forget();
    return back;
  }

  /**
   * Positions of nodes two plies back are no longer needed for expansion (restorePosition rebuilds them): the next
   * plies' positions are copied into them.
   */
  private releaseOldPositions(): void {
    const { plies } = this;
    if (plies.length <= 2) return;
    for (const old of plies[plies.length - 3]) {
      if (old === this.root || !old.position) continue;
      if (old.position.chess960 === this.start.chess960) this.freePositions.push(old.position);
      old.position = undefined;
    }
  }

  private lattice(): Lattice {
    let logEvidence = -Infinity;
    let bestFinal: LatticeNode | undefined;
    let bestScore = -Infinity;
    for (const nodes of this.plies) {
      for (const node of nodes) {
        if (node.logFinal === -Infinity) continue;
        logEvidence = logSumExp(logEvidence, node.logAlpha + node.logFinal);
        if (node.best + node.logFinal > bestScore) {
          bestScore = node.best + node.logFinal;
          bestFinal = node;
        }
      }
    }
    const { cost } = this;
    return { plies: this.plies, logEvidence, bestFinal, bestScore, surprise: (edge) => surpriseOf(edge, cost) };
  }
}
