/**
 * How noisy one sheet reads. The channel's rates describe readings in
 * general (about 7 misread characters in 100); a sheet that reads cleanly
 * deserves a sharper channel, or every move a misreading away from another
 * legal move stays doubtful however clearly it was written, and a clean
 * sheet sends right moves to review. After a first
 * decode the sheet's readings are compared with the decoded moves' nearest
 * spellings; from the misread characters counted (a cautious upper estimate:
 * a few characters tell little) the channel's misreading rates are scaled
 * down and the search's lattice is weighed again (rescore.ts). Never up: a
 * sheet noisier than the channel keeps the channel's rates, for which the
 * review threshold was tuned.
 */
import { distance as editDistance } from 'fastest-levenshtein';
import type { ChannelParameters, CharacterRates } from './channel-parameters.js';
import { cellText, type Sheet } from './readings.js';
import type { DecodedGame } from './decode.js';
import { eachSpelling, moveSpellings } from './spellings.js';

/**
 * The estimate: (misread + 1 + UPPER_SPREAD·√(misread + 1)) / characters, about the 90th percentile of
 * the rate given the count. The scale never goes below MIN_SCALE (a clean sheet can still hold a slip
 * of the pen), and the lattice is weighed again only below RESCALE_BELOW.
 */
export const SHEET_NOISE = { upperSpread: 1.3, minScale: 0.05, rescaleBelow: 0.8 } as const;

export interface SheetReadingErrors {
  /** Characters written (nearest spellings of the moves, noise cells). */
  readonly characters: number;
  /** Of them misread, lost or added: edit distance from each reading to its move's nearest spelling; a noise cell all of it. */
  readonly misread: number;
}

/** Misread characters of the sheets against the decoded game. */
export function readingErrors(game: DecodedGame, sheets: readonly Sheet[]): SheetReadingErrors {
  let characters = 0;
  let misread = 0;
  for (const move of game.moves) {
    let spellings: string[] | undefined;
    for (const account of move.cells) {
      if (account.cell === undefined) continue;
      const cell = sheets[account.sheet].cells[account.cell];
      const following = account.use === 'split' ? sheets[account.sheet].cells[account.cell + 1] : undefined;
      const texts = cell.readings.map((reading) => reading.text + (following ? cellText(following) : ''));
      spellings ??= [...eachSpelling(moveSpellings(move.description, game.language))];
      let best = { distance: Infinity, length: 0 };
      for (const text of texts) {
        const read = text.replace(/\s+/g, '');
        for (const spelling of spellings) {
          // Notation is in the Basic Multilingual Plane, so UTF-16 units are characters here.
          const distance = editDistance(read, spelling);
          if (distance < best.distance) best = { distance, length: spelling.length };
        }
      }
      characters += best.length;
      misread += best.distance;
    }
  }
  for (const noise of game.unexplained) {
    const length = [...noise.text.replace(/\s+/g, '')].length;
    characters += length;
    misread += length;
  }
  return { characters, misread };
}

/** Per written character, the channel's chance of a misreading: substituted, lost, or a stray character added. */
export function channelErrorRate(parameters: ChannelParameters): number {
  return 1 - parameters.rates.keep + parameters.insertion;
}

/** By how much (0..1] the channel's misreading rates should shrink for this sheet. */
export function noiseScaleOf(errors: SheetReadingErrors, parameters: ChannelParameters): number {
  if (errors.characters === 0) return 1;
  const count = errors.misread + 1;
  const upper = (count + SHEET_NOISE.upperSpread * Math.sqrt(count)) / errors.characters;
  return Math.min(1, Math.max(SHEET_NOISE.minScale, upper / channelErrorRate(parameters)));
}

function scaledRates(rates: CharacterRates, scale: number): CharacterRates {
  return { keep: 1 - scale * (1 - rates.keep), deletion: scale * rates.deletion };
}

/** The channel with every misreading (substitution, loss, stray character) `scale` times as likely; what a misread character becomes stays. */
export function scaledChannelParameters(parameters: ChannelParameters, scale: number): ChannelParameters {
  return {
    ...parameters,
    rates: scaledRates(parameters.rates, scale),
    characterRates: Object.fromEntries(Object.entries(parameters.characterRates).map(([character, rates]) => [character, scaledRates(rates, scale)])),
    insertion: scale * parameters.insertion,
  };
}
