/**
 * Search over whole games. Hypotheses advance one half-move (ply) at a time;
 * each carries the position and, per sheet, which cell comes next. A move is
 * written in the next cell, or not written at all, or written after a noise
 * cell, or split over two cells, or swapped with the next half-move's cell.
 * Hypotheses reaching the same position at the same cells merge (their
 * probabilities add: the lattice keeps every incoming edge for the backward
 * pass), and the beam keeps those within `beamWidth` nats of the best, at most
 * `beamSize`. A hypothesis ends when every cell is explained, or gives up with
 * the rest of the sheet as noise (very unlikely, but it says where it broke).
 */
import type { LanguageCode } from '@zapis/notation';
import type { Position } from '@zapis/core';
import { DEFAULT_LAYOUT, type LayoutPriors, type SpellingPriors } from './channel-parameters.js';
import type { EncodedSlots, NoisyChannel } from './channel.js';
import { candidateMoves, positionKey, type CandidateMove } from './candidate-moves.js';
import type { MovePriorWeights } from './move-prior.js';
import { moveSpellings, spellingPriorsOf } from './spellings.js';
import { logSumExp } from './log-math.js';
import type { PreparedCell, PreparedSheet } from './prepared-sheet.js';

/** How a sheet accounts for one half-move. */
export type CellUse =
  | 'written'
  /** No cell for this move on this sheet (FIDE Art. 8.4 or a lost cell). */
  | 'unwritten'
  /** A cell that holds no move came first, then the move. */
  | 'after-noise'
  /** The move is spread over two cells. */
  | 'split'
  /** The move sits in the next cell; the cell before it holds the following half-move. */
  | 'swapped'
  /** The cell left behind by a swap. */
  | 'swap-completed'
  /** The sheet has ended; the other sheet goes on. */
  | 'sheet-ended';

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
  readonly candidate: CandidateMove;
  readonly steps: readonly SheetStep[];
  /** log P(move | position) + Σ sheets' log weights. */
  readonly logWeight: number;
}

export interface LatticeNode {
  readonly ply: number;
  readonly key: string;
  /** next cell and pending (swapped) cell per sheet: [next0, pending0, next1, pending1, …]. */
  readonly cursors: Int32Array;
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
  logBeta: number;
}

export interface SearchOptions {
  readonly language: LanguageCode;
  readonly channel: NoisyChannel;
  readonly layout?: LayoutPriors;
  /** How this writer spells moves (default: the language's habits). */
  readonly spelling?: SpellingPriors;
  readonly movePrior?: MovePriorWeights;
  /** Hypotheses further than this (nats) below the best are dropped (default 10). */
  readonly beamWidth?: number;
  /** At most this many hypotheses per ply (default 32). */
  readonly beamSize?: number;
  /** At most this many hypotheses per layout of the cells (default 6). */
  readonly layoutSize?: number;
  /** Longest game considered, in plies beyond the number of cells (default 8). */
  readonly extraPlies?: number;
}

export interface Lattice {
  readonly plies: readonly (readonly LatticeNode[])[];
  /** log P(readings) summed over every complete hypothesis kept. */
  readonly logEvidence: number;
  readonly bestFinal: LatticeNode | undefined;
}

/** A move's typical log prior, and the emission guessed for cells nobody has looked at yet. */
const TYPICAL_PRIOR = -3;
const UNSEEN_EMISSION = -1;
const LOOK_AHEAD_CELLS = 6;

/**
 * What explaining the rest of the sheets will cost at least, as far as anyone knows: hypotheses that
 * left a badly read cell for later must not look better than those that already paid for it.
 */
function futureCost(sheets: readonly PreparedSheet[], cursors: Int32Array): number {
  let cost = 0;
  for (let s = 0; s < sheets.length; s++) {
    const cells = sheets[s].cells;
    const next = cursors[2 * s];
    const pending = cursors[2 * s + 1];
    if (pending >= 0) cost += Math.max(cells[pending].bestEmission, -30) + TYPICAL_PRIOR;
    const end = Math.min(cells.length, next + LOOK_AHEAD_CELLS);
    for (let c = next; c < end; c++) cost += (cells[c].bestEmission > -Infinity ? Math.max(cells[c].bestEmission, -30) : UNSEEN_EMISSION) + TYPICAL_PRIOR;
    cost += Math.max(0, cells.length - end) * (UNSEEN_EMISSION + TYPICAL_PRIOR);
  }
  return cost;
}

/** Up to this many ways a sheet may account for one move. */
const MAX_OPTIONS = 5;

/** A sheet's options for one move, in flat arrays (the hot loop allocates nothing until an edge is kept). */
class SheetOptions {
  count = 0;
  readonly next = new Int32Array(MAX_OPTIONS);
  readonly pending = new Int32Array(MAX_OPTIONS);
  readonly weight = new Float64Array(MAX_OPTIONS);
  readonly cell = new Int32Array(MAX_OPTIONS);
  readonly noise = new Int32Array(MAX_OPTIONS);
  readonly use: CellUse[] = new Array<CellUse>(MAX_OPTIONS).fill('written');

  add(next: number, pending: number, weight: number, use: CellUse, cell: number, noise = -1): void {
    const k = this.count++;
    this.next[k] = next;
    this.pending[k] = pending;
    this.weight[k] = weight;
    this.use[k] = use;
    this.cell[k] = cell;
    this.noise[k] = noise;
  }

  step(k: number): SheetStep {
    return { use: this.use[k], cell: this.cell[k], noise: this.noise[k] >= 0 ? [this.noise[k]] : [], logWeight: this.weight[k] };
  }
}

class EmissionModel {
  private readonly slotsCache = new Map<string, EncodedSlots>();
  constructor(private readonly channel: NoisyChannel, private readonly language: LanguageCode, private readonly spelling: SpellingPriors) {}

  /** log P(cell | move) summed over the move's spellings and the cell's alternatives. */
  emission(cell: PreparedCell, candidate: CandidateMove): number {
    const key = candidate.key;
    const cached = cell.emissions.get(key);
    if (cached !== undefined) return cached;
    let slots = this.slotsCache.get(key);
    if (!slots) {
      slots = this.channel.encodeSlots(moveSpellings(candidate.description, this.language, this.spelling));
      this.slotsCache.set(key, slots);
    }
    let total = 0;
    for (const reading of cell.readings) total += reading.weight * this.channel.spellingLikelihood(slots, reading.codes);
    const value = total > 0 ? Math.log(total) : -745;
    cell.emissions.set(key, value);
    if (value > cell.bestEmission) cell.bestEmission = value;
    return value;
  }
}

function fillSheetOptions(out: SheetOptions, sheet: PreparedSheet, next: number, pending: number, candidate: CandidateMove, model: EmissionModel, layout: LayoutLogs, joint: boolean, ply: number): void {
  out.count = 0;
  const place = (cell: number): number => {
    const expected = sheet.cells[cell].expectedPly;
    return expected === 0 || expected === ply ? 0 : layout.misplacedCell;
  };
  const count = sheet.cells.length;
  if (pending >= 0) {
    out.add(next, -1, model.emission(sheet.cells[pending], candidate) + place(pending), 'swap-completed', pending);
    return;
  }
  if (next >= count) {
    if (joint) out.add(next, -1, layout.sheetEnded, 'sheet-ended', -1);
    return;
  }
  out.add(next + 1, -1, model.emission(sheet.cells[next], candidate) + place(next), 'written', next);
  out.add(next, -1, layout.unwritten, 'unwritten', -1);
  if (next + 1 < count) {
    const following = model.emission(sheet.cells[next + 1], candidate) + place(next + 1);
    out.add(next + 2, -1, layout.noiseCell + sheet.cells[next].logNoise + following, 'after-noise', next + 1, next);
    out.add(next + 2, next, layout.swappedCells + following, 'swapped', next + 1);
    const merged = sheet.merged[next];
    if (merged) out.add(next + 2, -1, layout.splitMove + model.emission(merged, candidate) + place(next), 'split', next);
  }
}

/** The layout priors the search uses, as natural logs, plus the log-probability that a sheet has ended. */
type LayoutLogs = Readonly<Pick<LayoutPriors, 'unwritten' | 'noiseCell' | 'splitMove' | 'swappedCells' | 'misplacedCell' | 'abandon'>> & {
  readonly sheetEnded: number;
};

function remainingCells(sheets: readonly PreparedSheet[], cursors: Int32Array): number {
  let remaining = 0;
  for (let s = 0; s < sheets.length; s++) remaining += sheets[s].cells.length - cursors[2 * s] + (cursors[2 * s + 1] >= 0 ? 1 : 0);
  return remaining;
}

/** log weight of ending the game at these cursors: 0 if all is explained, else the rest as noise. */
function finalWeight(sheets: readonly PreparedSheet[], cursors: Int32Array, layout: LayoutLogs): { logFinal: number; abandoned: boolean } {
  if (remainingCells(sheets, cursors) === 0) return { logFinal: 0, abandoned: false };
  let noise = layout.abandon;
  for (let s = 0; s < sheets.length; s++) {
    noise += sheets[s].suffixNoise[cursors[2 * s]];
    const pending = cursors[2 * s + 1];
    if (pending >= 0) noise += sheets[s].cells[pending].logNoise;
  }
  return { logFinal: noise, abandoned: true };
}


/** Runs the beam search from `start` over the sheets and returns the lattice. */
export function searchLattice(start: Position, sheets: readonly PreparedSheet[], options: SearchOptions): Lattice {
  const priors = options.layout ?? DEFAULT_LAYOUT;
  const layout: LayoutLogs = {
    unwritten: Math.log(priors.unwritten),
    noiseCell: Math.log(priors.noiseCell),
    splitMove: Math.log(priors.splitMove),
    swappedCells: Math.log(priors.swappedCells),
    misplacedCell: Math.log(priors.misplacedCell),
    abandon: Math.log(priors.abandon),
    sheetEnded: Math.log(0.2),
  };
  const beamWidth = options.beamWidth ?? 10;
  const beamSize = options.beamSize ?? 32;
  const layoutSize = options.layoutSize ?? 6;
  const joint = sheets.length > 1;
  const maxPlies = Math.max(...sheets.map((sheet) => sheet.cells.length)) + (options.extraPlies ?? 8);
  const model = new EmissionModel(options.channel, options.language, options.spelling ?? spellingPriorsOf(options.language));
  const candidateCache = new Map<string, CandidateMove[]>();
  const optionSets = sheets.map(() => new SheetOptions());
  const scratchCursors = new Int32Array(sheets.length * 2);

  const rootCursors = new Int32Array(sheets.length * 2);
  for (let s = 0; s < sheets.length; s++) rootCursors[2 * s + 1] = -1;
  const root: LatticeNode = {
    ply: 0, key: 'root', cursors: rootCursors, lastCaptureSquare: -1, position: start.clone(),
    logAlpha: 0, best: 0, bestEdge: undefined, incoming: [], logFinal: -Infinity, abandoned: false, logBeta: -Infinity,
  };
  Object.assign(root, finalWeight(sheets, rootCursors, layout));
  const plies: LatticeNode[][] = [[root]];
  let beam: LatticeNode[] = [root];

  for (let ply = 0; ply < maxPlies && beam.length > 0; ply++) {
    const children = new Map<string, LatticeNode>();
    let bestBound = -Infinity;
    for (const node of beam) {
      if (node.logFinal === 0) continue;
      const position = node.position;
      if (!position) continue;
      const cacheKey = `${positionKey(position)}:${node.lastCaptureSquare}`;
      let candidates = candidateCache.get(cacheKey);
      if (!candidates) {
        candidates = candidateMoves(position, node.lastCaptureSquare, options.movePrior);
        candidateCache.set(cacheKey, candidates);
      }
      for (const candidate of candidates) {
        for (let s = 0; s < sheets.length; s++) {
          fillSheetOptions(optionSets[s], sheets[s], node.cursors[2 * s], node.cursors[2 * s + 1], candidate, model, layout, joint, ply + 1);
        }
        // Every combination of the sheets' options (one sheet: just its options).
        const first = optionSets[0];
        const second = joint ? optionSets[1] : undefined;
        const secondCount = second ? second.count : 1;
        for (let a = 0; a < first.count; a++) {
          for (let b = 0; b < secondCount; b++) {
            if (second && first.cell[a] < 0 && second.cell[b] < 0) continue; // seen on neither sheet
            const weight = candidate.logPrior + first.weight[a] + (second ? second.weight[b] : 0);
            scratchCursors[0] = first.next[a];
            scratchCursors[1] = first.pending[a];
            if (second) {
              scratchCursors[2] = second.next[b];
              scratchCursors[3] = second.pending[b];
            }
            const score = node.logAlpha + weight + futureCost(sheets, scratchCursors);
            if (score < bestBound - beamWidth) continue;
            if (score > bestBound) bestBound = score;
            const key = second
              ? `${candidate.childKey}|${first.next[a]},${first.pending[a]},${second.next[b]},${second.pending[b]}`
              : `${candidate.childKey}|${first.next[a]},${first.pending[a]}`;
            let child = children.get(key);
            if (!child) {
              const cursors = new Int32Array(sheets.length * 2);
              cursors[0] = first.next[a];
              cursors[1] = first.pending[a];
              if (second) {
                cursors[2] = second.next[b];
                cursors[3] = second.pending[b];
              }
              child = {
                ply: ply + 1, key, cursors,
                lastCaptureSquare: candidate.description.capture ? candidate.description.to : -1,
                position: undefined, logAlpha: -Infinity, best: -Infinity, bestEdge: undefined, incoming: [],
                logFinal: -Infinity, abandoned: false, logBeta: -Infinity,
              };
              children.set(key, child);
            }
            const steps = second ? [first.step(a), second.step(b)] : [first.step(a)];
            const edge: LatticeEdge = { from: node, to: child, candidate, steps, logWeight: weight };
            child.incoming.push(edge);
            child.logAlpha = logSumExp(child.logAlpha, node.logAlpha + weight);
            if (node.best + weight > child.best) {
              child.best = node.best + weight;
              child.bestEdge = edge;
            }
          }
        }
      }
    }
    const scored = [...children.values()].map((child) => ({ child, score: child.logAlpha + futureCost(sheets, child.cursors) }));
    if (scored.length === 0) break;
    scored.sort((a, b) => b.score - a.score);
    const top = scored[0].score;
    // Per layout of the cells (which cell comes next on each sheet) first only the best few, so that the
    // many ways to fill a half-move nobody wrote cannot crowd out the alternatives for what was written;
    // then the best layout may fill the beam: after an unwritten half-move, which one it was shows later.
    const perLayout = new Map<string, number>();
    const kept: LatticeNode[] = [];
    const deferred: LatticeNode[] = [];
    const bestLayout = scored[0].child.cursors.join(',');
    for (const entry of scored) {
      if (kept.length >= beamSize || entry.score < top - beamWidth) break;
      const layoutKey = entry.child.cursors.join(',');
      const seen = perLayout.get(layoutKey) ?? 0;
      if (seen >= layoutSize) {
        if (layoutKey === bestLayout) deferred.push(entry.child);
        continue;
      }
      perLayout.set(layoutKey, seen + 1);
      kept.push(entry.child);
    }
    for (const child of deferred) {
      if (kept.length >= beamSize) break;
      kept.push(child);
    }
    for (const child of kept) {
      const edge = child.bestEdge;
      if (!edge || !edge.from.position) continue;
      const position = edge.from.position.clone();
      position.play(edge.candidate.move);
      child.position = position;
      Object.assign(child, finalWeight(sheets, child.cursors, layout));
    }
    plies.push(kept);
    beam = kept.filter((child) => child.logFinal !== 0);
    // Positions of nodes two plies back are no longer needed for expansion.
    if (plies.length > 2) for (const old of plies[plies.length - 3]) if (old !== root) old.position = undefined;
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
  return { plies, logEvidence, bestFinal };
}
