import { describe, expect, it } from 'vitest';
import { SHEET_LABELS, SHEET_LANGUAGES, formatPgnDate, formatTimeControl } from '../src/index.js';

const english = SHEET_LABELS.en;

describe('formatTimeControl (PGN standard 9.6.1)', () => {
  it.each([
    ['5400+30', '90 min + 30 s'],
    ['300', '5 min'],
    ['180+2', '3 min + 2 s'],
    ['90', '1 min 30 s'],
    ['45', '45 s'],
    ['40/7200:1800+30', '120 min / 40 moves, 30 min + 30 s'],
    ['40/9000:3600', '150 min / 40 moves, 60 min'],
    ['40/5400+30:1800+30', '90 min / 40 moves + 30 s, 30 min + 30 s'],
    ['*180', 'sandglass 3 min'],
    ['-', 'no time control'],
  ])('%s → %s', (tag, printed) => {
    expect(formatTimeControl(tag, english)).toBe(printed);
  });

  it('leaves an unknown time control blank', () => {
    expect(formatTimeControl('?', english)).toBeUndefined();
    expect(formatTimeControl('  ', english)).toBeUndefined();
  });

  it('prints what is not in the PGN form as written, never half-converted', () => {
    // "1:30:00" is valid PGN grammar (three sudden-death periods) but means a clock reading: only the last period may lack a move count.
    for (const text of ['90 min + 30 s', 'G/60', '40/7200:blitz', '5400+', '1:30:00', '0+30', '7200:1800']) {
      expect(formatTimeControl(text, english)).toBe(text);
    }
  });

  it('writes the words in the sheet language', () => {
    expect(formatTimeControl('5400+30', SHEET_LABELS.pl)).toBe('90 min + 30 s');
    expect(formatTimeControl('40/7200:1800+30', SHEET_LABELS.de)).toBe('120 Min. / 40 Züge, 30 Min. + 30 Sek.');
    expect(formatTimeControl('40/7200:1800+30', SHEET_LABELS.ru)).toBe('120 мин / 40 ходов, 30 мин + 30 с');
    expect(formatTimeControl('5400+30', SHEET_LABELS.hu)).toBe('90 perc + 30 mp');
    expect(formatTimeControl('-', SHEET_LABELS.fr)).toBe('sans contrôle du temps');
    for (const language of SHEET_LANGUAGES) {
      const printed = formatTimeControl('40/7200:1800+30', SHEET_LABELS[language]) ?? '';
      expect(printed, language).toMatch(/^120 \S+ \/ 40 .+, 30 \S+ \+ 30 \S+$/u);
      expect(formatTimeControl('*60', SHEET_LABELS[language]), language).toMatch(/^\S.* 1 \S+$/u);
    }
  });
});

describe('formatPgnDate', () => {
  it.each([
    ['2024.05.17', '2024.05.17'],
    ['2024.05.??', '2024.05'],
    ['2024.??.??', '2024'],
    ['????.??.??', undefined],
    ['????.05.17', '    .05.17'],
    ['2024.??.17', '2024.  .17'],
    ['', undefined],
    ['?', undefined],
    // Not a PGN date: printed as written.
    ['17 May 2024', '17 May 2024'],
    ['2024-05-17', '2024-05-17'],
  ])('%j → %j', (tag, printed) => {
    expect(formatPgnDate(tag)).toBe(printed);
  });

  it('never prints a question mark for a PGN date', () => {
    for (const year of ['2024', '????']) for (const month of ['05', '??']) for (const day of ['17', '??']) {
      expect(formatPgnDate(`${year}.${month}.${day}`) ?? '').not.toContain('?');
    }
  });
});
