/**
 * Page outcomes cross from reading threads to the main thread as plain data:
 * the sheet's map as its matrix, each cell's reading as every network's
 * frames (PP-OCR's and the notation CRNN's when both read; the scorer is a
 * closure, it is rebuilt on arrival).
 */
import { ctcReading, type CtcCellReading, type CtcReaderOptions } from './ctc-reader.js';
import type { CtcFrames } from './ctc-scores.js';
import { Homography } from './homography.js';
import type { PageOutcome } from './read-scan-file.js';
import type { ReadCell, SheetRead } from './read-sheet.js';

/** A cell's reading as data: each network's CTC frames when the reader has them, else its texts. */
type PlainCell = Omit<ReadCell, 'reading'> & { readonly frames?: readonly CtcFrames[]; readonly alternatives: ReadCell['reading']['alternatives'] };
type PlainRead = Omit<SheetRead, 'located' | 'cells'> & {
  readonly located: Omit<SheetRead['located'], 'map'> & { readonly matrix: readonly number[] };
  readonly cells: readonly PlainCell[];
};
export type PlainOutcome = Exclude<PageOutcome, { ok: true }> | { readonly ok: true; readonly file: string; readonly page: number; readonly read: PlainRead };

export function plainOutcome(outcome: PageOutcome): PlainOutcome {
  if (!outcome.ok) return outcome;
  const { read } = outcome;
  const { map, ...located } = read.located;
  if (!(map instanceof Homography)) throw new Error('only homography maps cross threads');
  const cells = read.cells.map(({ reading, ...cell }) => {
    const frames = (reading as Partial<CtcCellReading>).frames;
    return { ...cell, alternatives: reading.alternatives, ...(frames ? { frames } : {}) };
  });
  return { ...outcome, read: { ...read, located: { ...located, matrix: map.matrix }, cells } };
}

export function outcomeFromPlain(plain: PlainOutcome, options: CtcReaderOptions = {}): PageOutcome {
  if (!plain.ok) return plain;
  const { matrix, ...located } = plain.read.located;
  const map = Homography.fromMatrix(matrix);
  if (!map) return { ok: false, file: plain.file, page: plain.page, code: 'unreadable', message: 'the sheet\u2019s map did not survive the worker' };
  const cells = plain.read.cells.map(({ frames, alternatives, ...cell }) => ({
    ...cell,
    // Readings stored before readers could be ensembles hold one network's frames, not a list.
    reading: frames ? ctcReading(Array.isArray(frames) ? frames : [frames as unknown as CtcFrames], options, alternatives) : { alternatives },
  }));
  return { ...plain, read: { ...plain.read, located: { ...located, map }, cells } };
}
