/**
 * Which language's piece letters a game is written in, settled from the whole
 * game by letter statistics: languages that read every token the same way are
 * one candidate, and only the candidates whose letters occur most may be the
 * game's language. Among those (they tie), replay decides, since only legality
 * tells `Sf3` the knight (pl, de) from `Sf3` the bishop (cs). A language with
 * less support is never taken because it happens to make a move legal: that
 * would turn an illegal move legal by reading it in another language.
 *
 * This runs for every game of an archive, so the per-token work is precomputed
 * once per distinct readings array (the parser shares one per token text).
 */
import { readMove, type LanguageCode, type MoveNode, type MoveReading } from '@zapis/notation';

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
 * Support is counted over every token from its language bits; grouping (which
 * languages read every token alike) compares only languages with equal support.
 */
export function* mainlineLanguageCandidates(moves: readonly MoveNode[]): Generator<LanguageCandidate, void, undefined> {
  // The parser shares one readings array per token text, so tokens are counted per distinct array.
  const counts = new Map<readonly MoveReading[], number>();
  for (const node of moves) {
    if (node.kind !== 'move' || !dependsOnLanguage(node.readings)) continue;
    counts.set(node.readings, (counts.get(node.readings) ?? 0) + 1);
  }
  yield* candidatesFromCounts([...counts.keys()], [...counts.values()]);
}

/*
 * Which languages read a token depends only on its letters (the piece letter
 * and the promotion letter), never on its squares (see readingsOf in
 * @zapis/notation); so one representative token per pair of letters stands
 * for all tokens with them.
 */
const readingsByLetters = new Map<number, readonly MoveReading[]>();

/** Only letters a move token can start with are remembered: no more than 27 × 27 pairs whatever callers pass. */
const isLetterCode = (code: number): boolean => code === 0 || (code >= 65 && code <= 90);

/**
 * The readings of every token written with these letters: `piece` and
 * `promotion` are the capitals' character codes (O for castling), 0 for none.
 */
export function readingsOfLetters(piece: number, promotion: number): readonly MoveReading[] {
  const key = piece * 128 + promotion;
  let readings = readingsByLetters.get(key);
  if (readings === undefined) {
    const representative = piece === 79 ? 'O-O'
      : promotion !== 0 ? `a8=${String.fromCharCode(promotion)}`
        : piece !== 0 ? `${String.fromCharCode(piece)}a3` : 'a3';
    readings = readMove(representative);
    if (isLetterCode(piece) && isLetterCode(promotion)) readingsByLetters.set(key, readings);
  }
  return readings;
}

/** Does any reading of the token depend on the language? */
export function dependsOnLanguage(readings: readonly MoveReading[]): boolean {
  return tokenLanguages(readings).mask !== 0;
}

/** What a sample says of each language: how many tokens it reads, and the tokens that depend on the language. */
interface SampleSupport {
  readonly support: Int32Array;
  /** Bit l: some sampled token has a reading in language l. */
  readonly seen: number;
  readonly sample: readonly TokenLanguages[];
}

function sampleSupport(distinct: readonly (readonly MoveReading[])[], occurrences: readonly number[]): SampleSupport {
  const support = new Int32Array(LANGUAGE_COUNT);
  const sample: TokenLanguages[] = [];
  let seen = 0;
  for (let i = 0; i < distinct.length; i++) {
    if (occurrences[i] === 0) continue;
    const token = tokenLanguages(distinct[i]);
    if (token.mask === 0) continue;
    seen |= token.mask;
    for (let bits = token.mask; bits !== 0; bits &= bits - 1) support[31 - Math.clz32(bits & -bits)] += occurrences[i];
    sample.push(token);
  }
  return { support, seen, sample };
}

/**
 * The group led by language `lead`: it and every language in `others` (in
 * order) not yet placed, with the same support, that reads each sampled token
 * alike. Marks them placed.
 */
function groupOf(lead: number, others: readonly number[], stats: SampleSupport, placed: Uint8Array): LanguageCandidate {
  const { support, sample } = stats;
  const languages: LanguageCode[] = [LANGUAGE_PREFERENCE[lead]];
  for (const other of others) {
    if (other === lead || placed[other] || support[other] !== support[lead]) continue;
    let alike = true;
    for (const token of sample) {
      if (token.readingsByLanguage[lead] !== token.readingsByLanguage[other]) {
        alike = false;
        break;
      }
    }
    if (alike) {
      languages.push(LANGUAGE_PREFERENCE[other]);
      placed[other] = 1;
    }
  }
  placed[lead] = 1;
  return { languages, support: support[lead] };
}

/** The languages of a sample, most supported first (the most common first among equals). */
function orderedLanguages(stats: SampleSupport): number[] {
  const ordered: number[] = [];
  for (let l = 0; l < LANGUAGE_COUNT; l++) if ((stats.seen >> l) & 1) ordered.push(l);
  return ordered.sort((a, b) => stats.support[b] - stats.support[a] || a - b);
}

/**
 * The candidate groups from a sample given as distinct tokens and how often
 * each occurs (only language-dependent tokens count).
 */
export function* candidatesFromCounts(
  distinct: readonly (readonly MoveReading[])[], occurrences: readonly number[],
): Generator<LanguageCandidate, void, undefined> {
  const stats = sampleSupport(distinct, occurrences);
  const ordered = orderedLanguages(stats);
  // Groups are formed one at a time: replay usually accepts the first.
  const placed = new Uint8Array(LANGUAGE_COUNT);
  for (const l of ordered) if (!placed[l]) yield groupOf(l, ordered, stats, placed);
}

/**
 * The first group candidatesFromCounts would give, without ordering the rest:
 * what a game that replays cleanly in its first candidate needs (the archive
 * fast lane asks this of every game).
 */
export function firstCandidateFromCounts(
  distinct: readonly (readonly MoveReading[])[], occurrences: readonly number[],
): LanguageCandidate | undefined {
  const stats = sampleSupport(distinct, occurrences);
  if (stats.seen === 0) return undefined;
  let lead = -1;
  for (let l = 0; l < LANGUAGE_COUNT; l++) {
    if ((stats.seen >> l) & 1 && (lead < 0 || stats.support[l] > stats.support[lead])) lead = l;
  }
  // Among equals the group keeps the order of preference, as orderedLanguages gives it.
  const equals: number[] = [];
  for (let l = 0; l < LANGUAGE_COUNT; l++) if ((stats.seen >> l) & 1 && stats.support[l] === stats.support[lead]) equals.push(l);
  return groupOf(lead, equals, stats, new Uint8Array(LANGUAGE_COUNT));
}

/** Do all these languages read every token alike (not just the sampled ones)? */
export function readAlike(tokens: readonly (readonly MoveReading[])[], languages: readonly LanguageCode[]): boolean {
  if (languages.length < 2) return true;
  const indices = languages.map((language) => LANGUAGE_INDEX.get(language) ?? -1);
  for (const readings of tokens) {
    const byLanguage = tokenLanguages(readings).readingsByLanguage;
    const first = byLanguage[indices[0]];
    for (let i = 1; i < indices.length; i++) if (byLanguage[indices[i]] !== first) return false;
  }
  return true;
}
