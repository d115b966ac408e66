/**
 * gamesOfPages: what `zapis read` writes, and when — every page as it comes, every game once no later page can
 * change it, and every page that could not be read in its place among the games.
 */
import { describe, expect, it } from 'vitest';
import type { PageOutcome } from '@zapis/ocr';
import { Homography } from '@zapis/ocr/internal';
import type { QrPayload } from '@zapis/sheet';
import { gamesOfPages, type GamesOfPagesEvent } from '../src/games-of-pages.js';

const map = Homography.fit([[0, 0], [1, 0], [1, 1], [0, 1]].map(([x, y]) => ({ sheet: [x, y] as const, image: [x, y] as const })))!;

function sheet(file: string, number: number, qr: Partial<QrPayload>): PageOutcome {
  const payload = { layout: 'zapis/classic/a4/m60/b2', v: 1, lang: 'en' as const, sheet: 1, of: 1, ...qr };
  return {
    ok: true, file, page: number,
    read: { located: { page: number, map, foundBy: 'markers', markersSeen: 4, qr: payload, cells: [], resultTicks: [], imageWidth: 1, imageHeight: 1 }, cells: [], resultsTicked: [], header: [] },
  };
}

const unreadable = (file: string, page?: number): PageOutcome => ({ ok: false, file, ...(page !== undefined ? { page } : {}), code: 'no-sheet', message: 'no scoresheet found' });

async function* given(pages: readonly PageOutcome[]): AsyncGenerator<PageOutcome> {
  yield* pages;
}

/** Each event as `kind:file#page` (a game by its players' first pages). */
async function events(pages: readonly PageOutcome[], files: readonly string[]): Promise<string[]> {
  const shown: string[] = [];
  for await (const event of gamesOfPages(given(pages), { files })) if (event.kind !== 'idle') shown.push(describeEvent(event));
  return shown;
}

function describeEvent(event: Exclude<GamesOfPagesEvent, { kind: 'idle' }>): string {
  if (event.kind === 'page') return `page:${event.outcome.file}#${event.outcome.page ?? '-'}`;
  if (event.kind === 'unread') return `unread:${event.failure.file}#${event.failure.page ?? '-'}`;
  return `game:${event.game.group.players.map((player) => `${player.pages[0].file}#${player.pages[0].page}`).join('+')}`;
}

describe('gamesOfPages', () => {
  it('gives a game once both copies are in, and a failure in its place in input order, after the page events', async () => {
    const pages = [
      sheet('a.pdf', 1, { round: '1', board: '1', copy: 'white' }),
      unreadable('a.pdf', 2),
      sheet('b.jpg', 1, { round: '1', board: '1', copy: 'black' }),
      sheet('c.png', 1, { round: '1', board: '2', copy: 'white' }),
    ];
    expect(await events(pages, ['a.pdf', 'b.jpg', 'c.png'])).toEqual([
      'page:a.pdf#1',
      'page:a.pdf#2',
      'page:b.jpg#1',
      // Board 1 is settled by Black's copy: its game starts on a.pdf page 1, before the failure on page 2.
      'game:a.pdf#1+b.jpg#1',
      'unread:a.pdf#2',
      'page:c.png#1',
      // Board 2's Black copy never came: the game is given at the end.
      'game:c.png#1',
    ]);
  });

  it('decodes every game it gives: a sheet with nothing written is a game with no moves, said as such', async () => {
    const pages = [sheet('blank.png', 1, { board: '5' })];
    const games: GamesOfPagesEvent[] = [];
    for await (const event of gamesOfPages(given(pages), { files: ['blank.png'] })) if (event.kind === 'game') games.push(event);
    expect(games).toHaveLength(1);
    const game = games[0].kind === 'game' ? games[0].game : undefined;
    expect(game?.decoded.ok).toBe(false);
    expect(game?.decoded.ok === false && game.decoded.error.code).toBe('no-readings');
    expect(game?.tags).toEqual({ Board: '5' });
  });

  it('says when it waits for the next page: once a page, after all that page settled', async () => {
    const pages = [sheet('a.png', 1, { board: '1' }), sheet('b.png', 1, { board: '2' })];
    const kinds: string[] = [];
    for await (const event of gamesOfPages(given(pages), { files: ['a.png', 'b.png'] })) kinds.push(event.kind);
    // A one-sheet game whose QR names its board and no copy is settled by its own page.
    expect(kinds).toEqual(['page', 'game', 'idle', 'page', 'game', 'idle']);
  });

  it('keeps a file that failed whole (no page) before the games of later files', async () => {
    const pages = [unreadable('broken.jpg'), sheet('later.png', 1, { board: '9' })];
    expect(await events(pages, ['broken.jpg', 'later.png'])).toEqual([
      'page:broken.jpg#-', 'unread:broken.jpg#-', 'page:later.png#1', 'game:later.png#1',
    ]);
  });
});
