/**
 * White's and Black's sheets in different piece letters (FIDE lets each player write in their own language):
 * the Janowski – Lasker transcription (Polish letters, OCR noise) beside the same game written cleanly in English
 * letters, decoded jointly. Each sheet must be read in its own letters, not taken for a sheet of corrections.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '@zapis/testkit';
import { decodeSheets, type DecodedGame, type Sheet } from '../src/index.js';
import { likelyLanguage } from '../src/internal.js';
import { cellsOf } from '../src/readings.js';
import { sheetsInOneLanguage } from '../src/sheet-languages.js';
import { parseTranscription } from '../src/transcription.js';

const transcription = readFileSync(join(REPOSITORY_ROOT, 'fixtures', 'scoresheets', 'janowski-lasker-1912.pl.txt'), 'utf8');
const [polish] = parseTranscription(transcription).map((game) => game.sheet);

const game = (sheets: Sheet | readonly Sheet[], language?: 'pl' | 'en'): DecodedGame => {
  const decoded = decodeSheets(sheets, language ? { language } : {});
  if (!decoded.ok) throw new Error(decoded.error.message);
  return decoded.value;
};

describe('two sheets in different piece letters', () => {
  const alone = game(polish);
  // Black's sheet: the game as decoded from White's, in English letters, one move per cell.
  const english: Sheet = { name: 'black', cells: cellsOf(alone.moves.map((move) => move.san)) };
  const corrections = (decoded: DecodedGame, sheet: number): number =>
    decoded.moves.filter((move) => move.cells[sheet]?.corrected === true).length;

  it('reads each sheet in its own letters: the game of either sheet, and no correction for the letters', () => {
    expect(alone.language).toBe('pl');
    const joint = game([polish, english]);
    expect(joint.language).toBe('pl');
    expect(joint.moves.map((move) => move.san)).toEqual(alone.moves.map((move) => move.san));
    // The English sheet reads every move as written.
    expect(corrections(joint, 1)).toBe(0);
    // Its texts are read in the game's letters (the decoder's accounts show them so).
    const knight = joint.moves.find((move) => move.san.startsWith('N'))!;
    expect(knight.cells[1]?.text).toMatch(/^S/u);
    // The same with the sheets the other way round: the game is read in the first sheet's letters.
    const swapped = game([english, polish]);
    expect(swapped.language).toBe('en');
    expect(swapped.moves.map((move) => move.san)).toEqual(alone.moves.map((move) => move.san));
    expect(corrections(swapped, 0)).toBe(0);
  });

  it('reads a sheet in the language asked for, and leaves sheets in one set of letters as they are', () => {
    const asked = game([polish, english], 'en');
    expect(asked.language).toBe('en');
    expect(asked.moves.map((move) => move.san)).toEqual(alone.moves.map((move) => move.san));
    expect(corrections(asked, 1)).toBe(0);
    // The Polish sheet, read in English letters, has only its own misreadings corrected, as when read alone.
    expect(corrections(asked, 0)).toBe(corrections(alone, 0));
    expect(sheetsInOneLanguage([polish, polish])).toBeUndefined();
    expect(sheetsInOneLanguage([english, english])).toBeUndefined();
    expect(sheetsInOneLanguage([polish])).toBeUndefined();
    const translated = sheetsInOneLanguage([polish, english]);
    expect(translated?.language).toBe('pl');
    expect(translated?.sheets[0]).toBe(polish);
    expect(translated?.sheets[1].cells[2].readings[0].text).toBe('Sf3');
  });
});

describe('the letters a decode searches first (likelyLanguage)', () => {
  it('names the letters the decode keeps, the letters given, the game\u2019s for two sheets in different letters, and nothing for no readings', () => {
    const english: Sheet = { name: 'black', cells: cellsOf(game(polish).moves.map((move) => move.san)) };
    expect(likelyLanguage(polish)).toBe(game(polish).language);
    expect(likelyLanguage(english)).toBe('en');
    expect(likelyLanguage(english)).toBe(game(english).language);
    expect(likelyLanguage(polish, { language: 'en' })).toBe('en');
    expect(likelyLanguage(polish, { language: 'auto' })).toBe('pl');
    expect(likelyLanguage([polish, english])).toBe(game([polish, english]).language);
    expect(likelyLanguage(polish, { languages: ['de', 'pl'] })).toBe('de');
    expect(likelyLanguage({ name: 'blank', cells: cellsOf(['', ' ']) })).toBeUndefined();
  });
});
