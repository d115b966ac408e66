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

export type FontSet = 'tuning' | 'held-out';

export const fontsOf = (set: FontSet): readonly string[] => (set === 'tuning' ? TUNING_FONTS : HELD_OUT_FONTS);

/** Some of the tuning fonts, by name; a held-out or unknown name is refused (held-out hands are the report's alone). */
export function tuningSubset(names: readonly string[]): readonly string[] {
  const unknown = names.filter((name) => !(TUNING_FONTS as readonly string[]).includes(name));
  if (names.length === 0 || unknown.length > 0) {
    throw new Error(`expected tuning fonts (${TUNING_FONTS.join(', ')}), got ${unknown.length > 0 ? unknown.join(', ') : 'none'}`);
  }
  return names;
}

/**
 * How big each font's letters look for the same pixel size differs a lot
 * (Reenie Beanie is tiny, Homemade Apple huge): scale so capitals land near
 * the same height.
 */
export const FONT_SCALE: Readonly<Record<string, number>> = {
  caveat: 1.15, kalam: 0.95, 'patrick-hand': 1.1, 'indie-flower': 1.0, 'gochi-hand': 1.1, handlee: 1.0,
  'architects-daughter': 0.95, 'gloria-hallelujah': 0.85, 'shadows-into-light': 1.05, 'reenie-beanie': 1.35,
  'homemade-apple': 0.8, 'nothing-you-could-do': 0.95, 'just-another-hand': 1.35, 'coming-soon': 0.95,
  'covered-by-your-grace': 1.15, schoolbell: 1.0, 'sue-ellen-francisco': 1.3,
};

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
