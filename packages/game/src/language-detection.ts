/**
 * Which language's piece letters a game is written in. Letter statistics first:
 * languages that read every token the same way are one candidate, and the
 * candidates whose letters occur most are tried first; then replay decides, since
 * only legality tells `Sf3` the knight (pl, de) from `Sf3` the bishop (cs).
 */
import type { LanguageCode, MoveNode, MoveReading } from '@zapis/notation';

/** Preference between languages that read a game identically: the most common first. */
export const LANGUAGE_PREFERENCE: readonly LanguageCode[] = [
  'en', 'pl', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'cs', 'hu', 'sv', 'ru', 'ro', 'sk', 'da', 'no', 'fi', 'is', 'et',
  'hr', 'sr', 'bs', 'sl', 'tr', 'uk', 'bg',
];

const preferenceOf = (language: LanguageCode): number => {
  const index = LANGUAGE_PREFERENCE.indexOf(language);
  return index < 0 ? LANGUAGE_PREFERENCE.length : index;
};

export interface LanguageCandidate {
  /** Languages that read every sampled token the same way, most common first. */
  readonly languages: readonly LanguageCode[];
  /** Sampled tokens whose letters belong to these languages. */
  readonly support: number;
}

const fits = (reading: MoveReading, language: LanguageCode): boolean =>
  reading.languages === 'any' || reading.languages.includes(language);

/**
 * Candidate language groups for the mainline, most likely first. Empty when no
 * token depends on the language (a game of pawn moves and castling).
 */
export function languageCandidates(moves: readonly MoveNode[], sampleSize = 80): LanguageCandidate[] {
  const tokens = [];
  for (const node of moves) {
    if (node.kind !== 'move') continue;
    if (node.readings.length === 1 && node.readings[0].languages === 'any') continue;
    tokens.push(node);
    if (tokens.length >= sampleSize) break;
  }
  const seen = new Set<LanguageCode>();
  for (const token of tokens) {
    for (const reading of token.readings) if (reading.languages !== 'any') for (const language of reading.languages) seen.add(language);
  }
  const groups = new Map<string, { languages: LanguageCode[]; support: number }>();
  for (const language of seen) {
    let signature = '';
    let support = 0;
    for (const token of tokens) {
      let fitting = 0;
      token.readings.forEach((reading, index) => {
        if (fits(reading, language)) {
          signature += index.toString(36);
          fitting++;
        }
      });
      signature += '|';
      if (fitting > 0) support++;
    }
    const group = groups.get(signature);
    if (group) group.languages.push(language);
    else groups.set(signature, { languages: [language], support });
  }
  return [...groups.values()]
    .map((group) => ({ languages: group.languages.sort((a, b) => preferenceOf(a) - preferenceOf(b)), support: group.support }))
    .sort((a, b) => b.support - a.support || preferenceOf(a.languages[0]) - preferenceOf(b.languages[0]));
}
