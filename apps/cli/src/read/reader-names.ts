/**
 * What `zapis read --help` names before any reading package is loaded: the readers, the default one and the review
 * threshold. read-shard.test.ts checks each against the package that owns it.
 */

/** As @zapis/ocr/node's READER_KINDS. */
export const READER_KIND_NAMES = ['auto', 'ctc', 'ensemble', 'notation', 'tesseract'] as const;
export type ReaderKindName = (typeof READER_KIND_NAMES)[number];

/** As @zapis/ocr/node's DEFAULT_READER_KIND. */
export const DEFAULT_READER_NAME: ReaderKindName = 'auto';

/** As @zapis/decode's DEFAULT_REVIEW_THRESHOLD. */
export const REVIEW_THRESHOLD_DEFAULT = 0.99;
