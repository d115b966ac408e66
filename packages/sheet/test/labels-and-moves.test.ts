import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharedPath, skipWithoutShared } from '@zapis/testkit';
import { SHEET_LABELS, SHEET_LANGUAGES, normaliseResult, pairPlies, sheetsNeeded } from '../src/index.js';

describe('labels', () => {
  it('has every word in every language', () => {
    const keys = Object.keys(SHEET_LABELS.en);
    for (const language of SHEET_LANGUAGES) {
      const labels = SHEET_LABELS[language];
      expect(Object.keys(labels).sort()).toEqual([...keys].sort());
      for (const [key, value] of Object.entries(labels)) {
        if (typeof value === 'string') expect(value.trim(), `${language}.${key}`).not.toBe('');
      }
      expect(labels.sheetOf(2, 3)).toMatch(/2.*3/);
    }
  });

  it('writes Polish with its diacritics', () => {
    const pl = SHEET_LABELS.pl;
    expect([pl.whitePlayer, pl.blackPlayer, pl.event, pl.round, pl.board, pl.result, pl.whiteSignature, pl.original])
      .toEqual(['Biały', 'Czarny', 'Turniej', 'Runda', 'Szachownica', 'Wynik', 'Podpis białego', 'Oryginał']);
  });

  it.skipIf(skipWithoutShared())("hints at each language's piece letters from piece-letters.md", () => {
    const table = readFileSync(sharedPath('docs', 'piece-letters.md'), 'utf8');
    for (const language of SHEET_LANGUAGES) {
      const row = table.split('\n').find((line) => line.startsWith(`| ${language} |`));
      expect(row, language).toBeDefined();
      const letters = (row as string).split('|').slice(3, 8).map((cell) => cell.trim()).join(' ');
      expect(SHEET_LABELS[language].notationHint.startsWith(letters), `${language}: ${letters}`).toBe(true);
    }
  });
});

describe('written moves', () => {
  it('pairs half-moves into numbered moves', () => {
    expect(pairPlies(['e4', 'e5', 'Sf3'])).toEqual([{ white: 'e4', black: 'e5' }, { white: 'Sf3' }]);
    expect(pairPlies([])).toEqual([]);
  });

  it('counts sheets and reads results', () => {
    expect([sheetsNeeded(0, 60), sheetsNeeded(60, 60), sheetsNeeded(61, 60)]).toEqual([1, 1, 2]);
    expect(['1-0', '0-1', '½-½', '1/2-1/2', '0,5-0,5', '*'].map(normaliseResult)).toEqual(['1-0', '0-1', '1/2-1/2', '1/2-1/2', '1/2-1/2', undefined]);
  });
});
