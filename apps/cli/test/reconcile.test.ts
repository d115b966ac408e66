/**
 * `zapis reconcile` as an arbiter uses it, on sheets written from a real game (Adams - Piket, Monaco
 * 1966, from ../shared): White's sheet in English, Black's in Polish; sheets that cannot be read.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGames, sharedPath, skipWithoutShared } from '@zapis/testkit';
import { jsonLines, run } from './run-cli.js';

const folder = mkdtempSync(join(tmpdir(), 'zapis-reconcile-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const inFolder = (args: string[], stdin?: string) => run(args, { cwd: folder, ...(stdin !== undefined ? { stdin } : {}) });
const write = (name: string, text: string | Buffer): void => writeFileSync(join(folder, name), text);

async function corpusGames(file: string, count: number): Promise<string[]> {
  const games: string[] = [];
  for await (const game of readGames(sharedPath('corpora', 'gnu-book', file), count)) games.push(`${game.text}\n`);
  return games;
}

describe.skipIf(skipWithoutShared())('zapis reconcile on a corpus game', () => {
  beforeAll(async () => {
    const english = await corpusGames('games-000001-100000.pgn.gz', 7);
    const [, polish] = await corpusGames('games-000001-100000.pl.pgn.gz', 2);
    write('white.pgn', english[1]);
    write('black-ok.pgn', polish);
    write('round.pgn', english.join('\n'));
    // Black's sheet with an arbiter's usual troubles: 11. Gh8 (impossible) for 11. Gb2, 20... We6 for We7,
    // nothing after move 50, and another round.
    const cut = polish.slice(0, polish.indexOf('51. '));
    write('black.pgn', `${cut.replace('11. Gb2', '11. Gh8').replace('We7 21.', 'We6 21.').replace('[Round "2"]', '[Round "3"]')}*\n`);
  });

  it('sheets that agree: exit 0, and -o writes the merged game as PGN with its tags and result', async () => {
    const result = await inFolder(['reconcile', 'white.pgn', 'black-ok.pgn', '-o', 'merged.pgn']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('the sheets agree for 118 plies');
    expect(result.stdout).toContain('merged game (118 plies from white.pgn): written to merged.pgn');
    expect(result.stdout).toContain('the sheets agree (0 differences, 0 errors, 0 tag conflicts)');
    const merged = readFileSync(join(folder, 'merged.pgn'), 'utf8');
    expect(merged).toContain('[White "Adams, Michael"]\n[Black "Piket"]\n[Result "0-1"]');
    expect(merged).toContain('[Site "Monaco"]');
    expect(merged.trimEnd().endsWith('59. Re1 b1=Q 0-1')).toBe(true);
    // The merged game is a valid PGN game.
    const check = await inFolder(['validate', 'merged.pgn']);
    expect(check.code).toBe(0);
  });

  it('sheets that differ: every difference with both texts and places, the sheet error, the tag conflict; exit 1', async () => {
    const result = await inFolder(['reconcile', 'white.pgn', 'black.pgn']);
    expect(result.code).toBe(1);
    const out = result.stdout;
    expect(out).toContain("black.pgn:11:36: error[no-piece-can-reach]: 'Gh8': no bishop of white can move there");
    expect(out).toContain('20 differences:');
    expect(out).toContain("ply 21 (11. white): different moves\n  white's sheet white.pgn:11:29: 11. Bb2 (Bb2)\n  black's sheet black.pgn:11:36: 11. Gh8 (not replayed: no-piece-can-reach)");
    expect(out).toContain("ply 40 (20... black): different moves\n  white's sheet white.pgn:12:65: 20... Re7 (Re7)\n  black's sheet black.pgn:13:5: 20... We6");
    expect(out).toContain("plies 101-118 (51. to 59...): moves only one sheet has\n  white's sheet white.pgn:17:43: 51. Re3 Be4 52. Bc1");
    expect(out).toContain('the sheets disagree on Round: "2" (white.pgn), "3" (black.pgn)');
    expect(out).toContain('no merged game: the sheets give different moves');

    const json = await inFolder(['reconcile', 'white.pgn', 'black.pgn', '--format', 'json', '-o', 'none.pgn']);
    expect(json.code).toBe(1);
    expect(json.stderr).toContain('nothing written to none.pgn: there is no merged game');
    const [report] = jsonLines(json.stdout);
    expect(report).toMatchObject({ agree: false, agreedPlies: 20, tagConflicts: [{ name: 'Round', first: '2', second: '3' }], result: '0-1' });
    expect((report.differences as unknown[]).length).toBe(20);
    expect(report.sheetErrors).toMatchObject([{ file: 'black.pgn', line: 11, column: 36, ply: 21, code: 'no-piece-can-reach' }]);
  });

  it('a file with several games is not silently cut to its first: exit 2 naming the count, or --white-game N', async () => {
    const several = await inFolder(['reconcile', 'round.pgn', 'black-ok.pgn']);
    expect(several.code).toBe(2);
    expect(several.stderr).toContain('round.pgn holds 7 games: say which one to compare (1 to 7) with --white-game N or --game N');
    expect(several.stdout).toBe('');
    const chosen = await inFolder(['reconcile', 'round.pgn', 'black-ok.pgn', '--white-game', '2']);
    expect(chosen.code).toBe(0);
    const wrong = await inFolder(['reconcile', 'round.pgn', 'black-ok.pgn', '--white-game', '9']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('round.pgn holds 7 games, so there is no game 9');
  });
});

describe('zapis reconcile on sheets that cannot be compared', () => {
  const moves = '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7';
  beforeAll(() => {
    write('full.pgn', `${moves} 11. c4 c6 *\n`);
    write('junk.pgn', `${moves} junk 11. xx *\n`);
    write('binary.pgn', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0x00, 0x31, 0x2e]));
    write('empty.pgn', '');
    write('letter.txt', 'Dear arbiter,\nplease find my scoresheet.\n');
  });

  it('a binary file, an empty file and text without moves are unreadable: exit 2, nothing on stdout', async () => {
    for (const [file, reason] of [
      ['binary.pgn', 'cannot read binary.pgn: not a PGN or text file (binary data: a NUL byte at byte 8, line 1)'],
      ['empty.pgn', 'empty.pgn holds no game'],
      ['letter.txt', 'letter.txt:1:1: letter.txt game 1 has no move written'],
      ['missing.pgn', 'cannot read missing.pgn: no such file'],
    ]) {
      const result = await inFolder(['reconcile', 'full.pgn', file]);
      expect(result.code, file).toBe(2);
      expect(result.stderr, file).toContain(reason);
      expect(result.stdout, file).toBe('');
    }
  });

  it('junk after move 10 is an error at its place, the rest is still compared; exit 1', async () => {
    const result = await inFolder(['reconcile', 'full.pgn', 'junk.pgn']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('junk.pgn:1:105: error[unknown-token]');
    expect(result.stdout).toContain('junk.pgn:1:114: error[unknown-token]');
    expect(result.stdout).toContain('the sheets agree for 20 plies');
    expect(result.stdout).toContain("ply 21 (11. white): a move only one sheet has\n  white's sheet full.pgn:1:109: 11. c4 (c4)\n  black's sheet junk.pgn: no move written");
    expect(result.stdout).toContain('the sheets differ: 2 differences, 3 errors, 0 tag conflicts');
  });

  it('bad game numbers are usage errors', async () => {
    const result = await inFolder(['reconcile', 'full.pgn', 'full.pgn', '--game', '0']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--game must be a game number from 1');
  });
});
