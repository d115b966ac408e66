/**
 * A move as the sheet's writers would write it: the game's notation language
 * with that language's usual marks (Polish: `Sf3`, `e4:d5`, `0-0`, mate `X`).
 * The desk shows moves this way so that they read like the scan beside them;
 * the standard English SAN stays the move's identity.
 */
import { describeMove, parseFen, type MoveDescription } from '@zapis/core';
import { languageProfile, parseSan, POLISH_STYLE, STANDARD_SAN_STYLE, writeMove, type LanguageCode, type MoveStyle } from '@zapis/notation';

const styleOf = (language: string): MoveStyle => (language === 'pl' ? POLISH_STYLE : { language: language as LanguageCode });

/** The move in the game's language, from its description. */
export function writtenMove(description: MoveDescription, language: string): string {
  return writeMove(description, language === 'en' || language === 'auto' ? STANDARD_SAN_STYLE : styleOf(language));
}

/**
 * A move given as English SAN at the ply whose position before is `fen`, in the game's language, and whether it
 * is legal there. An alternative may come from a game that went otherwise earlier, so it need not be: then its
 * letters and marks are translated as text, and confirming it changes moves before it.
 */
export function sanAt(fen: string, san: string, language: string): { readonly written: string; readonly legal: boolean } {
  const position = parseFen(fen);
  const move = position.ok ? parseSan(position.value, san) : undefined;
  const legal = move?.ok === true;
  if (language === 'en' || language === 'auto') return { written: san, legal };
  if (position.ok && move?.ok) return { written: writtenMove(describeMove(position.value, move.value), language), legal };
  return { written: translatedSan(san, language), legal };
}

/** `sanAt`'s writing alone. */
export function writtenSan(fen: string, san: string, language: string): string {
  if (language === 'en' || language === 'auto') return san;
  return sanAt(fen, san, language).written;
}

const ENGLISH_ROLES = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight' } as const;

function translatedSan(san: string, language: string): string {
  const profile = languageProfile(language as LanguageCode);
  if (!profile) return san;
  let text = san.replace(/[KQRBN]/g, (letter) => profile.letters[ENGLISH_ROLES[letter as keyof typeof ENGLISH_ROLES]]);
  if (language === 'pl') text = text.replace('x', ':').replace(/O/g, '0').replace(/#$/, 'X').replace('=', '');
  return text;
}
