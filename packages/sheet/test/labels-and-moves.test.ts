import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, LANGUAGE_PROFILES } from '@zapis/notation';
import { SHEET_LABELS, SHEET_LANGUAGES, firstPlyOfFen, normaliseResult, pairPlies, sheetsNeeded } from '../src/index.js';

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

  it('covers every language the notation reads, and no other', () => {
    expect([...SHEET_LANGUAGES].sort()).toEqual([...LANGUAGE_CODES].sort());
    expect(new Set(SHEET_LANGUAGES).size).toBe(SHEET_LANGUAGES.length);
  });

  it("hints at each language's own piece letters (king, queen, rook, bishop, knight), as the notation reads them", () => {
    for (const profile of LANGUAGE_PROFILES) {
      const { king, queen, rook, bishop, knight } = profile.letters;
      const hint = SHEET_LABELS[profile.code].notationHint;
      expect(hint.startsWith(`${king} ${queen} ${rook} ${bishop} ${knight} · `), `${profile.code}: ${hint}`).toBe(true);
    }
  });

  it('writes each language in its own script', () => {
    for (const language of ['ru', 'uk', 'bg'] as const) {
      expect(SHEET_LABELS[language].title, language).toMatch(/^[\p{Script=Cyrillic}\s]+$/u);
      expect(SHEET_LABELS[language].whiteSignature, language).toMatch(/^[\p{Script=Cyrillic}\s]+$/u);
    }
    expect(SHEET_LABELS.tr.notationHint.startsWith('Ş ')).toBe(true);
    expect([SHEET_LABELS.hu.title, SHEET_LABELS.ru.arbiterSignature, SHEET_LABELS.de.arbiterSignature])
      .toEqual(['JÁTSZMALAP', 'Подпись судьи', 'Unterschrift Schiedsrichter']);
  });

  it('keeps the words apart: the players and the arbiter sign in differently named boxes', () => {
    for (const language of SHEET_LANGUAGES) {
      const labels = SHEET_LABELS[language];
      expect(new Set([labels.whiteSignature, labels.blackSignature, labels.arbiterSignature]).size, language).toBe(3);
      expect(labels.whiteCopy, language).not.toBe(labels.blackCopy);
    }
  });
});

describe('written moves', () => {
  it('pairs half-moves into numbered moves', () => {
    expect(pairPlies(['e4', 'e5', 'Sf3'])).toEqual([{ white: 'e4', black: 'e5' }, { white: 'Sf3' }]);
    expect(pairPlies([])).toEqual([]);
  });

  it('starts a game from a set-up position at its move number and side to move', () => {
    const fromBlack = pairPlies(['e5', 'Sf3', 'Sc6'], { moveNumber: 23, side: 'black' });
    expect(fromBlack).toHaveLength(24);
    expect(fromBlack.slice(0, 22).every((move) => move.white === undefined && move.black === undefined)).toBe(true);
    expect(fromBlack.slice(22)).toEqual([{ black: 'e5' }, { white: 'Sf3', black: 'Sc6' }]);
    expect(pairPlies(['Kb2'], { moveNumber: 1, side: 'black' })).toEqual([{ black: 'Kb2' }]);
    expect(pairPlies(['a8=Q'], { moveNumber: 40, side: 'white' })[39]).toEqual({ white: 'a8=Q' });
    expect(firstPlyOfFen('8/P7/8/8/8/8/8/k6K b - - 3 57')).toEqual({ moveNumber: 57, side: 'black' });
    expect(firstPlyOfFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')).toEqual({ moveNumber: 1, side: 'white' });
    // A FEN without move counters (EPD-like) starts at move 1.
    expect(firstPlyOfFen('8/8/8/8/8/8/8/k6K w - -')).toEqual({ moveNumber: 1, side: 'white' });
  });

  it('counts sheets and reads results', () => {
    expect([sheetsNeeded(0, 60), sheetsNeeded(60, 60), sheetsNeeded(61, 60)]).toEqual([1, 1, 2]);
    expect(['1-0', '0-1', '½-½', '1/2-1/2', '0,5-0,5', '*'].map(normaliseResult)).toEqual(['1-0', '0-1', '1/2-1/2', '1/2-1/2', '1/2-1/2', undefined]);
  });
});
