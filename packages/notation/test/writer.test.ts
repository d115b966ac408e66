import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MoveDescription } from '@zapis/core';
import {
  LANGUAGE_CODES, parsePgn, POLISH_STYLE, restyleSan, writeMove, writePgn, writePgnMainline, type LanguageCode, type MoveStyle, type MoveToken,
  type WritableMove,
} from '../src/index.js';
import { describeLine, describeRandomLine } from './chess.js';
import { moveAt, onlyGame } from './helpers.js';

const RUY_LOPEZ = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1b5', 'a7a6', 'b5c6', 'd7c6', 'e1g1'];

describe('writeMove', () => {
  const [e4, , nf3, , , , bxc6, dxc6, castle] = describeLine(RUY_LOPEZ);

  it('writes standard English SAN by default', () => {
    expect(describeLine(RUY_LOPEZ).map((description) => writeMove(description))).toEqual(
      ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Bxc6', 'dxc6', 'O-O'],
    );
  });

  it('writes Polish as on a scoresheet', () => {
    expect(writeMove(nf3, POLISH_STYLE)).toBe('Sf3');
    expect(writeMove(bxc6, POLISH_STYLE)).toBe('G:c6');
    expect(writeMove(dxc6, POLISH_STYLE)).toBe('d:c6');
    expect(writeMove(dxc6, { ...POLISH_STYLE, capture: 'none' })).toBe('dc6');
    expect(writeMove(castle, POLISH_STYLE)).toBe('0-0');
  });

  it('writes other languages, figurines, long form and UCI', () => {
    expect(writeMove(nf3, { language: 'fr' })).toBe('Cf3');
    expect(writeMove(bxc6, { language: 'de' })).toBe('Lxc6');
    expect(writeMove(bxc6, { language: 'ru' })).toBe('Сxc6');
    expect(writeMove(nf3, { figurine: true })).toBe('♘f3');
    expect(writeMove(nf3, { figurine: 'black' })).toBe('♞f3');
    expect(writeMove(nf3, { form: 'long', language: 'pl' })).toBe('Sg1-f3');
    expect(writeMove(e4, { form: 'long', longSeparator: '' })).toBe('e2e4');
    expect(writeMove(dxc6, { form: 'long', capture: ':' })).toBe('d7:c6');
    expect(writeMove(castle, { form: 'uci' })).toBe('e1g1');
    expect(writeMove(castle, { form: 'uci', chess960: true })).toBe('e1h1');
  });

  it('writes promotions, en passant and mate in every style', () => {
    const [promotion] = describeLine(['d7d8q'], '8/3P3k/8/8/8/8/8/K7 w - - 0 1');
    expect(writeMove(promotion)).toBe('d8=Q');
    expect(writeMove(promotion, { promotion: 'plain', language: 'pl' })).toBe('d8H');
    expect(writeMove(promotion, { promotion: '()' })).toBe('d8(Q)');
    expect(writeMove(promotion, { promotion: '/', language: 'pl' })).toBe('d8/H');
    expect(writeMove(promotion, { form: 'uci' })).toBe('d7d8q');
    const [, enPassant] = describeLine(['e7e5', 'd5e6'], '4k3/4p3/8/3P4/8/8/8/4K3 b - - 0 1');
    expect(writeMove(enPassant, { enPassant: 'e.p.' })).toBe('dxe6 e.p.');
    expect(writeMove(enPassant, { ...POLISH_STYLE, capture: ':', enPassant: 'e.p.' })).toBe('d:e6 e.p.');
    const mate = describeLine(['f2f3', 'e7e5', 'g2g4', 'd8h4']);
    expect(mate[3].mate).toBe(true);
    expect(writeMove(mate[3])).toBe('Qh4#');
    expect(writeMove(mate[3], POLISH_STYLE)).toBe('Hh4X');
    expect(writeMove(mate[3], { mate: '++' })).toBe('Qh4++');
  });
});

const STYLE_FENS = [
  undefined,
  'r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1',
  '7k/P1P5/8/8/8/8/p1p5/4K3 w - - 0 1',
  '4k3/8/8/2pPp3/8/8/8/4K3 w - c6 0 1',
  '1k6/8/8/3N1N2/8/3N1N2/R6R/4K3 w - - 0 1',
];

const styleArbitrary: fc.Arbitrary<MoveStyle> = fc.record({
  language: fc.constantFrom(...LANGUAGE_CODES),
  figurine: fc.constantFrom<MoveStyle['figurine']>(false, 'white', 'black'),
  form: fc.constantFrom<NonNullable<MoveStyle['form']>>('san', 'san', 'long', 'uci'),
  capture: fc.constantFrom<NonNullable<MoveStyle['capture']>>('x', ':', 'none'),
  longSeparator: fc.constantFrom<'-' | ''>('-', ''),
  castling: fc.constantFrom<'O-O' | '0-0'>('O-O', '0-0'),
  mate: fc.constantFrom<'#' | 'X' | '++'>('#', 'X', '++'),
  promotion: fc.constantFrom<NonNullable<MoveStyle['promotion']>>('=', 'plain', '()', '/'),
  enPassant: fc.constantFrom<NonNullable<MoveStyle['enPassant']>>('none', 'e.p.', 'ep'),
});

/** True when one of the token's readings, in the style's language, says what the description says. */
function readsBack(token: MoveToken, description: MoveDescription, style: MoveStyle): boolean {
  const language: LanguageCode = style.language ?? 'en';
  return token.readings.some((reading) => {
    if (reading.languages !== 'any' && (style.figurine || !reading.languages.includes(language))) return false;
    if (style.form !== 'uci' && description.castle) return reading.castle === description.castle;
    if (reading.to !== description.to || reading.promotion !== description.promotion) return false;
    if (!reading.anyPiece && reading.piece !== description.piece) return false;
    if (reading.fromFile !== undefined && reading.fromFile !== (description.from & 7)) return false;
    if (reading.fromRank !== undefined && reading.fromRank !== description.from >> 3) return false;
    return true;
  });
}

describe('written moves read back (property)', () => {
  it('a move written in any profile and style parses to a matching reading', () => {
    fc.assert(
      fc.property(fc.constantFrom(...STYLE_FENS), fc.array(fc.nat(), { minLength: 1, maxLength: 60 }), styleArbitrary,
        (fen, choices, style) => {
          for (const description of describeRandomLine(choices, fen)) {
            const text = writeMove(description, style);
            const game = onlyGame(text);
            expect(game.problems, text).toEqual([]);
            const token = moveAt(game, 0);
            expect(readsBack(token, description, style), `${text} in ${JSON.stringify(style)}`).toBe(true);
            if (style.form !== 'uci' && description.mate) expect(token.checkMark).toBe(style.mate);
            if (description.enPassant && style.form !== 'uci' && style.enPassant !== 'none') expect(token.enPassantMark).toBe(true);
          }
        }),
      { numRuns: 300 },
    );
  });
});

describe('writePgn (PGN export format)', () => {
  const line = describeLine(RUY_LOPEZ);
  const moves: WritableMove[] = line.map((description) => ({ description }));

  it('writes the Seven Tag Roster first and in order, then other tags, escaped', () => {
    const text = writePgn({
      tags: [['ECO', 'C68'], ['White', 'Kasparov, "Garry"'], ['Event', 'A\\B'], ['Black', 'Deep Blue']],
      moves, result: '1-0',
    });
    const tags = text.split('\n').filter((row) => row.startsWith('['));
    expect(tags).toEqual([
      '[Event "A\\\\B"]', '[Site "?"]', '[Date "????.??.??"]', '[Round "?"]', '[White "Kasparov, \\"Garry\\""]',
      '[Black "Deep Blue"]', '[Result "1-0"]', '[ECO "C68"]',
    ]);
    expect(text).toContain('\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O 1-0\n\n');
    const [parsed] = parsePgn(text);
    expect(parsed.tags.find((tag) => tag.name === 'White')?.value).toBe('Kasparov, "Garry"');
    expect(parsed.tags.find((tag) => tag.name === 'Event')?.value).toBe('A\\B');
  });

  it('keeps movetext lines within 80 columns', () => {
    const long = describeRandomLine(Array.from({ length: 200 }, (_, index) => (index * 7919) % 101));
    const text = writePgn({
      tags: { Event: 'Long' },
      moves: long.map((description, index) => ({ description, ...(index % 10 === 0 ? { comments: [`note ${'word '.repeat(index % 30)}`] } : {}) })),
    });
    const rows = text.split('\n');
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) expect(row.length, row).toBeLessThanOrEqual(80);
    const [parsed] = parsePgn(text);
    expect(parsed.problems).toEqual([]);
    expect(parsed.moves).toHaveLength(long.length);
  });

  it('writes comments, NAGs, variations, draw offers and black move numbers, and reads them back', () => {
    const [alternative] = describeLine(['c7c5'], 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
    const text = writePgn({
      comments: ['A game'],
      moves: [
        { description: line[0], nags: [1], comments: ['best by test, {braces} gone'] },
        { description: line[1], variations: [[{ description: alternative, comments: ['Sicilian'] }]] },
        { description: line[2], drawOffer: true },
      ],
      result: '*',
    });
    // `}` cannot appear inside a PGN comment, so it is written as `)`.
    expect(text.replace(/\n/g, ' ')).toContain('{A game} 1. e4 $1 {best by test, {braces) gone} 1... e5 (1... c5 {Sicilian}) 2. Nf3 (=) *');
    const game = onlyGame(text);
    expect(game.problems).toEqual([]);
    expect(game.comments[0].text).toBe('A game');
    expect(moveAt(game, 0).nags[0].value).toBe(1);
    expect(moveAt(game, 1).variations[0].moves[0].text).toBe('c5');
    expect(moveAt(game, 2).drawOffer).toBe(true);
  });

  it('numbers a game that starts with black', () => {
    const [black] = describeLine(['c7c5'], 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 12');
    expect(writePgn({ moves: [{ description: black }], firstMove: { number: 12, side: 'black' } })).toContain('\n12... c5 *\n');
  });

  it('writes 100,000 nested variations without overflowing the stack', () => {
    const [e4] = describeLine(['e2e4']);
    let innermost: WritableMove[] = [{ description: e4 }];
    const outer = innermost;
    for (let depth = 0; depth < 100_000; depth++) {
      const next: WritableMove[] = [{ description: e4 }];
      innermost[0] = { description: e4, variations: [next] };
      innermost = next;
    }
    const text = writePgn({ moves: outer });
    expect(text.split('(').length - 1).toBe(100_000);
  });
});

describe('writePgnMainline and the publishers’ options of writePgn', () => {
  it('writes what writePgn writes for the same mainline, in every SAN style and line length', () => {
    const tags: [string, string][] = [['White', 'Ńowak, "Jan"'], ['ECO', 'B01'], ['Event', 'Tab\there']];
    for (const [index, choices] of [[7919, 101], [104729, 37], [31, 3]].entries()) {
      const line = describeRandomLine(Array.from({ length: 150 + index * 40 }, (_, ply) => (ply * choices[0]) % choices[1]));
      for (const style of [{}, POLISH_STYLE, { language: 'de', check: 'none' }, { figurine: 'black', promotion: '/' }] as MoveStyle[]) {
        for (const maxLineLength of [80, 40, 5]) {
          const words = line.map((description) => restyleSan(writeMove(description), style));
          expect(words.every((word) => word !== undefined)).toBe(true);
          expect(writePgnMainline({ tags, moves: words as string[], result: '*' }, { maxLineLength })).toBe(
            writePgn({ tags, moves: line.map((description) => ({ description })), result: '*' }, { moveStyle: style, maxLineLength }),
          );
        }
      }
    }
  });

  it('glyphs: the first NAG of 1-6 glued to its move, the rest as $n, and they read back in order', () => {
    const [e4, e5, nf3] = describeLine(['e2e4', 'e7e5', 'g1f3']);
    const text = writePgn({ moves: [{ description: e4, nags: [3] }, { description: e5, nags: [14, 6] }, { description: nf3, nags: [5, 1], drawOffer: true }] }, { glyphs: true });
    expect(text).toContain('\n1. e4!! e5 $14 $6 2. Nf3!? (=) $1 *\n');
    const moves = onlyGame(text).moves;
    expect(moves.map((move) => move.nags.map((nag) => nag.value))).toEqual([[3], [14, 6], [5, 1]]);
  });

  it('moveNumbers false writes bare moves, in variations too', () => {
    const [e4, e5, c5] = describeLine(['e2e4', 'e7e5']).concat(describeLine(['c7c5'], 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'));
    const text = writePgn({ moves: [{ description: e4 }, { description: e5, variations: [[{ description: c5 }]] }] }, { moveNumbers: false, moveStyle: { form: 'uci' } });
    expect(text.split('\n\n')[1]).toBe('e2e4 e7e5 (c7c5) *');
  });
});
