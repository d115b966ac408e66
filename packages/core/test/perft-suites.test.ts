/** Perft against the node counts of ../shared/perft: the move generator's exam. */
import { describe, expect, it } from 'vitest';
import { readPerftSuite, sharedPath, skipWithoutShared, type PerftCase } from '@zapis/testkit';
import { parseFen, perftPosition, perft } from '../src/index.js';
import { perftByCopy } from '../src/internal.js';

const skip = skipWithoutShared();

function checkSuite(cases: readonly PerftCase[], maxDepth: number): { positions: number; nodes: number } {
  let nodes = 0;
  const failures: string[] = [];
  for (const testCase of cases) {
    const parsed = parseFen(testCase.fen, { allowExcessMaterial: true });
    if (!parsed.ok) {
      failures.push(`${testCase.id}: ${parsed.error.field}: ${parsed.error.message}`);
      continue;
    }
    for (let depth = 1; depth <= maxDepth; depth++) {
      const expected = testCase.counts[depth];
      if (expected === undefined) continue;
      const actual = perftPosition(parsed.value, depth);
      nodes += actual;
      if (actual !== expected) failures.push(`${testCase.id} ${testCase.fen} depth ${depth}: ${actual} != ${expected}`);
    }
  }
  expect(failures).toEqual([]);
  return { positions: cases.length, nodes };
}

describe.skipIf(skip)('perft suites from ../shared/perft', () => {
  it('python-chess random positions, depths 1-3', () => {
    const cases = readPerftSuite(sharedPath('perft', 'python-chess_random.perft'));
    expect(cases.length).toBe(6838);
    const { nodes } = checkSuite(cases, 3);
    expect(nodes).toBeGreaterThan(1_000_000);
  });

  it('python-chess Chess960 positions, depths 1-3', () => {
    const cases = readPerftSuite(sharedPath('perft', 'python-chess_chess960.perft'));
    expect(cases.length).toBe(960);
    checkSuite(cases, 3);
  });

  for (const file of ['python-chess_tricky.perft', 'scalachess_tricky.perft', 'shakmaty_tricky.perft']) {
    it(`${file}, depths 1-4`, () => {
      const cases = readPerftSuite(sharedPath('perft', file));
      expect(cases.length).toBeGreaterThan(5);
      checkSuite(cases, 4);
    });
  }

  for (const file of ['pychess_perftsuite.epd', 'pychess_perftsuite2.epd', 'pychess_frc_perftsuite.epd']) {
    it(`${file}, depths 1-3`, () => {
      const cases = readPerftSuite(sharedPath('perft', file));
      expect(cases.length).toBeGreaterThan(3);
      checkSuite(cases, 3);
    });
  }
});

describe('perft entry points', () => {
  const kiwipete = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

  it('perft(fen, depth) from the package root', () => {
    expect(perft(kiwipete, 3)).toBe(97862);
    expect(perft('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 4)).toBe(197281);
  });

  it('make/unmake and copy-make agree and leave the position untouched', () => {
    const parsed = parseFen(kiwipete);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const position = parsed.value;
    const hashBefore = position.hash;
    expect(perftByCopy(position, 3)).toBe(perftPosition(position, 3));
    expect(position.hash).toBe(hashBefore);
    expect(position.undoDepth).toBe(0);
  });

  it('rejects an invalid FEN with the field named', () => {
    expect(() => perft('8/8/8/8 w - - 0 1', 1)).toThrow(/board/);
  });
});
