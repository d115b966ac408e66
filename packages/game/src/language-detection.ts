/**
 * Which language's piece letters a game is written in. Letter statistics first:
 * languages that read every token the same way are one candidate, and the
 * candidates whose letters occur most are tried first; then replay decides, since
 * only legality tells `Sf3` the knight (pl, de) from `Sf3` the bishop (cs).
 *
 * This runs for every game of an archive, so the per-token work is precomputed
 * once per distinct readings array (the parser shares one per token text).
 */
import type { LanguageCode, MoveNode, MoveReading } from '@zapis/notation';

/** Preference between languages that read a game identically: the most common first. */
export const LANGUAGE_PREFERENCE: readonly LanguageCode[] = [
  'en', 'pl', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'cs', 'hu', 'sv', 'ru', 'ro', 'sk', 'da', 'no', 'fi', 'is', 'et',
  'hr', 'sr', 'bs', 'sl', 'tr', 'uk', 'bg',
];
const LANGUAGE_COUNT = LANGUAGE_PREFERENCE.length;
const LANGUAGE_INDEX = new Map(LANGUAGE_PREFERENCE.map((language, index) => [language, index]));

export interface LanguageCandidate {
  /** Languages that read every sampled token the same way, most common first. */
  readonly languages: readonly LanguageCode[];
  /** Sampled tokens whose letters belong to these languages. */
  readonly support: number;
}

interface TokenLanguages {
  /** Bit l: some reading of the token belongs to language l. 0 when no reading depends on the language. */
  readonly mask: number;
  /** For each language, which readings (bit per reading index) belong to it. */
  readonly readingsByLanguage: Int32Array;
}

const cache = new WeakMap<readonly MoveReading[], TokenLanguages>();
const LANGUAGE_FREE: TokenLanguages = { mask: 0, readingsByLanguage: new Int32Array(LANGUAGE_COUNT) };

function tokenLanguages(readings: readonly MoveReading[]): TokenLanguages {
  const cached = cache.get(readings);
  if (cached) return cached;
  let mask = 0;
  const readingsByLanguage = new Int32Array(LANGUAGE_COUNT);
  let dependent = false;
  readings.forEach((reading, index) => {
    if (reading.languages === 'any') {
      for (let l = 0; l < LANGUAGE_COUNT; l++) readingsByLanguage[l] |= 1 << index;
      return;
    }
    dependent = true;
    for (const language of reading.languages) {
      const l = LANGUAGE_INDEX.get(language);
      if (l === undefined) continue;
      readingsByLanguage[l] |= 1 << index;
      mask |= 1 << l;
    }
  });
  const result = dependent ? { mask, readingsByLanguage } : LANGUAGE_FREE;
  cache.set(readings, result);
  return result;
}

/**
 * Candidate language groups for the mainline, most likely first. Empty when no
 * token depends on the language (a game of pawn moves and castling).
 */
export function languageCandidates(moves: readonly MoveNode[], sampleSize = 80): LanguageCandidate[] {
  const support = new Int32Array(LANGUAGE_COUNT);
  const signature = new Int32Array(LANGUAGE_COUNT);
  let seen = 0;
  let sampled = 0;
  for (const node of moves) {
    if (node.kind !== 'move') continue;
    const token = tokenLanguages(node.readings);
    if (token.mask === 0) continue;
    seen |= token.mask;
    for (let l = 0; l < LANGUAGE_COUNT; l++) {
      if ((token.mask >> l) & 1) support[l]++;
      signature[l] = (Math.imul(signature[l], 31) + token.readingsByLanguage[l] + 1) | 0;
    }
    if (++sampled >= sampleSize) break;
  }
  const groups: { languages: LanguageCode[]; support: number; signature: number }[] = [];
  for (let l = 0; l < LANGUAGE_COUNT; l++) {
    if (((seen >> l) & 1) === 0) continue;
    const group = groups.find((g) => g.signature === signature[l] && g.support === support[l]);
    if (group) group.languages.push(LANGUAGE_PREFERENCE[l]);
    else groups.push({ languages: [LANGUAGE_PREFERENCE[l]], support: support[l], signature: signature[l] });
  }
  // Languages are visited in preference order, so each group's list is already ordered.
  return groups
    .sort((a, b) => b.support - a.support || LANGUAGE_INDEX.get(a.languages[0])! - LANGUAGE_INDEX.get(b.languages[0])!)
    .map(({ languages, support: count }) => ({ languages, support: count }));
}
