/** What scoring reads of an evaluation set's truth file (written beside each image by `@zapis/ocr`'s generator). */
export interface SheetTruth {
  /** The image's file name, beside the truth file. */
  readonly file: string;
  /** How the image was made: scan200, jpeg150, phone or prefilled. */
  readonly kind: string;
  /** 1-based place of the game in the corpus it came from. */
  readonly game: number;
  /** The true moves in standard SAN, from move 1. */
  readonly san: readonly string[];
}
