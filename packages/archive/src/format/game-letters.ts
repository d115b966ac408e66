/**
 * Moves a report lists (the legal moves close to a bad one) in the letters the game is written in, so a Polish
 * game's list reads `Gg4 (Bg4)` beside its `5...Hg4 → 5...Gg4` fixes. Each move keeps its standard SAN in
 * parentheses where the letters differ; JSON and SARIF keep standard SAN alone (the contract).
 */
import { LANGUAGE_CODES, restyleSan, type LanguageCode } from '@zapis/notation';

const isLanguageCode = (code: string): code is LanguageCode => (LANGUAGE_CODES as readonly string[]).includes(code);

/** `sans` (standard SAN) as the game `language` writes them, joined for a report line. */
export function movesInGameLetters(sans: readonly string[], language: string): string {
  if (language === 'en' || !isLanguageCode(language)) return sans.join(', ');
  return sans.map((san) => {
    const written = restyleSan(san, { language });
    return written === undefined || written === san ? san : `${written} (${san})`;
  }).join(', ');
}
