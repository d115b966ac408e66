/**
 * Which languages a sheet may be written in, from the piece letters it uses:
 * each capital letter that starts a cell votes for the languages that have a
 * piece with that letter and against the others. Only the few best are then
 * decoded in full (decoding is what finally decides).
 */
import { LANGUAGE_PROFILES, type LanguageCode, type LanguageProfile } from '@zapis/notation';
import type { Sheet } from './readings.js';

function pieceLetters(profile: LanguageProfile): string[] {
  return Object.values(profile.letters).sort((a, b) => b.length - a.length);
}

/** Languages ranked by how well their piece letters cover the sheet's, best first (at most `limit`). */
export function sheetLanguageCandidates(sheets: readonly Sheet[], limit = 3): LanguageCode[] {
  const openings: string[] = [];
  for (const sheet of sheets) {
    for (const cell of sheet.cells) {
      const text = cell.readings[0]?.text.trim() ?? '';
      const first = text[0];
      if (!first || /[0Oo]/.test(first)) continue;
      if (first.toUpperCase() === first && first.toLowerCase() !== first) openings.push(text);
    }
  }
  // Languages with the same letters decode alike: keep the first of each set.
  const seen = new Set<string>();
  const distinct = LANGUAGE_PROFILES.filter((profile) => {
    const signature = Object.values(profile.letters).join(',');
    if (seen.has(signature)) return false;
    seen.add(signature);
    return true;
  });
  const scored = distinct.map((profile, order) => {
    const letters = pieceLetters(profile);
    let score = 0;
    for (const text of openings) score += letters.some((letter) => text.startsWith(letter)) ? 1 : -1;
    return { code: profile.code, score, order };
  }).sort((a, b) => b.score - a.score || a.order - b.order);
  const best = scored[0].score;
  const margin = Math.max(2, 0.15 * openings.length);
  return scored.filter((entry, index) => index === 0 || entry.score >= best - margin).slice(0, limit).map((entry) => entry.code);
}
