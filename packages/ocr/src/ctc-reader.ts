/**
 * The cell reader built on CTC recognisers: for each cell its best texts
 * (prefix beam search), and a scorer the decoder asks about every spelling
 * of every legal move it considers. With more than one network (PP-OCR and
 * the notation CRNN) the scorer is an ensemble: a weighted sum of each
 * network's log-probability of the text, and the best texts are every
 * network's best texts ranked by that sum.
 */
import type { CellReader, CellReading, CellWitness, TextAlternative } from './cell-reader.js';
import { CtcScores, type CtcFrames } from './ctc-scores.js';
import { readHeaderTexts } from './header-text.js';
import type { GrayImage } from './raster.js';

export interface CtcReaderOptions {
  /**
   * Scores are multiplied by this before the decoder sees them: the network
   * is surer of itself than it should be on handwriting it never saw, and a
   * softer score lets the game's legality and the move prior weigh in.
   */
  readonly temperature?: number;
  /** Weight of each network's log-probability in an ensemble, in the reader's model order. */
  readonly weights?: readonly number[];
  /** Best texts kept per cell (what was read, shown to people). */
  readonly alternatives?: number;
  /** Cells per network run. */
  readonly batchSize?: number;
}

export const DEFAULT_CTC_TEMPERATURE = 0.7;
/**
 * PP-OCR, then the notation CRNN as written and 1.5× wider (stretched-lines.ts): PP-OCR half, the notation
 * network's two looks a quarter each. PP-OCR and the notation CRNN equal: the split between them matters little.
 */
export const DEFAULT_ENSEMBLE_WEIGHTS: readonly number[] = [0.5, 0.25, 0.25];

/**
 * The names of an ensemble's readers, in the networks' order (each witness carries its reader's name, so the review
 * list can say who disputes a move). The first is the one the cross-check decodes alone (`alone`).
 */
export const ENSEMBLE_READERS: readonly string[] = ['pp-ocr', 'notation', 'notation-wide'];
export const ALONE_READER = ENSEMBLE_READERS[0];

/** How review comments (PGN, messages) name the ensemble's readers, in English. */
export const READER_NAMES: Readonly<Record<string, string>> = {
  'pp-ocr': 'PP-OCR', notation: 'the notation network', 'notation-wide': 'the notation network read wide',
};

/** The weights of `count` networks when none are given: the default ensemble's, else equal (two: readings stored before the second look). */
export function defaultWeights(count: number): readonly number[] {
  return count === DEFAULT_ENSEMBLE_WEIGHTS.length ? DEFAULT_ENSEMBLE_WEIGHTS : new Array<number>(count).fill(1 / count);
}
const DEFAULT_ALTERNATIVES = 4;

/** A network that gives CTC frames for written lines (PP-OCR's recogniser, the notation CRNN). */
export interface FrameModel {
  frames(lines: readonly GrayImage[]): Promise<CtcFrames[]>;
  /** Free text (header names and dates), when the network can read it. */
  textFrames?(lines: readonly GrayImage[]): Promise<CtcFrames[]>;
  dispose(): Promise<void>;
}

/** A text a network's beam search found, with its log-probability. */
export interface ScoredText {
  readonly text: string;
  readonly logProbability: number;
}

/** A CTC reader's reading keeps each network's frames: they cross to other threads, the scorer is rebuilt there. */
export interface CtcCellReading extends CellReading {
  readonly frames: readonly CtcFrames[];
  /**
   * An ensemble's networks' own best texts (each network's beam search, made when first asked for): they cross to
   * other threads with the frames, so the search is not run there again.
   */
  readonly networkBest?: readonly (readonly ScoredText[])[];
}

/**
 * The reading of one cell from the networks' frames: best texts and the
 * tempered (ensemble) scorer. Best texts already found (a worker thread sent
 * them) are kept instead of searching the frames again.
 */
export function ctcReading(frames: readonly CtcFrames[], options: CtcReaderOptions = {}, alternatives?: readonly TextAlternative[],
  networkBest?: readonly (readonly ScoredText[])[]): CtcCellReading {
  const usable = networkBest !== undefined && networkBest.length === frames.length ? networkBest : undefined;
  return readingOf(frames.map((frame) => new CtcScores(frame)), frames, options, alternatives, usable);
}

/**
 * `ctcReading` with its scorers made: PP-OCR alone's reading shares the ensemble's PP-OCR scorer and what it scored.
 * `networkBest`, when known, is each network's `bestTexts(2 × alternatives)`.
 */
function readingOf(scorers: readonly CtcScores[], frames: readonly CtcFrames[], options: CtcReaderOptions, alternatives?: readonly TextAlternative[],
  networkBest?: readonly (readonly ScoredText[])[]): CtcCellReading {
  const temperature = options.temperature ?? DEFAULT_CTC_TEMPERATURE;
  const weights = options.weights ?? defaultWeights(scorers.length);
  if (weights.length !== scorers.length) throw new Error(`${weights.length} ensemble weights for ${scorers.length} networks`);
  const combined = (text: string): number => {
    let sum = 0;
    for (let index = 0; index < scorers.length; index += 1) sum += weights[index] * scorers[index].score(text);
    return sum;
  };
  // Never below the score: each network's bound, weighed alike (with no negative weight, the order holds).
  const combinedBound = (required: string): number => {
    let sum = 0;
    for (let index = 0; index < scorers.length; index += 1) sum += weights[index] * scorers[index].bound(required);
    return sum;
  };
  const bound = temperature > 0 && weights.every((weight) => weight >= 0) ? { scoreBound: (required: string) => temperature * combinedBound(required) } : {};
  const count = options.alternatives ?? DEFAULT_ALTERNATIVES;
  if (scorers.length === 1) {
    // The beam search's width does not depend on how many texts are kept: the first `count` of a longer list are its own.
    const found = alternatives ?? normalised((networkBest?.[0].slice(0, count) ?? scorers[0].bestTexts(count)).filter((entry) => entry.text !== ''));
    return { alternatives: found, score: (text: string) => temperature * combined(text), ...bound, frames };
  }
  // Each network's beam search runs once: its best texts serve the ensemble's, its own witness's (a prefix of them)
  // and PP-OCR alone's reading.
  let scoredBest = networkBest;
  const ownScored = (): readonly (readonly ScoredText[])[] => (scoredBest ??= scorers.map((scorer) => scorer.bestTexts(count * 2)));
  let ownBest: string[][] | undefined;
  const own = (): string[][] => (ownBest ??= ownScored().map((texts) => texts.map((entry) => entry.text)));
  const best = alternatives ?? ensembleAlternatives(own(), combined, count);
  let alone: CtcCellReading | undefined;
  let witnesses: CellWitness[] | undefined;
  return {
    alternatives: best,
    score: (text: string) => temperature * combined(text),
    ...bound,
    // Found when first asked for: a reading sent from a worker with its alternatives is often only grouped into games
    // (the desk groups a round's pages after every sheet read), and these searches would be most of rebuilding it.
    get witnesses(): CellWitness[] {
      witnesses ??= scorers.map((scorer, index) => witness(scorer, temperature, [...own()[index].slice(0, count), ...best.map((entry) => entry.text)],
        own()[index][0], ENSEMBLE_READERS[index] ?? `network-${index + 1}`));
      return witnesses;
    },
    // PP-OCR's scorer, shared: one of its own would be a second memo of PP-OCR's prefixes per cell, kept on the heap.
    alone: () => (alone ??= readingOf([scorers[0]], [frames[0]], { ...options, weights: [1] }, undefined, [ownScored()[0]])),
    frames,
    get networkBest(): readonly (readonly ScoredText[])[] {
      return ownScored();
    },
  };
}

/**
 * One network of an ensemble on its own, tempered as a lone reader is. Its ceiling is the best it scores any of its
 * own best texts or the cell's (scored in full, as the decoder scores moves), found again from its frames on any thread.
 */
function witness(scorer: CtcScores, temperature: number, candidates: readonly string[], reads: string | undefined, reader: string): CellWitness {
  const texts = new Set(candidates);
  const ceiling = Math.max(...[...texts].map((text) => scorer.score(text)));
  return { score: (text: string) => temperature * scorer.score(text), ceiling: temperature * ceiling, ...(reads !== undefined ? { reads } : {}), reader };
}

function ensembleAlternatives(ownBest: readonly (readonly string[])[], combined: (text: string) => number, count: number): TextAlternative[] {
  const texts = new Set(ownBest.flat().filter((text) => text !== ''));
  const ranked = [...texts].map((text) => ({ text, logProbability: combined(text) }))
    .sort((a, b) => b.logProbability - a.logProbability || (a.text < b.text ? -1 : 1));
  return normalised(ranked.slice(0, count));
}

function normalised(best: readonly { text: string; logProbability: number }[]): TextAlternative[] {
  const top = best[0]?.logProbability ?? 0;
  const weights = best.map((entry) => Math.exp(entry.logProbability - top));
  const total = weights.reduce((sum, weight) => sum + weight, 0) || 1;
  return best.map((entry, index) => ({ text: entry.text, confidence: weights[index] / total }));
}

export const DEFAULT_BATCH_SIZE = 16;

/**
 * The batches a CTC reader runs cells in (indices into `images`): similar widths together, as a batch is padded to
 * its widest line. The network sees the padding, so a cell read in the same batch reads the same on any thread:
 * readers sharing one sheet's cells split them along these batches.
 */
export function cellBatches(images: readonly GrayImage[], batchSize = DEFAULT_BATCH_SIZE): number[][] {
  const order = images.map((_, index) => index).sort((a, b) => aspect(images[a]) - aspect(images[b]));
  const batches: number[][] = [];
  for (let start = 0; start < order.length; start += batchSize) batches.push(order.slice(start, start + batchSize));
  return batches;
}

export class CtcReader implements CellReader {
  readonly name: string;
  private readonly models: readonly FrameModel[];
  private readonly batchSize: number;

  constructor(models: FrameModel | readonly FrameModel[], private readonly options: CtcReaderOptions = {}, name = 'ctc') {
    this.models = Array.isArray(models) ? models : [models as FrameModel];
    this.batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    this.name = name;
  }

  async readCells(images: readonly GrayImage[]): Promise<CtcCellReading[]> {
    const byIndex = new Array<CtcCellReading>(images.length);
    for (const batch of cellBatches(images, this.batchSize)) {
      const lines = batch.map((index) => images[index]);
      // One network after the other: a reading thread keeps to its one core.
      const frames: CtcFrames[][] = [];
      for (const model of this.models) frames.push(await model.frames(lines));
      batch.forEach((index, k) => {
        byIndex[index] = ctcReading(frames.map((perModel) => perModel[k]), this.options);
      });
    }
    return byIndex;
  }

  async readTexts(images: readonly GrayImage[]): Promise<TextAlternative[][]> {
    const model = this.models.find((candidate) => candidate.textFrames !== undefined);
    const textFrames = model?.textFrames?.bind(model);
    return textFrames ? readHeaderTexts({ textFrames }, images) : images.map(() => []);
  }

  async dispose(): Promise<void> {
    await Promise.all(this.models.map((model) => model.dispose()));
  }
}

const aspect = (image: GrayImage): number => image.width / Math.max(1, image.height);
