/**
 * The language a sheet was printed in (its QR code) as the decoder's prior for the piece letters: searched first and
 * favoured, but never forced on a game whose letters say otherwise.
 */
import { describe, expect, it } from 'vitest';
import { decodeSheets, PRINTED_LANGUAGE_ODDS, type Sheet } from '../src/index.js';
import { likelyLanguage } from '../src/internal.js';
import { cellsOf } from '../src/readings.js';

const languageOf = (sheet: Sheet, printedLanguage?: 'pl' | 'en' | 'de'): string => {
  const decoded = decodeSheets(sheet, printedLanguage ? { printedLanguage } : {});
  if (!decoded.ok) throw new Error(decoded.error.message);
  return decoded.value.language;
};

describe('the printed language', () => {
  // Pawn moves and castling only: every language writes them alike, so only the prior can say which it is.
  const pawns: Sheet = { name: 'white', cells: cellsOf(['e4', 'e5', 'd4', 'exd4', 'c3', 'dxc3', 'b3', 'cxb2']) };
  // Piece letters no other language has: Polish S (knight), G (bishop), H (queen).
  const polish: Sheet = { name: 'white', cells: cellsOf(['e4', 'e5', 'Sf3', 'Sc6', 'Gb5', 'a6', 'Ga4', 'Sf6', '0-0', 'Ge7', 'He2', 'b5']) };

  it('decides a game whose letters cannot, and is searched first', () => {
    expect(PRINTED_LANGUAGE_ODDS).toBeGreaterThan(1);
    expect(languageOf(pawns, 'pl')).toBe('pl');
    expect(languageOf(pawns, 'de')).toBe('de');
    expect(likelyLanguage(pawns, { printedLanguage: 'de' })).toBe('de');
  });

  it('gives way to the letters the game is written in', () => {
    expect(languageOf(polish)).toBe('pl');
    expect(languageOf(polish, 'en')).toBe('pl');
  });

  it('gives way to a language the caller names', () => {
    const decoded = decodeSheets(pawns, { language: 'en', printedLanguage: 'pl' });
    expect(decoded.ok && decoded.value.language).toBe('en');
  });
});
