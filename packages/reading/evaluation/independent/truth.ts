/** What an image of the independent set really shows: the truth file written beside it, and the set's manifest. */
import type { Point } from './homography.js';

export const INDEPENDENT_TRUTH_FORMAT = 'zapis-independent-truth';
export const INDEPENDENT_MANIFEST_FORMAT = 'zapis-independent-manifest';

export type Quad = readonly [Point, Point, Point, Point];

export interface IndependentTruth {
  readonly format: typeof INDEPENDENT_TRUTH_FORMAT;
  readonly version: 1;
  readonly id: string;
  /** The image's file name, beside this file. */
  readonly file: string;
  readonly kind: 'scan' | 'jpeg' | 'phone';
  /** The sheet's language, which the writer writes in. */
  readonly language: string;
  readonly style: 'classic' | 'boxed';
  readonly layoutId: string;
  /** The game as played, English export SAN per ply. */
  readonly san: readonly string[];
  /** Per ply, the text in its cell (the final move where one was corrected); null for a cell left blank. */
  readonly written: readonly (string | null)[];
  /** The last ply with something written (1-based). */
  readonly lastWrittenPly: number;
  /** Per ply, its cell's corners in image pixels (top-left, top-right, bottom-right, bottom-left). */
  readonly cells: readonly Quad[];
  readonly pageCorners: Quad;
  /** The corpus game's tags plus the generator's labels (`gen.*`), all strings, for filtering. */
  readonly tags: Readonly<Record<string, string>>;
  /** 1-based place of the game in the gnu-book corpus. */
  readonly game: number;
  readonly result: string;
  readonly corrections: readonly { readonly ply: number; readonly struck: string; readonly how: string }[];
  /** How the image was made, for looking into a failure. */
  readonly making: Readonly<Record<string, unknown>>;
}

export interface IndependentManifest {
  readonly format: typeof INDEPENDENT_MANIFEST_FORMAT;
  readonly seed: number;
  readonly kinds: readonly string[];
  readonly sheetsPerKind: number;
  /** Sheet ids: `<id>.json` is each truth file. */
  readonly sheets: readonly string[];
}
