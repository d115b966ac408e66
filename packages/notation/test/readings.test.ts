import { describe, expect, it } from 'vitest';
import { LANGUAGE_PROFILES, readMove, type MoveReading } from '../src/index.js';
import { interpretMove } from '../src/move-readings.js';
import { letterClashes } from '../src/languages.js';
import { readingFor } from './helpers.js';

const summary = (readings: readonly MoveReading[]): Record<string, readonly string[] | 'any'> =>
  Object.fromEntries(readings.map((reading) => [reading.promotion ? `${reading.piece}=${reading.promotion}` : reading.piece, reading.languages]));

describe('readings in every language', () => {
  it('gives language-free tokens one reading for any language', () => {
    for (const text of ['e4', 'exd5', 'O-O', '0-0-0', 'ed5', 'e2e4']) {
      const readings = readMove(text);
      expect(readings, text).toHaveLength(1);
      expect(readings[0].languages).toBe('any');
    }
  });

  it('reads Sf3 as a knight in pl/de/sv… and a bishop in cs/sk', () => {
    const readings = summary(readMove('Sf3'));
    expect(readings.knight).toEqual(expect.arrayContaining(['pl', 'de', 'sv', 'hr']));
    expect(readings.bishop).toEqual(['cs', 'sk']);
  });

  it('reads Be4 as bishop (en, pt, is), rook (hu) and pawn (de, sv)', () => {
    const readings = summary(readMove('Be4'));
    expect(readings.bishop).toEqual(['en', 'pt', 'is']);
    expect(readings.rook).toEqual(['hu']);
    expect(readings.pawn).toEqual(expect.arrayContaining(['de', 'sv']));
  });

  it('reads Rf1 as rook (en), king (fr, es, it, pt, ro) and knight (fi, is)', () => {
    const readings = summary(readMove('Rf1'));
    expect(readings.rook).toEqual(['en']);
    expect(readings.king).toEqual(['fr', 'es', 'it', 'pt', 'ro']);
    expect(readings.knight).toEqual(expect.arrayContaining(['fi', 'is']));
  });

  it('reads promotion letters per language: d8H is a queen in pl, a knight in hu, a rook in is', () => {
    const readings = summary(readMove('d8H'));
    expect(readings['pawn=queen']).toEqual(['pl']);
    expect(readings['pawn=knight']).toEqual(['hu']);
    expect(readings['pawn=rook']).toEqual(['is']);
  });

  it('reads every promotion style alike', () => {
    for (const text of ['d8=Q', 'd8Q', 'd8(Q)', 'd8/Q']) {
      expect(readingFor(readMove(text), 'en'), text).toMatchObject({ piece: 'pawn', to: 59, promotion: 'queen' });
    }
    expect(interpretMove('d8(Q)')?.promotionStyle).toBe('()');
    expect(interpretMove('d8/Q')?.promotionStyle).toBe('/');
    expect(interpretMove('d8Q')?.promotionStyle).toBe('plain');
  });

  it('tells a lowercase file from an uppercase piece', () => {
    expect(readMove('bxc3')).toEqual([{ languages: 'any', figurine: false, piece: 'pawn', fromFile: 1, to: 18 }]);
    expect(readingFor(readMove('Bxc3'), 'en')).toMatchObject({ piece: 'bishop', to: 18 });
    expect(readingFor(readMove('Bxc3'), 'en')?.fromFile).toBeUndefined();
  });

  it('reads long forms, captures and UCI', () => {
    expect(interpretMove('e2-e4')).toMatchObject({ form: 'long', readings: [{ piece: 'pawn', fromFile: 4, fromRank: 1, to: 28 }] });
    expect(readingFor(readMove('Sg1f3'), 'pl')).toMatchObject({ piece: 'knight', fromFile: 6, fromRank: 0, to: 21 });
    expect(readingFor(readMove('Sg1-f3'), 'de')).toMatchObject({ piece: 'knight', fromFile: 6, fromRank: 0, to: 21 });
    expect(interpretMove('e5:d6')).toMatchObject({ form: 'long', captureMark: ':' });
    expect(readingFor(readMove('Hd1xd4'), 'pl')).toMatchObject({ piece: 'queen', fromFile: 3, fromRank: 0, to: 27 });
    expect(interpretMove('e7e8q')).toMatchObject({ form: 'uci', readings: [{ to: 60, promotion: 'queen', anyPiece: true, languages: 'any' }] });
    expect(interpretMove('g1f3')?.readings[0]).toMatchObject({ anyPiece: true, fromFile: 6, fromRank: 0, to: 21 });
  });

  it('reads the short pawn capture with a destination file only', () => {
    expect(readMove('ed')).toEqual([{ languages: 'any', figurine: false, piece: 'pawn', fromFile: 4, toFile: 3 }]);
    expect(interpretMove('e:d')).toMatchObject({ captureMark: ':', readings: [{ fromFile: 4, toFile: 3 }] });
  });

  it('reads castling, check and mate marks', () => {
    for (const text of ['O-O', '0-0', 'o-o', '0–0']) expect(readMove(text)[0], text).toMatchObject({ castle: 'king', piece: 'king' });
    for (const text of ['O-O-O', '0-0-0', '0–0–0']) expect(readMove(text)[0], text).toMatchObject({ castle: 'queen' });
    expect(interpretMove('Qh5+')?.checkMark).toBe('+');
    expect(interpretMove('Qf7#')?.checkMark).toBe('#');
    expect(interpretMove('Hf7X')?.checkMark).toBe('X');
    expect(interpretMove('Qf7++')?.checkMark).toBe('++');
    expect(interpretMove('O-O-O+')?.checkMark).toBe('+');
  });

  it('reads en passant marks', () => {
    expect(interpretMove('exd6e.p.')?.enPassantMark).toBe(true);
    expect(interpretMove('exd6ep')?.enPassantMark).toBe(true);
  });

  it('reads figurines of both colours', () => {
    expect(readMove('♘f3')).toEqual([{ languages: 'any', figurine: true, piece: 'knight', to: 21 }]);
    expect(readMove('♞xe4')[0]).toMatchObject({ figurine: true, piece: 'knight', to: 28 });
    expect(readMove('♔e2')[0].piece).toBe('king');
    expect(readMove('♛d1')[0].piece).toBe('queen');
    expect(readMove('e8=♕')[0]).toMatchObject({ piece: 'pawn', promotion: 'queen' });
  });

  it('reads Cyrillic letters', () => {
    expect(summary(readMove('Кре2'))).toEqual({ king: ['ru', 'uk'] });
    expect(summary(readMove('Кf3'))).toEqual({ knight: ['ru', 'uk', 'bg'] });
    expect(summary(readMove('Лd1'))).toEqual({ rook: ['ru'] });
    expect(summary(readMove('Фh5'))).toEqual({ queen: ['ru', 'uk'] });
    expect(summary(readMove('Цg1'))).toEqual({ king: ['bg'] });
  });

  it('rejects what no language reads', () => {
    for (const text of ['Xe4', 'e9', 'i4', 'pawn', 'Nf3xyz', 'e4e', 'Qe']) expect(readMove(text), text).toEqual([]);
  });

  it('reads each profile\'s own letters as its own pieces', () => {
    for (const profile of LANGUAGE_PROFILES) {
      for (const role of ['king', 'queen', 'rook', 'bishop', 'knight'] as const) {
        const reading = readingFor(readMove(`${profile.letters[role]}d4`), profile.code);
        expect(reading?.piece, `${profile.code} ${role}`).toBe(role);
      }
    }
  });

  it('derives the clash list from the table', () => {
    const clashes = new Map(letterClashes().map((clash) => [clash.letter, clash.meanings.map((meaning) => meaning.role)]));
    expect(clashes.get('R')).toEqual(expect.arrayContaining(['rook', 'king', 'knight']));
    expect(clashes.get('B')).toEqual(expect.arrayContaining(['bishop', 'rook', 'pawn']));
    expect(clashes.get('S')).toEqual(expect.arrayContaining(['knight', 'bishop']));
    expect(clashes.get('H')).toEqual(expect.arrayContaining(['queen', 'knight', 'rook']));
    expect(clashes.has('W')).toBe(false);
  });
});
