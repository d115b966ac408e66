import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT, garbageBytes } from '@zapis/testkit';
import { gamesOf, type DeskInput } from '../src/index.js';

const fixture = (name: string): string => readFileSync(join(REPOSITORY_ROOT, 'fixtures', 'scoresheets', name), 'utf8');

describe('gamesOf', () => {
  it('finds the game of a transcription and of a PGN, with tags, and stable ids', () => {
    const inputs: DeskInput[] = [
      { kind: 'text', id: 'sheet', name: 'janowski-lasker-1912.pl.txt', text: fixture('janowski-lasker-1912.pl.txt') },
      { kind: 'text', id: 'pgn', name: 'janowski-lasker-1912.pgn', text: fixture('janowski-lasker-1912.pgn') },
    ];
    const { games, failures } = gamesOf(inputs);
    expect(failures).toEqual([]);
    expect(games.map((game) => game.id)).toEqual(['sheet#1', 'pgn#1']);
    expect(gamesOf(inputs).games.map((game) => game.id)).toEqual(['sheet#1', 'pgn#1']);
    const [sheet] = games;
    if (sheet.kind !== 'text') throw new Error('a text game');
    expect(sheet.tags).toMatchObject({ White: 'Janowski, Dawid', Black: 'Lasker, Emanuel' });
    expect(sheet.sheets).toHaveLength(1);
    expect(sheet.sheets[0].cells).toHaveLength(74);
    // Plain data: what goes to IndexedDB and workers survives a structured clone unchanged.
    expect(structuredClone(games)).toEqual(games);
  });

  it('gives a failure, not a game or a throw, for prose, garbage, an empty text and a scan with no pages', () => {
    const inputs: DeskInput[] = [
      { kind: 'text', id: 'prose', name: 'letter.txt', text: 'Dear arbiter,\nplease find attached the results of round three.\nKind regards' },
      { kind: 'text', id: 'garbage', name: 'garbage.txt', text: new TextDecoder().decode(garbageBytes(4000, 7)) },
      { kind: 'text', id: 'empty', name: 'empty.txt', text: '' },
      { kind: 'text', id: 'ok', name: 'game.pgn', text: '1. e4 e5 2. Nf3 Nc6 *' },
      { kind: 'scan', id: 'scan', name: 'blank.png', pages: [] },
      { kind: 'scan', id: 'photo', name: 'not-a-sheet.jpg', pages: [{ ok: false, file: 'not-a-sheet.jpg', page: 1, code: 'no-sheet', message: 'no scoresheet found (no markers, no grid)' }] },
    ];
    const { games, failures } = gamesOf(inputs);
    expect(games.map((game) => game.id)).toEqual(['ok#1']);
    expect(failures.map((failure) => [failure.inputId, failure.code])).toEqual([
      ['prose', 'not-a-game'], ['garbage', 'not-a-game'], ['empty', 'empty'], ['scan', 'no-pages'], ['photo', 'read-no-sheet'],
    ]);
    expect(failures[0].message).toMatch(/^not a chess game: only \d+ of \d+ words from line 1 read as moves/);
    expect(failures[4]).toMatchObject({ name: 'not-a-sheet.jpg', page: 1, message: 'no scoresheet found (no markers, no grid)' });
  });

  it('pairs consecutive games of a text as White\u2019s and Black\u2019s sheets', () => {
    const text = `${fixture('janowski-lasker-1912.pl.txt')}\n\n${fixture('janowski-lasker-1912.pgn')}`;
    const { games, failures } = gamesOf([{ kind: 'text', id: 'both', name: 'both.txt', text }], { pair: true });
    expect(failures).toEqual([]);
    expect(games).toHaveLength(1);
    const [game] = games;
    if (game.kind !== 'text') throw new Error('a text game');
    expect(game.sheets.map((sheet) => sheet.cells.length)).toEqual([74, 74]);
  });
});
