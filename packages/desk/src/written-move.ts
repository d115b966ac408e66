/**
 * A move as the sheet's writers would write it: the game's notation language
 * with that language's usual marks (Polish: `Sf3`, `e4:d5`, `0-0`, mate `X`).
 * The desk shows moves this way so that they read like the scan beside them;
 * the standard English SAN stays the move's identity.
 */
import { describeMove, englishSan, legalMoves, parseFen, type MoveDescription } from '@zapis/core';
import { languageProfile, POLISH_STYLE, writeMove, type LanguageCode, type MoveStyle } from '@zapis/notation';

const styleOf = (language: string): MoveStyle => (language === 'pl' ? POLISH_STYLE : { language: language as LanguageCode });

/** The move in the game's language, from its description. */
export function writtenMove(description: MoveDescription, language: string): string {
  return language === 'en' || language === 'auto' ? englishSan(description) : writeMove(description, styleOf(language));
}

/**
 * A move given as English SAN at the ply whose position before is `fen`, in the game's language. An
 * alternative may come from a game that went otherwise earlier, so it need not be legal in `fen`: then its
 * letters and marks are translated as text.
 */
export function writtenSan(fen: string, san: string, language: string): string {
  if (language === 'en' || language === 'auto') return san;
  const position = parseFen(fen);
  const bare = san.replace(/[+#]+$/, '');
  if (position.ok) {
    for (const move of legalMoves(position.value)) {
      const description = describeMove(position.value, move);
      if (englishSan(description).replace(/[+#]+$/, '') === bare) return writtenMove(description, language);
    }
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
