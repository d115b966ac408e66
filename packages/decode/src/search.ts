/**
 * Search over whole games. Hypotheses advance one half-move (ply) at a time;
 * each carries the position and, per sheet, which cell comes next. A move is
 * written in the next cell, or not written at all, or written after a noise
 * cell, or split over two cells, or swapped with the next half-move's cell.
 * Hypotheses reaching the same position at the same cells merge (their
 * probabilities add: the lattice keeps every incoming edge for the backward
 * pass). A hypothesis is ranked by its forward probability plus a fixed
 * estimate of its remaining cells (future-cost.ts), and the beam keeps those
 * within `beamWidth` nats of the best, at most `beamSize`. When the best
 * hypothesis suddenly fits the readings far worse than moves could, the search
 * goes back a stretch and searches it again wider (`Backtracking`). A
 * hypothesis ends when every cell is explained, or gives up with the rest of
 * the sheet as noise (very unlikely, but it says where it broke).
 */
import type { LanguageCode } from '@zapis/notation';
import { makeFen, type Position } from '@zapis/core';
import { DEFAULT_LAYOUT, type LayoutPriors, type SpellingPriors } from './channel-parameters.js';
import type { NoisyChannel } from './channel.js';
import { EmissionModel } from './emission-model.js';
import { FutureCost, TYPICAL_PRIOR } from './future-cost.js';
import type { MovePriorWeights } from './move-prior.js';
import { MoveTable, type KnownMove, type PositionMoves } from './move-table.js';
import type { DecodeReuse } from './decode-reuse.js';
import { ChildTable, ProposalTable } from './ply-tables.js';
import { BestFirst } from './best-first.js';
import { PlyExpansion } from './ply-expansion.js';
import { CELL_USES, SheetOptions, layoutLogs, type CellUse, type LayoutLogs } from './sheet-options.js';
import { spellingPriorsOf } from './spellings.js';
import { logSumExp } from './log-math.js';
import type { PreparedSheet } from './prepared-sheet.js';
import { confirmedByIndex, sanKey } from './confirmed-moves.js';
import { resumePoint, type ReachedPly } from './search-resume.js';
import { PositionMovesCache } from './position-moves-cache.js';

export type { CellUse } from './sheet-options.js';

export interface SheetStep {
  readonly use: CellUse;
  /** The cell that holds the move (-1 if none). */
  readonly cell: number;
  /** Cells explained as noise on the way. */
  readonly noise: readonly number[];
  /** log P(this sheet's cells | the move), the layout penalty included. */
  readonly logWeight: number;
}

export interface LatticeEdge {
  readonly from: LatticeNode;
  readonly to: LatticeNode;
  readonly candidate: KnownMove;
  readonly steps: readonly SheetStep[];
  /** log P(move | position) + Σ sheets' log weights. */
  readonly logWeight: number;
}

export interface LatticeNode {
  readonly ply: number;
  /** next cell and pending (swapped) cell per sheet: [next0, pending0, next1, pending1, …]. */
  readonly cursors: readonly number[];
  readonly lastCaptureSquare: number;
  position: Position | undefined;
  logAlpha: number;
  best: number;
  bestEdge: LatticeEdge | undefined;
  readonly incoming: LatticeEdge[];
  /** log weight of the game ending here (0 when every cell is explained). */
  logFinal: number;
  /** Cells left as noise when the game ends here early. */
  abandoned: boolean;
  /** The search's estimate of explaining the cells still ahead (future-cost.ts). */
  readonly future: number;
  logBeta: number;
}

export interface SearchOptions {
  readonly language: LanguageCode;
  readonly channel: NoisyChannel;
  readonly layout?: LayoutPriors;
  /** How this writer spells moves (default: the language's habits). */
  readonly spelling?: SpellingPriors;
  readonly movePrior?: MovePriorWeights;
  /** Hypotheses further than this (nats) below the best are dropped (default 9; with the fitted move prior, 10 was no more accurate on the tuning slice and 25% slower). */
  readonly beamWidth?: number;
  /** At most this many hypotheses per ply (default 64). */
  readonly beamSize?: number;
  /**
   * At most this many hypotheses per layout of the cells before the best layout fills the beam (default
   * 64, as many as the beam): a tighter cap in the narrow search reserves slots for junk in other layouts
   * and drops a long-lived alternative of the best one (a pawn misread on another file, proved 60 plies later).
   */
  readonly layoutSize?: number;
  /** Longest game considered, in plies beyond the number of cells (default 8). */
  readonly extraPlies?: number;
  /** Search only this game (UCI per ply): scores a known game under the model, for the tuning report. */
  readonly only?: readonly string[];
  /**
   * Moves a person confirmed: 1-based ply → English SAN (check marks optional). Only that move is searched
   * at its ply, and no game ends before the last of them. When no hypothesis can play one, the search stops
   * there: the lattice's last ply is the one before it (see `confirmedIllegalAt`).
   */
  readonly confirmed?: ReadonlyMap<number, string>;
  /** Moves of positions met by earlier decodes of the same sheets (a review session's re-decodes). */
  readonly reuse?: DecodeReuse;
  /** Going back for a lost game (see `Backtracking`); `false` never goes back. */
  readonly backtrack?: Partial<Backtracking> | false;
}

/**
 * When the best hypothesis suddenly explains its cells far worse than moves could (its score drops by
 * more than `surprise` nats in a ply, or by more than `allowance` nats a ply adding up to `accumulated`
 * within `window` plies), the beam has most likely dropped the true game a few plies before (a
 * misreading that made another legal move, a half-move nobody wrote: the evidence comes later). The
 * search then goes back `plies` plies and searches that stretch again with a much wider beam, at most
 * `times` times a game.
 */
export interface Backtracking {
  readonly surprise: number;
  readonly allowance: number;
  readonly accumulated: number;
  readonly window: number;
  readonly plies: number;
  readonly times: number;
  readonly beamWidth: number;
  readonly beamSize: number;
  readonly layoutSize: number;
}

export const DEFAULT_BACKTRACKING: Backtracking = {
  surprise: 14, allowance: 3, accumulated: 16, window: 8, plies: 20, times: 4, beamWidth: 14, beamSize: 256, layoutSize: 48,
};

/** The noise cells of a step that has none (shared: most steps). */
const NO_CELLS: readonly number[] = Object.freeze([]);

/** Edges below this share (nats) of their node's forward probability are left out of the lattice. */
const NEGLIGIBLE_EDGE = 30;

export interface Lattice {
  readonly plies: readonly (readonly LatticeNode[])[];
  /** log P(readings) summed over every complete hypothesis kept. */
  readonly logEvidence: number;
  readonly bestFinal: LatticeNode | undefined;
  /** log P(readings, best hypothesis): the Viterbi score. */
  readonly bestScore: number;
  /**
   * How much worse an edge explains its cells than the best any move could (nats, 0 or more): large
   * when nothing the beam held fits the readings there, the sign of a true game dropped on the way.
   */
  readonly surprise: (edge: LatticeEdge) => number;
}

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

/** The incoming edges of a node given none (the root's; shared, never pushed to). */
const NO_EDGES: LatticeEdge[] = [];

/** A hypothesis the search keeps: one class, one shape (it was a literal with its end weight spread in from an object of its own). */
class SearchNode implements LatticeNode {
  position: Position | undefined = undefined;
  bestEdge: LatticeEdge | undefined = undefined;
  /** Sized by the search to the edges it keeps (an empty array grows by 17 at its first push, most nodes keep one to three). */
  incoming: LatticeEdge[] = NO_EDGES;
  logBeta = -Infinity;

  constructor(readonly ply: number, readonly cursors: readonly number[], readonly lastCaptureSquare: number, readonly future: number,
    public logAlpha: number, public best: number, public logFinal: number, public abandoned: boolean) {}
}

/**
 * An edge keeps its sheets' steps as numbers (one or two sheets) and makes the step objects when asked: only the
 * edges of the game built, of a stretch gone back over and of a rescored lattice are, while a correction made about
 * a hundred thousand edges, three objects apiece, most of them for the collector.
 */
class SearchEdge implements LatticeEdge {
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

/** Runs the beam search from `start` over the sheets and returns the lattice. */
export function searchLattice(start: Position, sheets: readonly PreparedSheet[], options: SearchOptions): Lattice {
  const layout = layoutLogs(options.layout ?? DEFAULT_LAYOUT);
  const narrow = { beamWidth: options.beamWidth ?? 9, beamSize: options.beamSize ?? 64, layoutSize: options.layoutSize ?? 64 };
  const backtrack: Backtracking | undefined = options.backtrack === false ? undefined : { ...DEFAULT_BACKTRACKING, ...(options.backtrack ?? {}) };
  const wide = backtrack ? {
    beamWidth: Math.max(narrow.beamWidth, backtrack.beamWidth), beamSize: Math.max(narrow.beamSize, backtrack.beamSize),
    layoutSize: Math.max(narrow.layoutSize, backtrack.layoutSize),
  } : narrow;
  /** Plies before this one are searched wide; surprises at plies before `settledPly` do not send the search back again. */
  let wideUntil = 0;
  let settledPly = 0;
  let backtracks = 0;
  const width = sheets.length * 2;
  const confirmed = confirmedByIndex(options.confirmed);
  /** No game ends before the last confirmed move (0: none). */
  const lastConfirmed = confirmed.length;
  const maxPlies = Math.max(lastConfirmed, Math.max(...sheets.map((sheet) => sheet.cells.length)) + (options.extraPlies ?? 8));
  /** Whether the search may play this move at the 0-based ply. */
  const allowed = (ply: number, id: number): boolean => {
    const known = table.moves[id];
    if (options.only && options.only[ply] !== known.uci) return false;
    const wanted = confirmed[ply];
    return wanted === undefined || sanKey(known.san) === wanted;
  };
  const restricted = options.only !== undefined || lastConfirmed > 0;
  /** log weight of the game ending at this ply and these cursors (-∞ before the last confirmed move). */
  const endLogWeight = (ply: number, cursors: readonly number[]): number => (ply < lastConfirmed ? -Infinity : finalWeight(sheets, cursors, layout));
  /** Whether a game ending there leaves cells unexplained. */
  const endsEarly = (ply: number, cursors: readonly number[]): boolean => ply >= lastConfirmed && remainingCells(sheets, cursors) > 0;
  const spelling = options.spelling ?? spellingPriorsOf(options.language);
  const table = options.reuse?.table ?? new MoveTable();
  const createModel = (): EmissionModel => new EmissionModel(options.channel, options.language, spelling, table, sheets);
  const model = options.reuse ? options.reuse.emissionModel(options.channel, options.language, createModel) : createModel();
  const cost = new FutureCost(sheets, model.cellBase, model.cellCount, options.channel, options.language, spelling, layout.noiseCell);
  const movesCache = new PositionMovesCache();
  const optionSets = sheets.map(() => new SheetOptions());
  const children = new ChildTable(width);
  const proposals = new ProposalTable();
  const order = new BestFirst();
  /** A way in that carries a negligible share of the child's probability changes no posterior (its node's best way in is kept). */
  const negligible = (p: number, from: LatticeNode, to: LatticeNode): boolean =>
    from.logAlpha + proposals.weight[p] < to.logAlpha - NEGLIGIBLE_EDGE && children.bestProposal[proposals.child[p]] !== p;
  const expansion = new PlyExpansion(sheets, optionSets, model, layout, cost, table, children, proposals, restricted ? allowed : undefined);
  /**
   * Positions let go of, to be written over: a search keeps one per hypothesis a ply, and allocating each afresh
   * (five typed arrays apiece) was a sixth of what a review correction allocated.
   */
  const freePositions: Position[] = [];

  const movesOf = (position: Position, lastCaptureSquare: number): PositionMoves => {
    const generate = (): PositionMoves => table.positionMoves(position, lastCaptureSquare, options.movePrior);
    if (options.reuse) return options.reuse.positionMoves(position, lastCaptureSquare, generate, options.movePrior);
    return movesCache.movesOf(position, lastCaptureSquare, generate);
  };

  const rootCursors: number[] = [];
  for (let s = 0; s < sheets.length; s++) rootCursors.push(0, -1);
  let root: LatticeNode = new SearchNode(0, rootCursors, -1, cost.of(Int32Array.from(rootCursors)), 0, 0, endLogWeight(0, rootCursors), endsEarly(0, rootCursors));
  root.position = start.clone();
  let plies: LatticeNode[][] = [[root]];
  let previousTop = root.logAlpha + root.future;
  /** The best game that explains every cell so far (-∞: none yet). */
  let finished = root.logFinal === 0 ? root.logAlpha : -Infinity;
  /** The last plies' surprises beyond the allowance (a ring). */
  const excess = new Float64Array(backtrack?.window ?? 1);
  let beam: LatticeNode[] = [root];
  const beamMoves: PositionMoves[] = [];
  let firstPly = 0;

  // A review session's search goes on from where the last one's confirmations were the same (search-resume.ts).
  const setting = options.reuse && !options.only ? searchSetting(start, sheets, options, narrow, wide, backtrack, spelling) : undefined;
  let reached: ReachedPly[] = [];
  const saved = setting !== undefined ? options.reuse?.savedSearch(setting, options.channel, options.layout, options.movePrior) : undefined;
  // Whether a node's game is over (explains every cell, at or past the last confirmed move) under the saved search and this one.
  const overUnder = (last: number) => (node: LatticeNode): boolean => node.ply >= last && remainingCells(sheets, node.cursors) === 0;
  const resume = saved ? resumePoint(saved, confirmed, maxPlies, overUnder(saved.confirmed.length), overUnder(lastConfirmed)) : undefined;
  if (saved && resume) {
    plies = resume.plies.map((nodes) => [...nodes]);
    reached = saved.reached.slice(0, resume.ply + 1);
    root = plies[0][0];
    // How each kept node ends depends on the last confirmed move; only whether it is over had to agree.
    for (const nodes of plies) {
      for (const node of nodes) {
        node.logFinal = endLogWeight(node.ply, node.cursors);
        node.abandoned = endsEarly(node.ply, node.cursors);
      }
    }
    for (const node of plies[resume.ply]) restorePosition(node);
    beam = plies[resume.ply].filter((node) => node.logFinal !== 0);
    ({ previousTop, finished, wideUntil, settledPly, backtracks } = resume.start);
    excess.set(resume.start.excess);
    cost.written.set(resume.start.written);
    firstPly = resume.ply;
  }

  if (options.reuse) options.reuse.lastSearchStart = firstPly;
  for (let ply = firstPly; ply < maxPlies && beam.length > 0; ply++) {
    options.reuse?.checkStop();
    // Only the first time: a stretch searched again after a surprise is not what a search changed inside it would do.
    if (setting !== undefined && ply === reached.length) {
      reached.push({ start: { previousTop, finished, excess: excess.slice(), wideUntil, settledPly, backtracks, written: cost.written.slice() }, plies: plies.slice() });
    }
    const { beamWidth, beamSize, layoutSize } = ply < wideUntil ? wide : narrow;
    children.reset();
    proposals.reset();
    let bound = -Infinity;
    // First every move in its hypothesis' next cell, which settles what each cell costs this ply.
    cost.startPly();
    beamMoves.length = 0;
    for (let i = 0; i < beam.length; i++) {
      const position = beam[i].position;
      if (!position) continue;
      beamMoves[i] = movesOf(position, beam[i].lastCaptureSquare);
      for (let s = 0; s < sheets.length; s++) {
        const next = beam[i].cursors[2 * s];
        if (beam[i].cursors[2 * s + 1] >= 0 || next >= sheets[s].cells.length) continue;
        const cell = model.cellBase[s] + next;
        const { ids, count } = beamMoves[i];
        for (let k = 0; k < count; k++) {
          if (restricted && !allowed(ply, ids[k])) continue;
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
    for (let i = 0; i < beam.length; i++) {
      const moves = beamMoves[i];
      if (moves) bound = expansion.expand(i, beam[i], moves, ply, beamWidth, bound);
    }
    if (children.count === 0) break;
    const kept = selectBeam(children, order, beamWidth, beamSize, layoutSize, finished);
    const nodes = kept.map((slot) => {
      const cursors = children.cursorsOf(slot);
      return new SearchNode(ply + 1, cursors, children.lastCapture[slot], children.future[slot], children.alpha[slot], children.best[slot],
        endLogWeight(ply + 1, cursors), endsEarly(ply + 1, cursors));
    });
    const nodeOf = new Int32Array(children.count).fill(-1);
    kept.forEach((slot, index) => {
      nodeOf[slot] = index;
    });
    // Each node's edges counted first, then its array made to size and filled in the proposals' order; each
    // proposal's node (-1: none, or a negligible way in) is noted on the first pass for the second.
    const edgeCounts = new Int32Array(nodes.length);
    const targetOf = new Int32Array(proposals.count);
    for (let p = 0; p < proposals.count; p++) {
      const index = nodeOf[proposals.child[p]];
      targetOf[p] = index >= 0 && !negligible(p, beam[proposals.parent[p]], nodes[index]) ? index : -1;
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
    for (const node of nodes) {
      const edge = node.bestEdge;
      if (!edge?.from.position) continue;
      const free = freePositions.pop();
      const position = free ?? edge.from.position.clone();
      if (free) free.resetTo(edge.from.position);
      position.playUnchecked(edge.candidate.move);
      node.position = position;
    }
    plies.push(nodes);
    beam = nodes.filter((node) => node.logFinal !== 0);
    finished = Math.max(finished, finishedScoreOf(nodes));
    // How much worse the best hypothesis now looks than the best one ply before: about nothing while the
    // cells read as some move would write them, a lot when nothing the beam holds fits the reading. A game
    // already over counts: hypotheses still going after the true game ended are no surprise.
    const top = Math.max(bestScoreOf(nodes), finished);
    // A move a person confirmed explains its own cells' misfit: its ply is no sign the true game was dropped.
    const surprise = confirmed[ply] === undefined ? previousTop - top : 0;
    previousTop = top;
    let accumulated = 0;
    if (backtrack) {
      // A stretch searched again after a surprise does not count twice.
      excess[ply % backtrack.window] = ply + 1 > settledPly ? Math.max(0, surprise - backtrack.allowance) : 0;
      for (let k = 0; k < backtrack.window; k++) accumulated += excess[k];
    }
    if (backtrack && ply + 1 > settledPly && backtracks < backtrack.times && (surprise > backtrack.surprise || accumulated > backtrack.accumulated)) {
      // Back to before the true game was most likely dropped; that stretch again, wide.
      const back = backtrackTo(nodes, ply + 1, backtrack.plies);
      backtracks++;
      settledPly = ply + 1;
      wideUntil = ply + 2;
      plies.length = back + 1;
      for (const node of plies[back]) restorePosition(node);
      beam = plies[back].filter((node) => node.logFinal !== 0);
      finished = -Infinity;
      for (const earlier of plies) finished = Math.max(finished, finishedScoreOf(earlier));
      previousTop = Math.max(bestScoreOf(plies[back]), finished);
      excess.fill(0);
      cost.forget();
      ply = back - 1;
      continue;
    }
    // Positions of nodes two plies back are no longer needed for expansion (restorePosition rebuilds them): the
    // next plies' positions are copied into them.
    if (plies.length > 2) {
      for (const old of plies[plies.length - 3]) {
        if (old === root || !old.position) continue;
        if (old.position.chess960 === start.chess960) freePositions.push(old.position);
        old.position = undefined;
      }
    }
  }

  if (setting !== undefined) {
    options.reuse?.saveSearch({ setting, channel: options.channel, layout: options.layout, movePrior: options.movePrior, confirmed, plies, reached });
  }
  let logEvidence = -Infinity;
  let bestFinal: LatticeNode | undefined;
  let bestScore = -Infinity;
  for (const nodes of plies) {
    for (const node of nodes) {
      if (node.logFinal === -Infinity) continue;
      logEvidence = logSumExp(logEvidence, node.logAlpha + node.logFinal);
      if (node.best + node.logFinal > bestScore) {
        bestScore = node.best + node.logFinal;
        bestFinal = node;
      }
    }
  }
  return { plies, logEvidence, bestFinal, bestScore, surprise: (edge) => surpriseOf(edge, cost) };
}

/** Everything a search depends on besides the confirmations, the channel, the layout and the move prior (compared by identity). */
function searchSetting(start: Position, sheets: readonly PreparedSheet[], options: SearchOptions, narrow: object, wide: object,
  backtrack: Backtracking | undefined, spelling: SpellingPriors): string {
  return JSON.stringify([
    options.language, start.hashLo, start.hashHi, makeFen(start), sheets.map((sheet) => sheet.cells.length), narrow, wide, backtrack ?? false,
    options.extraPlies ?? 8, spelling,
  ]);
}

/**
 * Where to go back to from a surprise at `ply`: `plies` plies back, or further back to before a
 * half-move the best hypothesis says nobody wrote, if there is one not long before: which move that
 * was is where many equally likely hypotheses part, and the evidence may come much later.
 */
function backtrackTo(nodes: readonly LatticeNode[], ply: number, plies: number): number {
  const back = Math.max(0, ply - plies);
  const limit = Math.max(0, ply - 4 * plies);
  for (let node = topOf(nodes); node?.bestEdge && node.ply > limit; node = node.bestEdge.from) {
    if (node.ply <= back && node.bestEdge.steps.every((step) => step.cell < 0)) return Math.max(0, node.ply - 2);
  }
  return back;
}

/** The position of a node whose position was let go: its best path replayed from the nearest node that has one. */
function restorePosition(node: LatticeNode): void {
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

function topOf(nodes: readonly LatticeNode[]): LatticeNode | undefined {
  let top: LatticeNode | undefined;
  for (const node of nodes) if (!top || node.logAlpha + node.future > top.logAlpha + top.future) top = node;
  return top;
}

function surpriseOf(edge: LatticeEdge, cost: FutureCost): number {
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

/** The best forward score of the hypotheses that have explained every cell. */
function finishedScoreOf(nodes: readonly LatticeNode[]): number {
  let best = -Infinity;
  for (const node of nodes) if (node.logFinal === 0) best = Math.max(best, node.logAlpha);
  return best;
}

function bestScoreOf(nodes: readonly LatticeNode[]): number {
  let best = -Infinity;
  for (const node of nodes) best = Math.max(best, node.logAlpha + node.future);
  return best;
}

/**
 * The children the beam keeps, best first. Per layout of the cells (which cell comes next on each
 * sheet) first only the best `layoutSize`, so that the many ways to fill a half-move nobody wrote
 * cannot crowd out the alternatives for what was written; then the best layout may fill the beam:
 * after an unwritten half-move, which one it was shows later. With `layoutSize` as large as the beam
 * (the narrow default), an alternative a few nats behind that only proves right many plies later (a
 * pawn misread on another file) is not dropped for junk in other layouts.
 */
function selectBeam(children: ChildTable, order: BestFirst, beamWidth: number, beamSize: number, layoutSize: number, finished: number): number[] {
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
