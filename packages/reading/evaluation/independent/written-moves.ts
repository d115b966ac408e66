/**
 * What a writer puts in a cell for a move: English SAN restyled to the sheet's language and the writer's habits
 * (@zapis/notation's restyleSan), and the slip they may write first and cross out.
 */
import { restyleSan, type LanguageCode } from '@zapis/notation';
import type { NotationHabits } from './hand.js';
import type { Random } from './random.js';

export function writtenMove(san: string, language: LanguageCode, habits: NotationHabits): string {
  const text = restyleSan(san, {
    language, capture: habits.capture, castling: habits.castling, mate: habits.mate,
    check: habits.checks ? '+' : 'none', promotion: habits.promotion,
  });
  if (text === undefined) throw new Error(`not export SAN: ${san}`);
  return text;
}

const FILES = 'abcdefgh';
const RANKS = '12345678';

/** A wrong version of `text` a writer might start: a square's file or rank off by one. */
export function slipOf(text: string, random: Random): string {
  const places = [...text].flatMap((character, index) => (FILES.includes(character) || RANKS.includes(character) ? [index] : []));
  if (places.length === 0) return text.length > 1 ? text.slice(0, -1) : `${text}1`;
  const index = random.pick(places);
  const alphabet = FILES.includes(text[index]) ? FILES : RANKS;
  const at = alphabet.indexOf(text[index]);
  const neighbour = alphabet[at === 0 ? 1 : at === 7 ? 6 : at + (random.chance(0.5) ? 1 : -1)];
  return text.slice(0, index) + neighbour + text.slice(index + 1);
}
