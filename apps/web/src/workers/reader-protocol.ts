/**
 * Messages between the page and a reader worker. A page is read in two kinds of task, so that the two cores share
 * one sheet: a `cut` (decode, locate, cut the cells; no model needed) and then its cells in the reader's own
 * batches (`cells`), plus its header lines (`texts`), each to whichever worker is free.
 */
import type { GrayImage, PlainCellReading, PlainCutSheet, PlainOutcome, TextAlternative } from '@zapis/ocr';

/** What a cut starts from: a PNG or JPEG file's bytes, or a PDF page the page rendered to grey. */
export type CutSource =
  | { readonly kind: 'image'; readonly bytes: ArrayBuffer }
  | { readonly kind: 'page'; readonly page: number; readonly image: GrayImage };

export type ReaderRequest =
  /** Load the recogniser now, before there are cells to read (answered by `model`). */
  | { readonly kind: 'warm'; readonly job: 0 }
  | { readonly kind: 'cut'; readonly job: number; readonly name: string; readonly source: CutSource }
  | { readonly kind: 'cells'; readonly job: number; readonly lines: readonly GrayImage[] }
  | { readonly kind: 'texts'; readonly job: number; readonly lines: readonly GrayImage[] };

export type ReaderReply =
  /** Sent once the worker listens: a message posted before that would be lost (its modules load with top-level await). */
  | { readonly kind: 'ready'; readonly job: 0 }
  /** The recogniser loaded (or failed to: the next task that needs it tries again and reports why). */
  | { readonly kind: 'model'; readonly job: 0; readonly loaded: boolean }
  | { readonly kind: 'cut'; readonly job: number; readonly page: number; readonly cut: PlainCutSheet }
  /** A page that could not be cut (no sheet on it, a corrupt file): its outcome, final. */
  | { readonly kind: 'outcome'; readonly job: number; readonly outcome: PlainOutcome }
  | { readonly kind: 'cells'; readonly job: number; readonly readings: readonly PlainCellReading[] }
  | { readonly kind: 'texts'; readonly job: number; readonly texts: readonly (readonly TextAlternative[])[] }
  | { readonly kind: 'failed'; readonly job: number; readonly message: string };
