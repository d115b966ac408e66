/** disambiguationsOf (all of a position's moves at once) must agree with disambiguationOf asked move by move. */
import { describe, expect, it } from 'vitest';
import { readPerftSuite, sharedPath, skipWithoutShared } from '@zapis/testkit';
import { makeFen, moveToUci, parseFen } from '../src/index.js';
import { DISAMBIGUATIONS, disambiguationOf, disambiguationsOf, generateLegalMoves, newMoveBuffer } from '../src/internal.js';

const skip = skipWithoutShared();

/** Every position to `depth` from `fen`: the moves whose two answers differ, and how many of each answer were seen. */
function compare(fen: string, depth: number): { failures: string[]; seen: Map<string, number> } {
  const parsed = parseFen(fen, { allowExcessMaterial: true });
  if (!parsed.ok) throw new Error(parsed.error.message);
  const position = parsed.value;
  const failures: string[] = [];
  const seen = new Map<string, number>();
  const walk = (level: number): void => {
    const moves = newMoveBuffer();
    const count = generateLegalMoves(position, moves);
    const codes = new Uint8Array(count);
    disambiguationsOf(position, moves, count, codes);
    for (let i = 0; i < count; i++) {
      const one = disambiguationOf(position, moves[i], moves, count);
      seen.set(one, (seen.get(one) ?? 0) + 1);
      if (DISAMBIGUATIONS[codes[i]] !== one) failures.push(`${makeFen(position)} ${moveToUci(moves[i], position.chess960)}: ${DISAMBIGUATIONS[codes[i]]}, not ${one}`);
    }
    if (level <= 1) return;
    for (let i = 0; i < count; i++) {
      position.playUnchecked(moves[i]);
      walk(level - 1);
      position.undo();
    }
  };
  walk(depth);
  return { failures, seen };
}

describe('disambiguationsOf', () => {
  it.each([
    // Three queens on one file and rank (file, rank and both), knights and rooks sharing squares, promotions.
    ['7k/8/8/1Q1Q4/8/1Q6/8/K7 w - - 0 1', 2, ['none', 'file', 'rank', 'both']],
    ['k7/8/8/2N1N3/8/2N1N3/8/1R2K2R w K - 0 1', 2, ['none', 'file', 'rank']],
    ['r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1', 3, ['none', 'file']],
  ] as const)('agrees move by move from %s', (fen, depth, kinds) => {
    const { failures, seen } = compare(fen, depth);
    expect(failures.slice(0, 5)).toEqual([]);
    // The positions do need each kind of disambiguation listed: the comparison is not of 'none' alone.
    for (const kind of kinds) expect(seen.get(kind) ?? 0, kind).toBeGreaterThan(0);
  });

  it.skipIf(skip)('agrees move by move in 6,838 random positions and their replies', () => {
    const failures: string[] = [];
    let needed = 0;
    for (const { fen } of readPerftSuite(sharedPath('perft', 'python-chess_random.perft'))) {
      const result = compare(fen, 2);
      failures.push(...result.failures);
      needed += [...result.seen].filter(([kind]) => kind !== 'none').reduce((sum, [, count]) => sum + count, 0);
    }
    expect(failures.slice(0, 5)).toEqual([]);
    expect(needed).toBeGreaterThan(1000);
  });
});
