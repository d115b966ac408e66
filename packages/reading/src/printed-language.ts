/**
 * The language a game's sheets were printed in, which the decoder favours for their letters (a prior, not a rule).
 */
import { isLanguageCode, writesMovesAlike, type LanguageCode } from '@zapis/notation';
import type { GameGroup } from './group-games.js';

/**
 * The language the game's sheets were printed in (one the decoder knows): as each page's QR code says, else as its
 * printed words say. Words some languages print alike leave several; they count as one when those languages write
 * moves in the same letters, and every page must allow the language.
 */
export function printedLanguage(group: GameGroup): LanguageCode | undefined {
  const pages = group.players.flatMap((player) => player.pages.map((page) => page.read.located));
  const allowed = pages.map((located) => located.qr?.lang !== undefined ? [located.qr.lang] : located.printedWords?.languages ?? [])
    .filter((languages) => languages.length > 0);
  const [first, ...others] = allowed;
  if (!first) return undefined;
  const common = first.filter((code) => others.every((languages) => languages.includes(code))).filter(isLanguageCode);
  const [likely] = common;
  return likely !== undefined && common.every((code) => writesMovesAlike(code, likely)) ? likely : undefined;
}
