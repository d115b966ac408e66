/**
 * Reconciling two scoresheets on real games: White's sheet is a corpus game in
 * English letters, Black's sheet its Polish twin, written with the slips an
 * arbiter meets (an impossible move, another move, a player who stopped
 * writing, a skipped move, a different round), and sheets that cannot be read.
 */
import { describe, expect, it } from 'vitest';
import { parsePgn, type MoveNode } from '@zapis/notation';
import { readGames, sharedPath, skipWithoutShared } from '@zapis/testkit';
import { readSheet, reconcile, type GameReport } from '../src/index.js';
import { analyseOne } from './support.js';

const GAMES = 30;
const skip = skipWithoutShared();

async function corpusPairs(): Promise<{ en: string; pl: string }[]> {
  const en: string[] = [];
  const pl: string[] = [];
  for await (const game of readGames(sharedPath('corpora', 'gnu-book', 'games-000001-100000.pgn.gz'), GAMES)) en.push(game.text);
  for await (const game of readGames(sharedPath('corpora', 'gnu-book', 'games-000001-100000.pl.pgn.gz'), GAMES)) pl.push(game.text);
  return en.map((text, i) => ({ en: text, pl: pl[i] }));
}

const nodesOf = (text: string): readonly MoveNode[] => parsePgn(text)[0].moves;
/** Where a ply's text starts, move number included. */
const startOf = (node: MoveNode): number => node.moveNumber?.span.offset ?? node.span.offset;

/** The sheet without plies [from, to) (0-based), as a player who skipped them would have written it. */
function withoutPlies(text: string, from: number, to: number): string {
  const nodes = nodesOf(text);
  const end = to < nodes.length ? startOf(nodes[to]) : text.length;
  const rest = to < nodes.length ? text.slice(end) : ' *\n';
  return text.slice(0, startOf(nodes[from])) + rest;
}

/** The sheet with the token of ply `index` (0-based) replaced, its move number kept. */
function replacePly(text: string, index: number, token: string): string {
  const node = nodesOf(text)[index];
  return text.slice(0, node.span.offset) + token + text.slice(node.span.offset + node.span.length);
}

const sheet = (text: string, file: string): GameReport => {
  const reading = readSheet(text, { file });
  if (!reading.ok) throw new Error(`${file}: ${reading.reason}`);
  return reading.report;
};

describe.skipIf(skip)('reconcile on corpus games', () => {
  it(`agrees on ${GAMES} games written in English on one sheet and Polish on the other`, async () => {
    const pairs = await corpusPairs();
    expect(pairs).toHaveLength(GAMES);
    for (const [i, pair] of pairs.entries()) {
      const white = sheet(pair.en, `w${i}.pgn`);
      const black = sheet(pair.pl, `b${i}.pgn`);
      const result = reconcile(white, black);
      expect(result.differences, `game ${i + 1}`).toEqual([]);
      expect(result.agree, `game ${i + 1}`).toBe(true);
      expect(result.agreedPlies).toBe(white.plies);
      expect(result.merged?.san).toEqual(white.san);
      expect(result.result).toBe(white.tags.Result);
    }
  });

  it('a sheet that stops at half the game lacks exactly the rest; the merged game is the full one', async () => {
    for (const [i, pair] of (await corpusPairs()).entries()) {
      const half = Math.floor(nodesOf(pair.pl).length / 2);
      const white = sheet(pair.en, 'white.pgn');
      const black = sheet(withoutPlies(pair.pl, half, nodesOf(pair.pl).length), 'black.pgn');
      const result = reconcile(white, black);
      const tail = white.moves.slice(half).map((move) => move.ply);
      expect(result.agree, `game ${i + 1}`).toBe(false);
      expect(result.differences.map((d) => [d.ply, d.kind, d.first?.text, d.second])).toEqual(
        white.moves.slice(half).map((move) => [move.ply, 'missing-move', move.token.text, undefined]),
      );
      expect(result.merged).toMatchObject({ source: 'first', missingPlies: tail, san: white.san });
    }
  });

  it('a sheet that skipped one whole move in the middle lacks those two plies, and nothing else differs', async () => {
    for (const [i, pair] of (await corpusPairs()).entries()) {
      const nodes = nodesOf(pair.pl);
      const from = 2 * Math.floor(nodes.length / 4);
      const white = sheet(pair.en, 'white.pgn');
      const black = sheet(withoutPlies(pair.pl, from, from + 2), 'black.pgn');
      const result = reconcile(black, white);
      expect(result.merged, `game ${i + 1}`).toMatchObject({ source: 'second', missingPlies: [from + 1, from + 2] });
      expect(result.differences.map((d) => [d.ply, d.kind, d.first, d.second?.text])).toEqual([
        [from + 1, 'missing-move', undefined, white.moves[from].token.text],
        [from + 2, 'missing-move', undefined, white.moves[from + 1].token.text],
      ]);
      expect(result.merged?.game.comments?.[0]).toBe(`zapis: black.pgn lacks plies ${from + 1}-${from + 2}; those moves are from white.pgn`);
    }
  });

  it('an impossible move, another move, a sheet cut short and another round: every difference, with both texts and places', async () => {
    const [, pair] = await corpusPairs();
    // Adams - Piket, Monaco 1966, 59 moves. Black's sheet: 11. Gh8 (no bishop gets there) instead of 11. Gb2,
    // 20... We6 instead of We7, nothing after move 50, Round "3".
    let written = replacePly(pair.pl, 39, 'We6');
    written = replacePly(written, 20, 'Gh8');
    written = withoutPlies(written, 100, nodesOf(written).length).replace('[Round "2"]', '[Round "3"]');
    const white = sheet(pair.en, 'white.pgn');
    const black = sheet(written, 'black.pgn');
    expect(white.plies).toBe(118);
    const result = reconcile(white, black);
    expect(result.agree).toBe(false);
    expect(result.agreedPlies).toBe(20);
    expect(result.sheetErrors).toHaveLength(1);
    expect(result.sheetErrors[0]).toMatchObject({ file: 'black.pgn', code: 'no-piece-can-reach', ply: 21, text: 'Gh8', line: 11, column: 36 });
    const [ply21, ply40, ...missing] = result.differences;
    expect(ply21).toEqual({
      ply: 21, moveNumber: 11, side: 'white', kind: 'different-moves',
      first: { file: 'white.pgn', text: 'Bb2', san: 'Bb2', line: 11, column: 29 },
      second: { file: 'black.pgn', text: 'Gh8', line: 11, column: 36, error: { code: 'no-piece-can-reach', message: expect.stringContaining('Gh8') as string } },
    });
    // Past Black's error its moves are still compared as written: 12. Hc2 is 12. Qc2, but 20... We6 is not Re7.
    expect(ply40).toEqual({
      ply: 40, moveNumber: 20, side: 'black', kind: 'different-moves',
      first: { file: 'white.pgn', text: 'Re7', san: 'Re7', line: 12, column: 65 },
      second: { file: 'black.pgn', text: 'We6', line: 13, column: 5 },
    });
    expect(missing.map((d) => [d.ply, d.kind, d.second])).toEqual(Array.from({ length: 18 }, (_, k) => [101 + k, 'missing-move', undefined]));
    expect(result.tagConflicts).toEqual([{ name: 'Round', first: '2', second: '3' }]);
    expect(result.result).toBe('0-1');
    expect(result.merged).toBeUndefined();
  });
});

describe('sheets that cannot be compared', () => {
  it('binary, empty and text without a move are unreadable, each with its reason', () => {
    expect(readSheet('\u007fELF\u0002\u0001\u0001\u0000\u0000', { file: 'a.out' })).toMatchObject({ ok: false, reason: expect.stringContaining('not a text file') as string });
    expect(readSheet('', { file: 'empty.pgn' })).toEqual({ ok: false, reason: 'holds no game' });
    expect(readSheet('  \n\n', { file: 'blank.pgn' })).toEqual({ ok: false, reason: 'holds no game' });
    expect(readSheet('Dear arbiter, please find my scoresheet.\n', { file: 'letter.txt' })).toMatchObject({ ok: false, line: 1, column: 1, reason: expect.stringContaining('no move written') as string });
  });

  it('a file with several games needs a choice; the chosen one is read', () => {
    const three = '1. e4 e5 *\n\n1. d4 d5 *\n\n1. c4 c5 *\n';
    expect(readSheet(three, { file: 'round.pgn' })).toEqual({ ok: false, reason: 'holds 3 games: say which one to compare (1 to 3)', gameCount: 3 });
    expect(readSheet(three, { file: 'round.pgn', game: 4 })).toMatchObject({ ok: false, reason: 'holds 3 games, so there is no game 4' });
    const second = readSheet(three, { file: 'round.pgn', game: 2 });
    expect(second.ok && second.report.san).toEqual(['d4', 'd5']);
  });

  it('junk after move 10 is an error at its place, and the moves before it are still compared', () => {
    const moves = '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7';
    const full = sheet(`${moves} 11. c4 c6 *`, 'white.pgn');
    const junk = sheet(`${moves} junk 11. xx *`, 'black.pgn');
    const result = reconcile(full, junk);
    expect(result.agree).toBe(false);
    expect(result.sheetErrors.map((e) => [e.file, e.code, e.line, e.column, e.text ?? ''])).toEqual([
      ['black.pgn', 'unknown-token', 1, 105, expect.any(String)],
      ['black.pgn', 'move-number-without-move', 1, 110, expect.any(String)],
      ['black.pgn', 'unknown-token', 1, 114, expect.any(String)],
    ]);
    expect(result.agreedPlies).toBe(20);
    expect(result.differences.map((d) => [d.ply, d.kind, d.first?.text])).toEqual([[21, 'missing-move', 'c4'], [22, 'missing-move', 'c6']]);
    expect(result.merged?.source).toBe('first');
  });

  it('the same moves with different results do not agree, and the merged result is unknown', () => {
    const result = reconcile(analyseOne('[Result "1-0"]\n1. e4 e5 1-0'), analyseOne('[Result "0-1"]\n1. e4 e5 0-1'));
    expect(result.differences).toEqual([]);
    expect(result.agree).toBe(false);
    expect(result.tagConflicts).toEqual([{ name: 'Result', first: '1-0', second: '0-1' }]);
    expect(result.result).toBe('*');
    expect(result.merged?.game.result).toBe('*');
  });
});
