/** FEN, X-FEN and Shredder-FEN in and out; errors that name the field and the reason. */
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { readPerftSuite, sharedPath, skipWithoutShared } from '@zapis/testkit';
import { INITIAL_FEN, makeFen, parseFen, type FenField } from '../src/index.js';

const skip = skipWithoutShared();

/**
 * The input with clocks filled in, as makeFen writes them, and castling letters
 * sorted: Shredder-FEN files order them either way (HFhf, EGeg).
 */
function normalise(fen: string): string {
  const fields = fen.trim().split(/\s+/);
  if (fields.length === 4) fields.push('0', '1');
  if (fields.length === 5) fields.push('1');
  fields[2] = [...fields[2]].sort().join('');
  return fields.join(' ');
}

describe.skipIf(skip)('FEN round trip on every position of ../shared/perft', () => {
  const files = skip ? [] : readdirSync(sharedPath('perft')).filter((name) => /\.(perft|epd)$/.test(name));

  it('finds the perft files', () => {
    expect(files.length).toBeGreaterThanOrEqual(7);
  });

  for (const file of files) {
    it(file, () => {
      const cases = readPerftSuite(sharedPath('perft', file));
      expect(cases.length).toBeGreaterThan(0);
      for (const { fen } of cases) {
        const parsed = parseFen(fen, { allowExcessMaterial: true });
        if (!parsed.ok) throw new Error(`${file}: ${fen}: ${parsed.error.field}: ${parsed.error.message}`);
        const castlingField = fen.trim().split(/\s+/)[2];
        const castling = /[A-Ha-h]/.test(castlingField) ? 'shredder' : 'xfen';
        expect(normalise(makeFen(parsed.value, { castling, epSquare: 'recorded' }))).toBe(normalise(fen));
        // And what we write reads back to the same position.
        const again = parseFen(makeFen(parsed.value), { allowExcessMaterial: true });
        expect(again.ok && again.value.hash).toBe(parsed.value.hash);
      }
    });
  }
});

describe('FEN details', () => {
  it('starts from the initial position', () => {
    const parsed = parseFen(INITIAL_FEN);
    expect(parsed.ok && makeFen(parsed.value)).toBe(INITIAL_FEN);
  });

  it('accepts EPD-style FEN without clocks', () => {
    const parsed = parseFen('4k3/8/8/8/8/8/8/4K2R w K -');
    expect(parsed.ok && makeFen(parsed.value)).toBe('4k3/8/8/8/8/8/8/4K2R w K - 0 1');
  });

  it('writes X-FEN with a file letter for an inner rook and Shredder-FEN on request', () => {
    // Two white rooks on the king side: the inner one (f1) keeps the right.
    const parsed = parseFen('rk4r1/8/8/8/8/8/8/1K3R1R w F - 0 1');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.chess960).toBe(true);
    expect(makeFen(parsed.value)).toBe('rk4r1/8/8/8/8/8/8/1K3R1R w F - 0 1');
    expect(makeFen(parsed.value, { castling: 'shredder' })).toBe('rk4r1/8/8/8/8/8/8/1K3R1R w F - 0 1');
    const outer = parseFen('rk4r1/8/8/8/8/8/8/1K3R1R w H - 0 1');
    expect(outer.ok && makeFen(outer.value)).toBe('rk4r1/8/8/8/8/8/8/1K3R1R w K - 0 1');
  });

  it('omits an en-passant square no legal capture can use, unless asked for the recorded one', () => {
    const parsed = parseFen('rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(makeFen(parsed.value)).toBe('rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
    expect(makeFen(parsed.value, { epSquare: 'recorded' })).toContain(' d6 ');
    const usable = parseFen('rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3');
    expect(usable.ok && makeFen(usable.value)).toContain(' d6 ');
  });
});

describe('broken FENs are answered with the field and the reason', () => {
  const broken: readonly [string, FenField, RegExp][] = [
    ['', 'fen', /fields/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR', 'fen', /4 to 6/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1', 'board', /8 ranks/],
    ['rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'board', /rank 7 has more than 8/],
    ['rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'board', /rank 7 has 7 squares/],
    ['rnbqkbnr/pppppppp/8/8/4X3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'board', /unexpected character 'X' in rank 4/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w KQkq - 0 1', 'board', /2 white kings/],
    ['rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1', 'board', /no black king/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/PNBQKBNR w kq - 0 1', 'board', /white pawn on a1/],
    ['rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1', 'board', /white pawn on h8/],
    ['4k3/8/8/8/8/8/4r3/4K3 b - - 0 1', 'board', /side not to move \(white\) is in check/],
    ['4k3/4R3/8/8/8/8/8/4K3 w - - 0 1', 'board', /side not to move \(black\) is in check/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1', 'turn', /'x' is not 'w' or 'b'/],
    ['rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'castling', /no black rook on the king side/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w K - 0 1', 'castling', /no white rook on the king side/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqZ - 0 1', 'castling', /unexpected character 'Z'/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KG - 0 1', 'castling', /no white rook on g1/],
    ['4k3/8/8/8/8/8/4K3/7R w K - 0 1', 'castling', /white king is not on its first rank/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1', 'epSquare', /'e9' is not a square/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1', 'epSquare', /rank 6/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1', 'epSquare', /e7 is not empty|no black pawn on e5/],
    ['rnbqkbnr/pppp1ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1', 'epSquare', /no black pawn on e5/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1', 'halfmoves', /not a non-negative whole number/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 zero', 'fullmoves', /not a non-negative whole number/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0', 'fullmoves', /starts at 1/],
    ['4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra', 'fen', /4 to 6/],
    ['4r1k1/8/8/8/1b6/3n4/8/4K3 w - - 0 1', 'board', /attacked by 3 pieces/],
  ];

  for (const [fen, field, reason] of broken) {
    it(`${fen || '(empty)'} → ${field}`, () => {
      const parsed = parseFen(fen);
      expect(parsed.ok).toBe(false);
      if (parsed.ok) return;
      expect(parsed.error.field).toBe(field);
      expect(parsed.error.message).toMatch(reason);
    });
  }
});
