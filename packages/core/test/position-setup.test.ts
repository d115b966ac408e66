/**
 * Position.fromSetup is the checked way in: every impossible position gets its
 * named reason, every real FEN of ../shared/perft gets through, and parseFen
 * answers with the same reasons because it uses the same checker.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { readPerftSuite, sharedPath, skipWithoutShared } from '@zapis/testkit';
import {
  Position, makeFen, parseFen, parseSquare, type PositionSetup, type SetupProblem,
} from '../src/index.js';

const skip = skipWithoutShared();

/** A setup from a FEN's fields, built by hand so fromSetup (not parseFen) does the checking. */
function setupOf(placement: string, turn: 'white' | 'black' = 'white', extra: Partial<PositionSetup> = {}): PositionSetup {
  const board = new Array<number>(64).fill(0);
  const codes: Record<string, number> = { p: 1, n: 2, b: 3, r: 4, q: 5, k: 6 };
  placement.split('/').forEach((rank, index) => {
    let file = 0;
    for (const char of rank) {
      if (/\d/.test(char)) file += Number(char);
      else board[(7 - index) * 8 + file++] = codes[char.toLowerCase()] | (char === char.toLowerCase() ? 8 : 0);
    }
  });
  return { board, turn, castleRooks: [-1, -1, -1, -1], epSquare: -1, halfmoves: 0, fullmoves: 1, chess960: false, ...extra };
}

const square = (name: string): number => parseSquare(name) ?? -1;

describe('Position.fromSetup rejects each impossible position with its reason', () => {
  const impossible: readonly [string, PositionSetup, SetupProblem, RegExp][] = [
    ['a board of 63 squares', { ...setupOf('4k3/8/8/8/8/8/8/4K3'), board: new Array<number>(63).fill(0) }, 'board-size', /63 squares/],
    ['a code that is no piece', { ...setupOf('4k3/8/8/8/8/8/8/4K3'), board: Object.assign(new Array<number>(64).fill(0), { 4: 6, 60: 14, 20: 7 }) }, 'unknown-piece', /e3 holds 7/],
    ['no white king', setupOf('4k3/8/8/8/8/8/8/8'), 'missing-king', /no white king/],
    ['no black king', setupOf('8/8/8/8/8/8/8/4K3'), 'missing-king', /no black king/],
    ['two white kings', setupOf('4k3/8/8/8/8/8/8/3KK3'), 'too-many-kings', /2 white kings/],
    ['a white pawn on the eighth rank', setupOf('P3k3/8/8/8/8/8/8/4K3'), 'pawn-on-back-rank', /white pawn on a8/],
    ['a black pawn on the first rank', setupOf('4k3/8/8/8/8/8/8/p3K3'), 'pawn-on-back-rank', /black pawn on a1/],
    ['nine white pawns', setupOf('4k3/8/8/8/8/P7/PPPPPPPP/4K3'), 'too-many-pieces', /9 white pawns/],
    ['seventeen white pieces', setupOf('4k3/8/8/8/Q7/8/PPPPPPPP/RNBQKBNR'), 'too-many-pieces', /17 white pieces/],
    ['the side not to move in check', setupOf('4k3/4R3/8/8/8/8/8/4K3'), 'opposite-check', /side not to move \(black\)/],
    ['three pieces giving check', setupOf('4r1k1/8/8/8/1b6/3n4/8/4K3'), 'impossible-check', /attacked by 3 pieces/],
    ['castling without the rook', setupOf('4k3/8/8/8/8/8/8/4K3', 'white', { castleRooks: [square('h1'), -1, -1, -1] }), 'bad-castling-rights', /no white rook stands on h1/],
    ['castling with the king off its first rank', setupOf('4k3/8/8/8/8/8/4K3/7R', 'white', { castleRooks: [square('h1'), -1, -1, -1] }), 'bad-castling-rights', /king is not on its first rank/],
    ['castling with the rook on the wrong side', setupOf('4k3/8/8/8/8/8/8/R3K3', 'white', { castleRooks: [square('a1'), -1, -1, -1] }), 'bad-castling-rights', /wrong side of the king/],
    ['Chess960 castling in a standard setup', setupOf('4k3/8/8/8/8/8/8/3K3R', 'white', { castleRooks: [square('h1'), -1, -1, -1] }), 'bad-castling-rights', /Chess960 castling/],
    ['an en-passant square on the wrong rank', setupOf('4k3/8/8/4p3/8/8/8/4K3', 'white', { epSquare: square('e3') }), 'bad-en-passant-square', /rank 6/],
    ['an en-passant square with no pawn in front', setupOf('4k3/8/8/8/8/8/8/4K3', 'white', { epSquare: square('e6') }), 'bad-en-passant-square', /no black pawn on e5/],
    ['an en-passant square the pawn could not have crossed', setupOf('4k3/4n3/8/4p3/8/8/8/4K3', 'white', { epSquare: square('e6') }), 'bad-en-passant-square', /e7 is not empty/],
    ['a negative halfmove clock', setupOf('4k3/8/8/8/8/8/8/4K3', 'white', { halfmoves: -1 }), 'bad-move-counters', /halfmove clock -1/],
    ['fullmove number 0', setupOf('4k3/8/8/8/8/8/8/4K3', 'white', { fullmoves: 0 }), 'bad-move-counters', /fullmove number 0/],
  ];
  for (const [name, setup, reason, message] of impossible) {
    it(name, () => {
      const result = Position.fromSetup(setup);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.reason).toBe(reason);
      expect(result.error.message).toMatch(message);
    });
  }

  it('accepts a possible position and builds it as described', () => {
    const result = Position.fromSetup(setupOf('r3k2r/8/8/3pP3/8/8/8/R3K2R', 'white', {
      castleRooks: [square('h1'), square('a1'), square('h8'), square('a8')], epSquare: square('d6'), halfmoves: 0, fullmoves: 12,
    }));
    expect(result.ok && makeFen(result.value)).toBe('r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 12');
  });

  it('lets a board of queens through only when asked', () => {
    const queens = setupOf('kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ');
    expect(Position.fromSetup(queens).ok).toBe(false);
    expect(Position.fromSetup(queens, { allowExcessMaterial: true }).ok).toBe(true);
  });

  it('parseFen names the same reasons', () => {
    const parsed = parseFen('4k3/4R3/8/8/8/8/8/4K3 w - - 0 1');
    expect(parsed.ok || parsed.error).toMatchObject({ field: 'board', reason: 'opposite-check' });
    const ep = parseFen('4k3/8/8/8/8/8/8/4K3 w - e6 0 1');
    expect(ep.ok || ep.error).toMatchObject({ field: 'epSquare', reason: 'bad-en-passant-square' });
  });
});

describe.skipIf(skip)('Position.fromSetup accepts the real positions of ../shared/perft', () => {
  it('every FEN of every suite, rebuilt from its setup, is the same position', () => {
    const files = readdirSync(sharedPath('perft'));
    let checked = 0;
    const failures: string[] = [];
    for (const file of files) {
      for (const { fen } of readPerftSuite(sharedPath('perft', file))) {
        const parsed = parseFen(fen, { allowExcessMaterial: true });
        if (!parsed.ok) {
          failures.push(`${file}: ${fen}: ${parsed.error.message}`);
          continue;
        }
        const position = parsed.value;
        const setup: PositionSetup = {
          board: Array.from(position.board as ArrayLike<number>),
          turn: position.turn,
          castleRooks: [
            position.castlingRook('white', 'king') ?? -1, position.castlingRook('white', 'queen') ?? -1,
            position.castlingRook('black', 'king') ?? -1, position.castlingRook('black', 'queen') ?? -1,
          ],
          epSquare: position.epSquare,
          halfmoves: position.halfmoves,
          fullmoves: position.fullmoves,
          chess960: position.chess960,
        };
        const rebuilt = Position.fromSetup(setup, { allowExcessMaterial: true });
        if (!rebuilt.ok) failures.push(`${file}: ${fen}: ${rebuilt.error.reason}: ${rebuilt.error.message}`);
        else if (rebuilt.value.hash !== position.hash || makeFen(rebuilt.value) !== makeFen(position)) failures.push(`${file}: ${fen}: rebuilt differently`);
        checked++;
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(8000);
  });
});
