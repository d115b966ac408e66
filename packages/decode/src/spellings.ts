/**
 * All the ways a player may write a move in a language, as slots of weighted
 * alternatives: piece letter, origin (SAN disambiguation or long form), capture
 * mark (`x`, `:` or none), destination, promotion (`=H`, `H`, `(H)`, `/H`),
 * check or mate mark (or none), `e.p.`. The channel sums over them.
 */
import { squareName, type MoveDescription } from '@zapis/core';
import { languageProfile, letterOf, type LanguageCode } from '@zapis/notation';
import { DEFAULT_SPELLING, SPELLING_BY_LANGUAGE, type SpellingPriors } from './channel-parameters.js';
import type { SlotVariant, SpellingSlots } from './channel.js';

export function spellingPriorsOf(language: LanguageCode): SpellingPriors {
  return SPELLING_BY_LANGUAGE[language] ?? DEFAULT_SPELLING;
}

/** Drops zero-probability variants and merges equal texts. */
function slot(variants: readonly SlotVariant[]): SlotVariant[] {
  const merged = new Map<string, number>();
  for (const variant of variants) {
    if (variant.probability <= 0) continue;
    merged.set(variant.text, (merged.get(variant.text) ?? 0) + variant.probability);
  }
  return [...merged].map(([text, probability]) => ({ text, probability }));
}

function suffixSlot(description: MoveDescription, priors: SpellingPriors): SlotVariant[] {
  if (description.mate) {
    const { hash, plus, doublePlus, cross, none } = priors.mate;
    return slot([{ text: '#', probability: hash }, { text: '+', probability: plus }, { text: '++', probability: doublePlus },
      { text: 'X', probability: cross }, { text: '', probability: none }]);
  }
  if (description.check) return slot([{ text: '+', probability: priors.check.plus }, { text: '', probability: priors.check.none }]);
  return [];
}

/** The spellings of one move for a writer of `language`. */
export function moveSpellings(description: MoveDescription, language: LanguageCode, priors: SpellingPriors = spellingPriorsOf(language)): SpellingSlots {
  const profile = languageProfile(language) ?? languageProfile('en');
  const letter = (role: MoveDescription['piece']): string => (profile ? letterOf(profile, role) : '');
  const slots: SlotVariant[][] = [];
  const suffix = suffixSlot(description, priors);
  if (description.castle) {
    const base = description.castle === 'king' ? ['O-O', '0-0'] : ['O-O-O', '0-0-0'];
    slots.push(slot([{ text: base[0], probability: 1 - priors.castlingZeros }, { text: base[1], probability: priors.castlingZeros }]));
    if (suffix.length > 0) slots.push(suffix);
    return slots;
  }
  const from = squareName(description.from);
  const to = squareName(description.to);
  const pawn = description.piece === 'pawn';
  if (!pawn) slots.push([{ text: letter(description.piece), probability: 1 }]);
  let sanOrigin = '';
  if (pawn) sanOrigin = description.capture ? from[0] : '';
  else if (description.disambiguation === 'file') sanOrigin = from[0];
  else if (description.disambiguation === 'rank') sanOrigin = from[1];
  else if (description.disambiguation === 'both') sanOrigin = from;
  const san = 1 - priors.longForm;
  if (description.capture) {
    slots.push(slot([{ text: sanOrigin, probability: san }, { text: from, probability: priors.longForm }]));
    slots.push(slot([{ text: 'x', probability: priors.capture.x }, { text: ':', probability: priors.capture.colon },
      { text: '', probability: priors.capture.none }]));
  } else {
    slots.push(slot([{ text: sanOrigin, probability: san }, { text: `${from}-`, probability: priors.longForm * priors.longDash },
      { text: from, probability: priors.longForm * (1 - priors.longDash) }]));
  }
  if (pawn && description.capture && !description.promotion) {
    slots.push(slot([{ text: to, probability: 1 - priors.pawnCaptureFilesOnly }, { text: to[0], probability: priors.pawnCaptureFilesOnly }]));
  } else {
    slots.push([{ text: to, probability: 1 }]);
  }
  if (description.promotion) {
    const promoted = letter(description.promotion);
    const { equals, plain, parentheses, slash } = priors.promotion;
    slots.push(slot([{ text: `=${promoted}`, probability: equals }, { text: promoted, probability: plain },
      { text: `(${promoted})`, probability: parentheses }, { text: `/${promoted}`, probability: slash }]));
  }
  if (suffix.length > 0) slots.push(suffix);
  if (description.enPassant) {
    slots.push(slot([{ text: '', probability: priors.enPassant.none }, { text: 'e.p.', probability: priors.enPassant.dotted },
      { text: 'ep', probability: priors.enPassant.plain }]));
  }
  return slots;
}

/**
 * The characters every spelling of the slots holds (per slot, those all its variants share, as many times as each
 * shares them): a reader's bound of these bounds every spelling (`CellScoreBound`, `EmissionModel.emissionBound`).
 */
export function sharedCharacters(slots: SpellingSlots): string {
  let shared = '';
  for (const variants of slots) {
    const written = variants.filter((variant) => variant.probability > 0);
    if (written.length === 0) continue;
    let common = [...written[0].text];
    for (const variant of written.slice(1)) {
      const left = [...variant.text];
      common = common.filter((character) => {
        const at = left.indexOf(character);
        if (at < 0) return false;
        left.splice(at, 1);
        return true;
      });
    }
    shared += common.join('');
  }
  return shared;
}

/** The likeliest single spelling (the most probable variant of each slot). */
export function likeliestSpelling(slots: SpellingSlots): string {
  return slots.map((variants) => variants.reduce((best, variant) => (variant.probability > best.probability ? variant : best)).text).join('');
}

/** Every spelling the slots allow, one by one (a handful of slots of at most five variants each). */
/** Every spelling with its prior probability (the product of its slots' variants). */
export function* weightedSpellings(slots: SpellingSlots, index = 0, prefix = '', probability = 1): Generator<{ text: string; probability: number }> {
  if (index === slots.length) {
    yield { text: prefix, probability };
    return;
  }
  for (const variant of slots[index]) yield* weightedSpellings(slots, index + 1, prefix + variant.text, probability * variant.probability);
}

export function* eachSpelling(slots: SpellingSlots, index = 0, prefix = ''): Generator<string> {
  if (index === slots.length) {
    yield prefix;
    return;
  }
  for (const variant of slots[index]) yield* eachSpelling(slots, index + 1, prefix + variant.text);
}
