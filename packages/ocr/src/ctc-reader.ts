/**
 * The cell reader built on the CTC recogniser: for each cell its best texts
 * (prefix beam search), and a scorer the decoder asks about every spelling
 * of every legal move it considers.
 */
import type { CellReader, CellReading, TextAlternative } from './cell-reader.js';
import { CtcScores, type CtcFrames } from './ctc-scores.js';
import type { RecognizerModel } from './recognizer-model.js';
import type { GrayImage } from './raster.js';

export interface CtcReaderOptions {
  /**
   * Scores are multiplied by this before the decoder sees them: the network
   * is surer of itself than it should be on handwriting it never saw, and a
   * softer score lets the game's legality and the move prior weigh in.
   */
  readonly temperature?: number;
  /** Best texts kept per cell (what was read, shown to people). */
  readonly alternatives?: number;
  /** Cells per network run. */
  readonly batchSize?: number;
}

export const DEFAULT_CTC_TEMPERATURE = 0.7;
const DEFAULT_ALTERNATIVES = 4;

/** A CTC reader's reading keeps the network's frames: they cross to other threads, the scorer is rebuilt there. */
export interface CtcCellReading extends CellReading {
  readonly frames: CtcFrames;
}

/**
 * The reading of one cell from the recogniser's frames: best texts and the
 * tempered scorer. Best texts already found (a worker thread sent them) are
 * kept instead of searching the frames again.
 */
export function ctcReading(frames: CtcFrames, options: CtcReaderOptions = {}, alternatives?: readonly TextAlternative[]): CtcCellReading {
  const scores = new CtcScores(frames);
  const temperature = options.temperature ?? DEFAULT_CTC_TEMPERATURE;
  return {
    alternatives: alternatives ?? bestAlternatives(scores, options.alternatives ?? DEFAULT_ALTERNATIVES),
    score: (text: string) => temperature * scores.score(text),
    frames,
  };
}

function bestAlternatives(scores: CtcScores, count: number): TextAlternative[] {
  const best = scores.bestTexts(count).filter((entry) => entry.text !== '');
  const top = best[0]?.logProbability ?? 0;
  const weights = best.map((entry) => Math.exp(entry.logProbability - top));
  const total = weights.reduce((sum, weight) => sum + weight, 0) || 1;
  return best.map((entry, index) => ({ text: entry.text, confidence: weights[index] / total }));
}

export class CtcReader implements CellReader {
  readonly name = 'ctc';
  private readonly batchSize: number;

  constructor(private readonly model: RecognizerModel, private readonly options: CtcReaderOptions = {}) {
    this.batchSize = options.batchSize ?? 16;
  }

  async readCells(images: readonly GrayImage[]): Promise<CtcCellReading[]> {
    // Similar widths in one batch waste less padding.
    const order = images.map((_, index) => index).sort((a, b) => aspect(images[a]) - aspect(images[b]));
    const byIndex = new Array<CtcCellReading>(images.length);
    for (let start = 0; start < order.length; start += this.batchSize) {
      const batch = order.slice(start, start + this.batchSize);
      const frames = await this.model.frames(batch.map((index) => images[index]));
      batch.forEach((index, k) => {
        byIndex[index] = ctcReading(frames[k], this.options);
      });
    }
    return byIndex;
  }

  async readTexts(images: readonly GrayImage[]): Promise<TextAlternative[][]> {
    const frames = await this.model.frames(images, 'text');
    return frames.map((frame) => {
      const best = new CtcScores(frame).bestTexts(1)[0];
      // The probability of the whole text: a name read letter by letter is rarely certain.
      return best && best.text.trim() !== '' ? [{ text: best.text.trim().replace(/\s+/g, ' '), confidence: Math.exp(best.logProbability) }] : [];
    });
  }

  async dispose(): Promise<void> {
    await this.model.dispose();
  }

}

const aspect = (image: GrayImage): number => image.width / Math.max(1, image.height);
