/**
 * Page outcomes cross from reading threads to the main thread as plain data:
 * the sheet's map as its matrix, each cell's reading as every network's
 * frames (PP-OCR's and the notation CRNN's when both read; the scorer is a
 * closure, it is rebuilt on arrival).
 */
import { ctcReading, type CtcCellReading, type CtcReaderOptions, type ScoredText } from './ctc-reader.js';
import type { CtcFrames } from './ctc-scores.js';
import { Homography } from './homography.js';
import type { CellReading, TextAlternative } from './cell-reader.js';
import type { CutSheet } from './cut-sheet.js';
import type { PageMap } from './page-map.js';
import type { PageOutcome } from './read-scan-file.js';
import { readFromCut, type ReadCell, type ReadFromCut, type SheetRead } from './read-sheet.js';

/** A cell's reading as data: each network's CTC frames when the reader has them, else its texts. */
export interface PlainCellReading {
  readonly frames?: readonly CtcFrames[];
  readonly alternatives: readonly TextAlternative[];
  /** An ensemble's networks' own best texts, found where the cell was read (`CtcCellReading.networkBest`). */
  readonly networkBest?: readonly (readonly ScoredText[])[];
}
type PlainCell = Omit<ReadCell, 'reading'> & PlainCellReading;
/** A sheet's location as data: its map as the homography's matrix. */
type PlainLocation = Omit<SheetRead['located'], 'map'> & { readonly matrix: readonly number[] };
type PlainRead = ReadFromCut<PlainLocation, PlainCell>;
/** A cut sheet as data (cut-sheet.ts): what a thread that located the page hands to the threads that read it. */
export type PlainCutSheet = Omit<CutSheet, 'located'> & { readonly located: PlainLocation };
export type PlainOutcome = Exclude<PageOutcome, { ok: true }> | { readonly ok: true; readonly file: string; readonly page: number; readonly read: PlainRead };

export function plainOutcome(outcome: PageOutcome): PlainOutcome {
  if (!outcome.ok) return outcome;
  const { read } = outcome;
  const cells = read.cells.map(({ reading, ...cell }) => ({ ...cell, ...plainCellReading(reading) }));
  return { ...outcome, read: { ...read, located: plainLocation(read.located), cells } };
}

export function plainCellReading(reading: CellReading): PlainCellReading {
  const { frames, networkBest } = reading as Partial<CtcCellReading>;
  return { alternatives: reading.alternatives, ...(frames ? { frames } : {}), ...(frames && networkBest ? { networkBest } : {}) };
}

export function plainCutSheet(cut: CutSheet): PlainCutSheet {
  return { ...cut, located: plainLocation(cut.located) };
}

/** A page's outcome from its plain cut and the plain readings of its cells and header lines (read on any threads). */
export function plainOutcomeFromCut(file: string, page: number, cut: PlainCutSheet, readings: readonly PlainCellReading[], headerTexts: readonly (readonly TextAlternative[])[]): PlainOutcome {
  const read = readFromCut(cut, (cell, index) => ({ ...cell, ...readings[index] }), headerTexts);
  return { ok: true, file, page, read };
}

/**
 * The same outcome without its cells' crops (`ReadCell.image`): what decoding and showing a page need, for
 * holding a round of pages (the crops are most of a page's memory).
 */
export function withoutCellImages(outcome: PlainOutcome): PlainOutcome {
  if (!outcome.ok) return outcome;
  return { ...outcome, read: { ...outcome.read, cells: outcome.read.cells.map(({ image: _image, ...cell }) => cell) } };
}

function plainLocation<Location extends { readonly map: PageMap }>(located: Location): Omit<Location, 'map'> & { readonly matrix: readonly number[] } {
  const { map, ...rest } = located;
  if (!(map instanceof Homography)) throw new Error('only homography maps cross threads');
  return { ...rest, matrix: map.matrix };
}

export function outcomeFromPlain(plain: PlainOutcome, options: CtcReaderOptions = {}): PageOutcome {
  if (!plain.ok) return plain;
  const { matrix, ...located } = plain.read.located;
  const map = Homography.fromMatrix(matrix);
  if (!map) return { ok: false, file: plain.file, page: plain.page, code: 'unreadable', message: 'the sheet\u2019s map did not survive the worker' };
  const cells = plain.read.cells.map(({ frames, alternatives, networkBest, ...cell }) => ({
    ...cell,
    // Readings stored before readers could be ensembles hold one network's frames, not a list.
    reading: frames ? ctcReading(Array.isArray(frames) ? frames : [frames as unknown as CtcFrames], options, alternatives, networkBest) : { alternatives },
  }));
  return { ...plain, read: { ...plain.read, located: { ...located, map }, cells } };
}
