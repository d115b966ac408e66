import type { SearchCache } from '@zapis/decode';
import type { LanguageCode } from '@zapis/notation';
import type { OtherReadingDecoder } from '@zapis/decode';
import type { DeskGame } from './desk-game.js';

export interface DeskDecodeOptions {
  /** Moves below this confidence are flagged (default: the decoder's, 0.99). */
  readonly reviewThreshold?: number;
  /** The sheets' notation language, or 'auto' (default). */
  readonly language?: LanguageCode | 'auto';
  /** Kept by the caller between decodes of the same game: re-decoding after a confirmation is then much faster. */
  readonly reuse?: SearchCache;
  /**
   * The game decoded with no confirmations, which moves changed by a confirmation are told against (changed-moves.ts);
   * decoded here when not given.
   */
  readonly asRead?: DeskGame;
  /** Decodes a scan game's second reading (PP-OCR alone) on another thread, beside this one's (other-reading-client.ts). */
  readonly otherReading?: OtherReadingDecoder;
  /**
   * Scans: a badly read sheet is searched again with the deep beam, as `zapis read` does by default
   * (@zapis/decode's `deepSearch`). Off, the game is the narrow search's (`zapis read --no-deep`).
   */
  readonly deepSearch?: boolean;
}
