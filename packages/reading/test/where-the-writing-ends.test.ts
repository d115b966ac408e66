/**
 * Where the game ends on a boxed sheet: the printed character boxes of the empty cells after the last move are print,
 * not writing (issue 54's reproduction: a 20-ply game printed with `zapis print --lang pl --style boxed --game`), and an
 * empty cell inside the game is a gap reported at its place.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CtcReader } from '@zapis/ocr';
import { loadNodeRecognizer } from '@zapis/ocr/node';
import { decodeGroup, decodeOtherReading } from '../src/read-game.js';
import { readGameDiagnostics } from '../src/read-report.js';
import { readFixture } from './support/read-fixture.js';
import { LONGEST_GAP } from '../src/end-of-writing.js';
import type { SheetRead } from '@zapis/ocr';

/**
 * The sheet as read with cells added after its last move: `empty` empty cells (cut from the sheet's own first cell,
 * nothing written) and then one with ink, read as the sheet's first cell was.
 */
function withInkAfter(read: SheetRead, empty: number): SheetRead {
  const last = read.cells[read.cells.length - 1].place.ply;
  const cellAt = (ply: number, written: boolean): SheetRead['cells'][number] => ({
    ...read.cells[0], written, place: { ...read.cells[0].place, ply, moveNumber: Math.ceil(ply / 2), side: ply % 2 === 1 ? 'white' : 'black' },
  });
  const gaps = Array.from({ length: empty }, (_, index) => cellAt(last + 1 + index, false));
  return { ...read, cells: [...read.cells, ...gaps, cellAt(last + empty + 1, true)] };
}

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

  it('does not go on past a run of empty cells to a stray mark far down the sheet, and says where the mark is', async () => {
    const { read, truth } = await readFixture('boxed-pl.png', reader);
    const stray = truth.san.length + LONGEST_GAP + 2;
    const group = { players: [{ name: 'player', pages: [{ file: 'boxed-pl.png', page: 1, read: withInkAfter(read, LONGEST_GAP + 1) }] }] };
    const game = decodeGroup(group);
    if (!game.decoded.ok) throw new Error(game.decoded.error.message);
    expect(game.decoded.value.moves.map((move) => move.san)).toEqual(truth.san);
    // The desk's second decoding (the cross-check's, on its own thread) ends at the same place.
    const other = decodeOtherReading(group, {});
    if (!other.ok) throw new Error(other.error.message);
    expect(other.value.moves.map((move) => move.san)).toEqual(truth.san);
    expect(game.problems.map((problem) => [problem.code, problem.ply])).toEqual([['read-cells-stray', stray]]);
    expect(game.cells(stray)).toEqual([undefined]);
  });

  it('keeps a mark after no more than LONGEST_GAP empty cells in the game, as gaps and a move to explain', async () => {
    const { read, truth } = await readFixture('boxed-pl.png', reader);
    const game = decodeGroup({ players: [{ name: 'player', pages: [{ file: 'boxed-pl.png', page: 1, read: withInkAfter(read, LONGEST_GAP) }] }] });
    expect(game.problems.map((problem) => problem.code)).not.toContain('read-cells-stray');
    expect(game.cells(truth.san.length + LONGEST_GAP + 1)).not.toEqual([undefined]);
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
