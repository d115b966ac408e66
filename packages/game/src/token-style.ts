/**
 * The style a token was written in (language, capture and castling marks, form),
 * so a suggestion reads like the record it corrects: `8...Se7 → 8...Ge7`, not `Be7`.
 */
import type { MoveDescription } from '@zapis/core';
import { writeMove, type LanguageCode, type MoveStyle, type MoveToken } from '@zapis/notation';

export function styleOfToken(token: MoveToken, language: LanguageCode | undefined): MoveStyle {
  const figurine = token.readings.some((reading) => reading.figurine);
  return {
    ...(language ? { language } : {}),
    ...(figurine ? { figurine: true } : {}),
    form: token.form,
    capture: token.captureMark,
    castling: token.text.includes('0') ? '0-0' : 'O-O',
    check: token.checkMark === 'none' ? 'none' : '+',
    mate: token.checkMark === 'X' ? 'X' : token.checkMark === '++' ? '++' : '#',
    promotion: token.promotionStyle === 'none' ? 'plain' : token.promotionStyle,
  };
}

/** The move written the way `token` was written. */
export function writeLike(token: MoveToken, description: MoveDescription, language: LanguageCode | undefined): string {
  return writeMove(description, styleOfToken(token, language));
}
