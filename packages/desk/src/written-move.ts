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
 * A move given as English SAN at the ply whose position before is `fen`, in the game's language. An
 * alternative may come from a game that went otherwise earlier, so it need not be legal in `fen`: then its
 * letters and marks are translated as text.
 */
export function writtenSan(fen: string, san: string, language: string): string {
  if (language === 'en' || language === 'auto') return san;
  const position = parseFen(fen);
  if (position.ok) {
    const move = parseSan(position.value, san);
    if (move.ok) return writtenMove(describeMove(position.value, move.value), language);
  }
  return translatedSan(san, language);
}

const ENGLISH_ROLES = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight' } as const;

function translatedSan(san: string, language: string): string {
  const profile = languageProfile(language as LanguageCode);
  if (!profile) return san;
  let text = san.replace(/[KQRBN]/g, (letter) => profile.letters[ENGLISH_ROLES[letter as keyof typeof ENGLISH_ROLES]]);
  if (language === 'pl') text = text.replace('x', ':').replace(/O/g, '0').replace(/#$/, 'X').replace('=', '');
  return text;
}
