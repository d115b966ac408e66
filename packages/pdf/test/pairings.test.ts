import { describe, expect, it } from 'vitest';
import { formatPairingsError, parsePairings, parsePairingsCsv, parsePairingsJson } from '../src/index.js';

describe('pairings from CSV', () => {
  it('reads quoted names, semicolons, ratings and optional columns', () => {
    const csv = [
      'Round;Board;White;White Elo;Black;Black_Rating;White FIDE ID;Black club',
      '5;1;"Kowalski, Jan";2301;"Nowak, Łucja";2250;1100001;KS Polonia',
      '5;2;Dvořák, Jiří;;Müller, Jürgen;1999;;',
    ].join('\n');
    const result = parsePairingsCsv(csv, 'round5.csv');
    expect(result).toEqual({
      ok: true,
      value: [
        { round: '5', board: '1', white: { name: 'Kowalski, Jan', rating: '2301', fideId: '1100001' }, black: { name: 'Nowak, Łucja', rating: '2250', federation: 'KS Polonia' } },
        { round: '5', board: '2', white: { name: 'Dvořák, Jiří' }, black: { name: 'Müller, Jürgen', rating: '1999' } },
      ],
    });
  });

  it('names the file and line of a malformed row', () => {
    const csv = 'board,white,black\n1,A,B\n2,C\n3,E,F\n';
    const result = parsePairingsCsv(csv, 'round.csv');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.line).toBe(3);
    expect(formatPairingsError(result.error)).toMatch(/^round\.csv:3: /);
  });

  it('names the line of a row missing a player or with a bad rating', () => {
    const missing = parsePairingsCsv('board,white,black\n1,A,B\n\n2,,D\n', 'r.csv');
    expect(missing.ok === false && formatPairingsError(missing.error)).toBe("r.csv:4: board 2: missing White's name");
    const rating = parsePairingsCsv('board,white,white_rating,black\n1,A,abc,B\n', 'r.csv');
    expect(rating.ok === false && formatPairingsError(rating.error)).toBe('r.csv:2: board 1: white rating "abc" is not a number');
  });

  it('says which column the header lacks, and refuses empty files', () => {
    const tableForBoard = parsePairingsCsv('Table,White,Black\n4,A,B\n', 'r.csv');
    expect(tableForBoard.ok && tableForBoard.value[0].board).toBe('4');
    const noBlack = parsePairingsCsv('board,white,opponent\n1,A,B\n', 'r.csv');
    expect(noBlack.ok === false && noBlack.error.message).toMatch(/no "black" column/);
    expect(parsePairingsCsv('', 'r.csv').ok).toBe(false);
    expect(parsePairingsCsv('board,white,black\n', 'r.csv').ok).toBe(false);
  });
});

describe('pairings from JSON', () => {
  it('reads a plain array and the { round, pairings } form with nested players', () => {
    const flat = parsePairingsJson('[{"board": 1, "white": "A", "black": "B", "whiteRating": 2000}]', 'r.json');
    expect(flat).toEqual({ ok: true, value: [{ board: '1', white: { name: 'A', rating: '2000' }, black: { name: 'B' } }] });
    const nested = parsePairings(JSON.stringify({
      round: 4,
      pairings: [{ board: '7', white: { name: 'Świątek', rating: 1800, fideId: 42 }, black: { name: 'Ząbek', federation: 'POL' } }],
    }), 'round.JSON');
    expect(nested).toEqual({
      ok: true,
      value: [{ round: '4', board: '7', white: { name: 'Świątek', rating: '1800', fideId: '42' }, black: { name: 'Ząbek', federation: 'POL' } }],
    });
  });

  it('places JSON syntax errors on a line', () => {
    const result = parsePairingsJson('[\n  {"board": 1,\n  "white": }\n]', 'r.json');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.line).toBe(3);
    expect(formatPairingsError(result.error)).toBe('r.json:3:12: invalid JSON: value expected');
  });

  it('names the entry that is incomplete', () => {
    const result = parsePairingsJson('[{"board": 1, "white": "A"}]', 'r.json');
    expect(result.ok === false && result.error.message).toBe("pairing 1: board 1: missing Black's name");
  });

  it('refuses an unknown field or a value of the wrong kind, at its line and column, instead of leaving it off the sheet', () => {
    const text = '[\n  {"board": 1, "white": "A", "black": "B"},\n  {"board": 2, "white": {"name": "C", "ratng": 1900}, "black": "D"}\n]';
    const typo = parsePairingsJson(text, 'r.json');
    expect(typo.ok === false && formatPairingsError(typo.error)).toBe('r.json:3:39: pairing 2: white.ratng: unknown field (a player has name, rating, fideId, federation)');
    const nested = parsePairingsJson('[{"board": 1, "white": "A", "black": ["B"]}]', 'r.json');
    expect(nested.ok === false && formatPairingsError(nested.error)).toBe('r.json:1:38: pairing 1: black: expected a string or number');
    const wrapper = parsePairingsJson('{"round": 3, "pairing": []}', 'r.json');
    expect(wrapper.ok === false && formatPairingsError(wrapper.error)).toMatch(/^r\.json:1:14: pairing: unknown field/);
    const fide = parsePairingsJson('[{"board": 1, "white": "A", "black": "B", "blackFideId": "12x"}]', 'r.json');
    expect(fide.ok === false && fide.error.message).toBe('pairing 1: board 1: black FIDE ID "12x" is not a number');
  });

  it('refuses the same board twice in one round', () => {
    const twice = parsePairingsJson('[{"board": 1, "white": "A", "black": "B"},\n{"board": 1, "white": "C", "black": "D"}]', 'r.json');
    expect(twice.ok === false && formatPairingsError(twice.error)).toBe('r.json:2:1: pairing 2: board 1 again (first in pairing 1)');
    const sections = parsePairingsJson('[{"board": 1, "section": "A", "white": "A", "black": "B"}, {"board": 1, "section": "B", "white": "C", "black": "D"}]', 'r.json');
    expect(sections.ok).toBe(true);
  });
});

describe('pairings CSV: columns', () => {
  it('refuses a misspelt player column and a board given twice, skips columns about something else', () => {
    const misspelt = parsePairingsCsv('board,white,black,white_ratng\n1,A,B,1800\n', 'r.csv');
    expect(misspelt.ok === false && formatPairingsError(misspelt.error)).toMatch(/^r\.csv:1: unknown column "white_ratng"/);
    const twice = parsePairingsCsv('board,white,black\n1,A,B\n1,C,D\n', 'r.csv');
    expect(twice.ok === false && formatPairingsError(twice.error)).toBe('r.csv:3: board 1 again (first on line 2)');
    const extra = parsePairingsCsv('board,white,black,result\n1,A,B,1-0\n', 'r.csv');
    expect(extra.ok && extra.value).toEqual([{ board: '1', white: { name: 'A' }, black: { name: 'B' } }]);
  });
});
