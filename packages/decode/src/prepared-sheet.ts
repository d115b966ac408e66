/**
 * Sheets made ready for the search: readings encoded once, their confidences
 * normalised per cell, the probability of each cell being noise, the joins of
 * neighbouring short cells (a move split by a space).
 */
import { DEFAULT_LAYOUT, type LayoutPriors } from './channel-parameters.js';
import type { NoisyChannel } from './channel.js';
import type { Cell, CellScoreBound, CellScorer, Sheet } from './readings.js';

export interface PreparedReading {
  readonly codes: Int32Array;
  /** Normalised over the cell's readings. */
  readonly weight: number;
}

export interface PreparedCell {
  readonly readings: readonly PreparedReading[];
  /** log P(cell's readings | it holds no move). */
  readonly logNoise: number;
  /** The ply the cell's place suggests (0: no hint). */
  readonly expectedPly: number;
  /** A scored cell (an image a reader scores texts for): the scorer, and the best score any text got. */
  readonly score?: CellScorer;
  readonly ceiling?: number;
  /** Never below `score` (readings.ts `Cell.scoreBound`). */
  readonly scoreBound?: CellScoreBound;
}

/**
 * A scored cell holds a move: it is a box on the sheet, not a token that may
 * be a misread number. Skipping it costs this many nats below its best text.
 */
const SCORED_NOISE_GAP = 14;

function prepareScoredCell(cell: Cell, score: CellScorer, channel: NoisyChannel, expectedPly: number): PreparedCell {
  const given = cell.readings.filter((reading) => reading.text.trim() !== '');
  // With no text to go by, a log-probability's own ceiling.
  const ceiling = given.length === 0 ? 0 : given.reduce((best, reading) => Math.max(best, score(reading.text)), -745);
  const readings = given.map((reading) => ({ codes: channel.encode(reading.text), weight: 1 / given.length }));
  // The bound's key always set (undefined without one): every scored cell one shape for the search's hot loop.
  return { readings, logNoise: ceiling - SCORED_NOISE_GAP, expectedPly, score, ceiling, scoreBound: cell.scoreBound };
}

export interface PreparedSheet {
  readonly sheet: Sheet;
  readonly cells: readonly PreparedCell[];
  /** merged[c]: cells c and c + 1 read as one (only where one of them is short). */
  readonly merged: readonly (PreparedCell | undefined)[];
  /** suffixNoise[c]: Σ logNoise of cells c … end. */
  readonly suffixNoise: Float64Array;
}

const SHORT_CELL = 2;

/** Marks that make up most cells holding no move: misread move numbers, dots, dashes. */
const NUMBER_LIKE = /[0-9.,:;'`"|\-–—_lIoO]/;

function noiseOf(text: string, layout: LayoutPriors): number {
  // A stray mark: geometric length (mean 2); number-like characters are far likelier than others.
  let score = Math.log(0.5);
  for (const character of text.replace(/\s+/g, '')) {
    score += Math.log(0.5 * (NUMBER_LIKE.test(character) ? layout.numberLikeNoiseCharacter : layout.noiseCharacter));
  }
  return score;
}

function prepareCell(texts: readonly { text: string; confidence?: number }[], channel: NoisyChannel, layout: LayoutPriors, expectedPly = 0): PreparedCell {
  const given = texts.filter((reading) => reading.text.trim() !== '');
  const weights = given.map((reading, rank) => (reading.confidence !== undefined && reading.confidence > 0 ? reading.confidence : 1 / (rank + 1)));
  const total = weights.reduce((sum, weight) => sum + weight, 0) || 1;
  const readings = given.map((reading, index) => ({ codes: channel.encode(reading.text), weight: weights[index] / total }));
  let noise = 0;
  readings.forEach((reading, index) => {
    noise += reading.weight * Math.exp(noiseOf(given[index].text, layout));
  });
  return { readings, logNoise: readings.length > 0 ? Math.log(noise) : 0, expectedPly };
}

const visibleLength = (text: string): number => text.replace(/\s+/g, '').length;

export function prepareSheet(sheet: Sheet, channel: NoisyChannel, layout: LayoutPriors = DEFAULT_LAYOUT): PreparedSheet {
  const cells = sheet.cells.map((cell: Cell) => (cell.score
    ? prepareScoredCell(cell, cell.score, channel, cell.source?.ply ?? 0)
    : prepareCell(cell.readings, channel, layout, cell.source?.ply ?? 0)));
  const merged = sheet.cells.map((cell, index) => {
    const following = sheet.cells[index + 1];
    // Boxes on a sheet are never halves of one move.
    if (!following || cell.score || following.score) return undefined;
    const shortest = Math.min(visibleLength(cell.readings[0]?.text ?? ''), visibleLength(following.readings[0]?.text ?? ''));
    if (shortest > SHORT_CELL) return undefined;
    const joined = cell.readings.slice(0, 2).flatMap((first) => following.readings.slice(0, 2).map((second) => ({
      text: first.text + second.text,
      confidence: (first.confidence ?? 1) * (second.confidence ?? 1),
    })));
    return prepareCell(joined, channel, layout, cell.source?.ply ?? 0);
  });
  const suffixNoise = new Float64Array(cells.length + 1);
  for (let index = cells.length - 1; index >= 0; index--) suffixNoise[index] = suffixNoise[index + 1] + cells[index].logNoise;
  return { sheet, cells, merged, suffixNoise };
}
