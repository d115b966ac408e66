/**
 * What the decoder reads: per half-move cell one or more readings (as an OCR
 * engine gives alternatives, with optional confidences), a sheet being the
 * cells in writing order. Both players' sheets of one game may be given.
 */

export interface Reading {
  readonly text: string;
  /** The reader's confidence (any positive scale; normalised per cell). Default: 1 / rank. */
  readonly confidence?: number;
}

/** Where a cell came from, for messages. */
export interface CellSource {
  readonly line: number;
  readonly column: number;
  /** The move number written on that line, when one was read. */
  readonly moveNumber?: number;
  /** The half-move (1-based ply) the cell's place suggests: its line's number and column. A hint, not a rule. */
  readonly ply?: number;
}

/**
 * A log-probability (≤ 0) for any text: what a reader that scores candidate
 * texts (a CTC recogniser) knows of a cell image. Called
 * synchronously inside the search, once per spelling of each move tried.
 */
export type CellScorer = (text: string) => number;

/**
 * A number never below a scorer's score of any text that holds every character of `required` (as many times): what
 * a move's spellings, which all hold some characters, could score at most, without scoring them.
 */
export type CellScoreBound = (required: string) => number;

/**
 * One reader of an ensemble on its own: its score of any text, and the best
 * score it gave any text of the cell. An ensemble averages its readers, so one
 * reader that clearly saw something else is heard only at half strength there.
 */
export interface CellWitness {
  readonly score: CellScorer;
  readonly ceiling: number;
  /** What this reader on its own reads in the cell (its best text), for the review list. */
  readonly reads?: string;
  /** Which reader this is (`@zapis/ocr`: 'pp-ocr', 'notation', 'notation-wide'): who disputes a move. */
  readonly reader?: string;
}

export interface Cell {
  readonly readings: readonly Reading[];
  readonly source?: CellSource;
  /**
   * When given, moves are ranked by this score of their spellings instead of
   * the noisy channel over `readings`; `readings` then only say what was read
   * (the reader's best texts, for messages and the review list).
   */
  readonly score?: CellScorer;
  /**
   * With `score`: its bound for a move's spellings (`CellScoreBound`), far cheaper to find. The search then scores
   * only the moves this says could stay in its beam; the game decoded is the same.
   */
  readonly scoreBound?: CellScoreBound;
  /**
   * A scored cell read by an ensemble: each reader on its own. A move is
   * disputed (always on the review list) when any of them scores every
   * spelling of it as far below its own best text as a lone reader's
   * correction margin, whatever the ensemble's score says.
   */
  readonly witnesses?: readonly CellWitness[];
}

export interface Sheet {
  readonly cells: readonly Cell[];
  /** Whose sheet it is, for messages ('white', 'black', a file name). */
  readonly name?: string;
}

/** Cells from plain strings (one reading each) or arrays of alternatives. */
export function cellsOf(items: readonly (string | readonly string[] | readonly Reading[])[]): Cell[] {
  return items.map((item) => {
    if (typeof item === 'string') return { readings: [{ text: item }] };
    return { readings: item.map((reading: string | Reading) => (typeof reading === 'string' ? { text: reading } : reading)) };
  });
}

/** The first reading of a cell, as shown in messages. */
export const cellText = (cell: Cell): string => cell.readings[0]?.text ?? '';
