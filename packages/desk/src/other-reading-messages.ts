/**
 * What the desk's decoding thread sends the thread that decodes the cross-check's second reading (PP-OCR alone)
 * beside it: each scan game's material once, then decode requests, numbered; and which decode run ahead a person
 * chose. Options go as plain data: a decode's confirmations as pairs.
 */
import type { SearchOptions as DecodeOptions } from '@zapis/decode';
import type { DeskScanSource } from './game-source.js';

/** How the other side runs a decode: as asked for, ahead of a person (`SearchCache.ahead`), or priming the wide search. */
export type OtherReadingMode = 'real' | 'ahead' | 'prime';

/** Decode options as sent: no reuse (each side keeps its own), confirmations as pairs. */
export type SentDecodeOptions = Omit<DecodeOptions, 'reuse' | 'confirmed' | 'channel' | 'layout' | 'movePrior'> & {
  readonly confirmed?: readonly (readonly [number, string])[];
};

export type OtherReadingMessage =
  | { readonly kind: 'material'; readonly id: string; readonly key: string; readonly source: DeskScanSource }
  | { readonly kind: 'decode'; readonly seq: number; readonly id: string; readonly key: string; readonly mode: OtherReadingMode; readonly options: SentDecodeOptions }
  /** The decode run ahead with these confirmations (`confirmationKey`) was used: its search is the one to go on from. */
  | { readonly kind: 'use'; readonly id: string; readonly confirmations: string }
  /** The game's material changed or it is no longer kept. */
  | { readonly kind: 'forget'; readonly id: string };

/**
 * The options as sent, or undefined for options that do not cross as plain data with the same meaning: a channel
 * object, and a layout or move prior, which the decoder's caches tell by identity (a copy would start them afresh).
 */
export function sentOptions(options: DecodeOptions): SentDecodeOptions | undefined {
  const { reuse: _reuse, confirmed, channel, layout, movePrior, ...rest } = options;
  if (channel !== undefined || layout !== undefined || movePrior !== undefined) return undefined;
  return { ...rest, ...(confirmed ? { confirmed: [...confirmed] } : {}) };
}

export function receivedOptions(options: SentDecodeOptions): DecodeOptions {
  const { confirmed, ...rest } = options;
  return { ...rest, ...(confirmed ? { confirmed: new Map(confirmed) } : {}) };
}
