/**
 * The handwriting fonts: a tuning set and a held-out set that only the report
 * uses, so the reported numbers are on handwriting styles nobody tuned on.
 * The fonts ship as woff2 in @fontsource packages; canvas wants TTF.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, dirname } from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';

export const TUNING_FONTS = [
  'caveat', 'kalam', 'patrick-hand', 'indie-flower', 'gochi-hand', 'handlee', 'architects-daughter', 'gloria-hallelujah',
] as const;

export const HELD_OUT_FONTS = [
  'shadows-into-light', 'reenie-beanie', 'homemade-apple', 'nothing-you-could-do', 'just-another-hand', 'coming-soon',
  'covered-by-your-grace', 'schoolbell', 'sue-ellen-francisco',
] as const;

/**
 * More hands for the notation network's training only: joined scripts, narrow scrawls, marker and school hands
 * that the eight tuning fonts lack. Never drawn into an evaluation set, tune or report.
 */
export const TRAINING_ONLY_FONTS = [
  'la-belle-aurore', 'cedarville-cursive', 'dawning-of-a-new-day', 'zeyada', 'waiting-for-the-sunrise', 'over-the-rainbow',
  'loved-by-the-king', 'nanum-pen-script', 'annie-use-your-telescope', 'the-girl-next-door', 'short-stack', 'neucha',
  'gaegu', 'sedgwick-ave', 'give-you-glory', 'pangolin', 'swanky-and-moo-moo', 'bad-script',
] as const;

export type FontSet = 'tuning' | 'held-out';

export const fontsOf = (set: FontSet): readonly string[] => (set === 'tuning' ? TUNING_FONTS : HELD_OUT_FONTS);

const TRAINABLE_FONTS: readonly string[] = [...TUNING_FONTS, ...TRAINING_ONLY_FONTS];

/**
 * Some of the tuning and training-only fonts, by name; a held-out or unknown name is refused (held-out hands are
 * the report's alone).
 */
export function tuningSubset(names: readonly string[]): readonly string[] {
  const unknown = names.filter((name) => !TRAINABLE_FONTS.includes(name));
  if (names.length === 0 || unknown.length > 0) {
    throw new Error(`expected tuning or training-only fonts (${TRAINABLE_FONTS.join(', ')}), got ${unknown.length > 0 ? unknown.join(', ') : 'none'}`);
  }
  return names;
}

const require = createRequire(import.meta.url);
const registered = new Set<string>();

interface Wawoff2 {
  decompress(input: Uint8Array): Promise<Uint8Array>;
}

/** The canvas family name for a font id (e.g. 'caveat' → 'eval-caveat'), registering it on first use. */
export async function registerFont(id: string): Promise<string> {
  const family = `eval-${id}`;
  if (registered.has(id)) return family;
  const packageJson = require.resolve(`@fontsource/${id}/package.json`);
  const woff2 = await readFile(join(dirname(packageJson), 'files', `${id}-latin-400-normal.woff2`));
  const wawoff2 = require('wawoff2') as Wawoff2;
  const ttf = await wawoff2.decompress(woff2);
  if (!GlobalFonts.register(Buffer.from(ttf), family)) throw new Error(`could not register font ${id}`);
  registered.add(id);
  return family;
}
