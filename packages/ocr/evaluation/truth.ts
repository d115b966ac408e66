/** What an evaluation image really shows: the truth file written beside it. */
import type { EvaluationSet } from './corpus-games.js';
import type { DegradedImage } from './degrade.js';
import type { HandStyle } from './hand-style.js';
import type { WriterHabits } from './writer-habits.js';

export const IMAGE_KINDS = ['scan200', 'jpeg150', 'phone', 'prefilled'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

export const isImageKind = (value: string): value is ImageKind => (IMAGE_KINDS as readonly string[]).includes(value);

export const TRUTH_FORMAT = 'zapis-eval-truth';

export interface SheetTruth {
  readonly format: typeof TRUTH_FORMAT;
  readonly version: 1;
  /** Unique in a set: `<set>-<game>-<kind>`. */
  readonly id: string;
  readonly set: EvaluationSet;
  /** 1-based place of the game in the gnu-book corpus. */
  readonly game: number;
  readonly seed: number;
  readonly kind: ImageKind;
  /** The image's file name, beside this truth file. */
  readonly file: string;
  /** The true moves in standard SAN, from move 1. */
  readonly san: readonly string[];
  /** What is on the sheet for each of those plies, as written (handwriting habits or `zapis print`). */
  readonly written: readonly string[];
  readonly result: string;
  /** The corpus game's tags. */
  readonly tags: Readonly<Record<string, string>>;
  /** Header values on the sheet: printed by `zapis print` or written by hand. */
  readonly header: { readonly printed: Readonly<Record<string, string>>; readonly handwritten: Readonly<Record<string, string>> };
  /** The sheet's own language (its labels), which need not be the writer's letters. */
  readonly sheetLanguage: string;
  readonly layoutId: string;
  readonly sheet: { readonly number: number; readonly of: number };
  /** Absent on printed (pre-filled) sheets. */
  readonly habits?: WriterHabits;
  readonly hand?: HandStyle;
  readonly font: string;
  /** Plies written a bit too big or low, touching the cell ruling (1-based). */
  readonly touchingPlies: readonly number[];
  readonly image: Omit<DegradedImage, 'bytes'>;
  /** Short labels for filtering: kind, letters, castling style, 'upside-down', 'no-checks', … */
  readonly tagsForFiltering: readonly string[];
  /** Sets of pairs (`--pairs`): which player's copy of the game this sheet is; the other has the same game and kind. */
  readonly copy?: 'white' | 'black';
}
