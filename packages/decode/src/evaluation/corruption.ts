/**
 * OCR-like corruption of a transcription at a given rate per character:
 * substitutions drawn mostly from the confusion table (the rest from any
 * printable character), deletions and stray insertions. Spaces and line
 * breaks are left alone (the cells stay apart).
 */
import { DEFAULT_CHANNEL_PARAMETERS, type ChannelParameters } from '../channel-parameters.js';
import type { Random } from './random.js';

const PRINTABLE = Array.from({ length: 94 }, (_, index) => String.fromCharCode(33 + index));

export interface CorruptionMix {
  readonly substitution: number;
  readonly deletion: number;
  readonly insertion: number;
  /** Share of substitutions drawn from the confusion table (else any printable character). */
  readonly confusable: number;
}

export const DEFAULT_CORRUPTION_MIX: CorruptionMix = { substitution: 0.7, deletion: 0.15, insertion: 0.15, confusable: 0.8 };

export function corruptText(text: string, rate: number, random: Random, mix: CorruptionMix = DEFAULT_CORRUPTION_MIX,
  parameters: ChannelParameters = DEFAULT_CHANNEL_PARAMETERS): string {
  const inserted = Object.entries(parameters.inserted);
  let out = '';
  for (const character of text) {
    if (/\s/.test(character) || !random.chance(rate)) {
      out += character;
      continue;
    }
    const event = random.weighted([mix.substitution, mix.deletion, mix.insertion]);
    if (event === 1) continue;
    if (event === 2) {
      out += character + inserted[random.weighted(inserted.map(([, weight]) => weight))][0];
      continue;
    }
    const row = Object.entries(parameters.confusions[character] ?? {});
    if (row.length > 0 && random.chance(mix.confusable)) out += row[random.weighted(row.map(([, weight]) => weight))][0];
    else {
      let replacement = random.pick(PRINTABLE);
      while (replacement === character) replacement = random.pick(PRINTABLE);
      out += replacement;
    }
  }
  return out;
}
