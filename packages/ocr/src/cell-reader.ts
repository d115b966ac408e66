/**
 * The pluggable reader contract. A reader looks at one rectified cell image
 * and returns its best texts; a better reader also scores any candidate text,
 * so the decoder can rank the legal moves itself instead of trusting a top-1
 * string.
 */
import type { GrayImage } from './raster.js';

export interface TextAlternative {
  readonly text: string;
  /** 0..1, best first. */
  readonly confidence: number;
}

/**
 * One reader of an ensemble on its own: its score of any text, and the best score it gave any text of the cell
 * (the shape `@zapis/decode` takes as a cell's witness).
 */
export interface CellWitness {
  readonly score: (text: string) => number;
  readonly ceiling: number;
  /** What this reader on its own reads in the cell (its best text). */
  readonly reads?: string;
  /** Which reader this is (`ENSEMBLE_READERS`). */
  readonly reader?: string;
}

export interface CellReading {
  /** Best texts, best first; empty when nothing legible was found. */
  readonly alternatives: readonly TextAlternative[];
  /** log P(text | image) for any candidate text (synchronous: the decoder calls it inside its search). */
  readonly score?: (text: string) => number;
  /**
   * Never below `score(text)` for any text holding the characters of `required`, and far cheaper: the decoder scores a
   * move's spellings only when this, given the characters all of them hold, says the move could count.
   */
  readonly scoreBound?: (required: string) => number;
  /**
   * An ensemble's readers each on its own (scored like `score`, with the best
   * score each gave the cell): the decoder shows a move any one of them
   * clearly contradicts as a correction.
   */
  readonly witnesses?: readonly CellWitness[];
  /**
   * An ensemble's first network (PP-OCR) reading the cell alone, as `--reader ctc` reads it: a cross-checked
   * reading decodes the game with each and compares them (`@zapis/decode`'s cross-check). Made on first call.
   */
  readonly alone?: () => CellReading;
}

export interface CellReader {
  readonly name: string;
  /** Reads many cells at once (readers batch them through their model). */
  readCells(images: readonly GrayImage[]): Promise<CellReading[]>;
  /** Reads free text (names, dates in the header): the best texts per image, when the reader can. */
  readTexts?(images: readonly GrayImage[]): Promise<TextAlternative[][]>;
  /** Frees the model (workers call it before they exit). */
  dispose(): Promise<void>;
}
