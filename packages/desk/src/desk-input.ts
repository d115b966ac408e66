/**
 * What a person gives the desk, and what the desk says back about inputs it
 * could not make games of. Plain data: kept in the browser's storage and
 * posted between the page and its workers.
 */
import type { PlainOutcome } from '@zapis/ocr';

/** A text (an OCR'd transcription or a PGN) or scan pages already read by a reader worker. */
export type DeskInput =
  | { readonly kind: 'text'; readonly id: string; readonly name: string; readonly text: string }
  | { readonly kind: 'scan'; readonly id: string; readonly name: string; readonly pages: readonly PlainOutcome[] };

/** An input, or one page or game of it, that gives no game: shown on that input only, the others go on. */
export interface DeskFailure {
  readonly inputId: string;
  readonly name: string;
  /** 1-based page of a scan. */
  readonly page?: number;
  /** 1-based line of a text where the failing game starts. */
  readonly line?: number;
  readonly code: string;
  readonly message: string;
}
