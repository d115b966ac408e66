/**
 * Where the game ends on a boxed sheet: the printed character boxes of the empty cells after the last move are print,
 * not writing (issue 54's reproduction: a 20-ply game printed with `zapis print --lang pl --style boxed --game`), and an
 * empty cell inside the game is a gap reported at its place.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CtcReader } from '@zapis/ocr';
import { loadNodeRecognizer } from '@zapis/ocr/node';
import { decodeGroup } from '../src/read-game.js';
import { readGameDiagnostics } from '../src/read-report.js';
import { readFixture } from './support/read-fixture.js';

describe('a boxed sheet filled up to ply 20 of 120', () => {
  let reader: CtcReader;
  beforeAll(async () => {
    reader = new CtcReader(await loadNodeRecognizer());
  });
  afterAll(async () => {
    await reader.dispose();
  });

  it('ends where the writing ends: every move right, nothing invented, no break, no unexplained cells', async () => {
    const { read, truth } = await readFixture('boxed-pl.png', reader);
    expect(read.cells.map((cell) => cell.place.ply)).toEqual(truth.san.map((_, index) => index + 1));
    expect(read.cells.every((cell) => cell.written)).toBe(true);
    const game = decodeGroup({ players: [{ name: 'player', pages: [{ file: 'boxed-pl.png', page: 1, read }] }] });
    if (!game.decoded.ok) throw new Error(game.decoded.error.message);
    expect(game.decoded.value.moves.map((move) => move.san)).toEqual(truth.san);
    expect(game.decoded.value.language).toBe('pl');
    expect(game.problems).toEqual([]);
  });

  it('reads an empty cell inside the game as a gap: the move the game needs, reported at that cell', async () => {
    const { read, truth } = await readFixture('boxed-pl-gap.png', reader);
    const gap = truth.written.indexOf('') + 1;
    expect(read.cells.filter((cell) => !cell.written).map((cell) => cell.place.ply)).toEqual([gap]);
    const game = decodeGroup({ players: [{ name: 'player', pages: [{ file: 'boxed-pl-gap.png', page: 1, read }] }] });
    if (!game.decoded.ok) throw new Error(game.decoded.error.message);
    const moves = game.decoded.value.moves;
    expect(moves).toHaveLength(truth.san.length);
    expect(moves.filter((move) => move.ply !== gap).map((move) => move.san)).toEqual(truth.san.filter((_, index) => index + 1 !== gap));
    expect(moves[gap - 1].reviewReasons).toContain('unwritten');
    const unwritten = readGameDiagnostics(game).filter((diagnostic) => diagnostic.code === 'decode-unwritten');
    expect(unwritten.map((diagnostic) => [diagnostic.ply, diagnostic.cell !== undefined, diagnostic.text])).toEqual([[gap, true, '']]);
  });
});
