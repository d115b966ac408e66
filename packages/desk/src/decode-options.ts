import type { LanguageCode } from '@zapis/notation';

export interface DeskDecodeOptions {
  /** Moves below this confidence are flagged (default: the decoder's, 0.99). */
  readonly reviewThreshold?: number;
  /** The sheets' notation language, or 'auto' (default). */
  readonly language?: LanguageCode | 'auto';
}
