import { describe, expect, it } from 'vitest';
import type { QrPayload } from '@zapis/sheet';
import { groupGames, type PageRead } from '../src/group-games.js';
import { Homography } from '../src/homography.js';

const map = Homography.fit([[0, 0], [1, 0], [1, 1], [0, 1]].map(([x, y]) => ({ sheet: [x, y] as const, image: [x, y] as const })))!;

function page(file: string, number: number, qr?: Partial<QrPayload>): PageRead {
  const payload = qr ? { layout: 'zapis/classic/a4/m60/b2', v: 1, lang: 'en' as const, sheet: 1, of: 1, ...qr } : undefined;
  return {
    file, page: number,
    read: {
      located: { page: number, map, foundBy: 'markers', markersSeen: 4, ...(payload ? { qr: payload } : {}), cells: [], resultTicks: [], imageWidth: 1, imageHeight: 1 },
      cells: [], resultsTicked: [], header: [],
    },
  };
}

const shape = (groups: ReturnType<typeof groupGames>) => groups.map((group) => group.players.map((player) => `${player.name}:${player.pages.map((p) => `${p.file}#${p.page}`).join(',')}`));

describe('groupGames', () => {
  it('pairs White\u2019s and Black\u2019s copies of a board by their QR, wherever they come', () => {
    const pages = [
      page('a.pdf', 1, { round: '3', board: '1', copy: 'black' }),
      page('a.pdf', 2, { round: '3', board: '2', copy: 'white' }),
      page('b.jpg', 1, { round: '3', board: '1', copy: 'white' }),
      page('c.jpg', 1, { round: '3', board: '2', copy: 'black' }),
    ];
    expect(shape(groupGames(pages))).toEqual([
      ['white:b.jpg#1', 'black:a.pdf#1'],
      ['white:a.pdf#2', 'black:c.jpg#1'],
    ]);
  });

  it('puts a long game\u2019s sheets in order, and keeps games apart', () => {
    const pages = [
      page('s.pdf', 1, { board: '4', sheet: 2, of: 2 }),
      page('s.pdf', 2, { board: '4', sheet: 1, of: 2 }),
      page('t.png', 1, { board: '5' }),
    ];
    expect(shape(groupGames(pages))).toEqual([['s.pdf:s.pdf#2,s.pdf#1'], ['t.png:t.png#1']]);
  });

  it('keeps sheets without a game in their QR one game each, and follows 1 of 2 by 2 of 2 in the same file', () => {
    const pages = [page('x.pdf', 1, { sheet: 1, of: 2 }), page('x.pdf', 2, { sheet: 2, of: 2 }), page('y.png', 1), page('z.png', 1)];
    expect(shape(groupGames(pages))).toEqual([['x.pdf:x.pdf#1,x.pdf#2'], ['y.png:y.png#1'], ['z.png:z.png#1']]);
  });

  it('never pairs or repeats sheets whose QR names no board: an event and a round alone are every game\u2019s of that round', () => {
    // Blank sheets printed for round 6 with no pairings: two games, White's copy of one and Black's copy of another.
    const pages = [
      page('g1406.png', 1, { event: 'Club', round: '6', copy: 'white' }),
      page('g1061.png', 1, { event: 'Club', round: '6', copy: 'black' }),
      page('g0419.png', 1, { round: '4', copy: 'white' }),
      page('g1730.png', 1, { round: '4', copy: 'white' }),
    ];
    const groups = groupGames(pages);
    expect(shape(groups)).toEqual([['white:g1406.png#1'], ['black:g1061.png#1'], ['white:g0419.png#1'], ['white:g1730.png#1']]);
    expect(groups.every((group) => group.players.every((player) => player.repeats === undefined))).toBe(true);
  });

  it('reads a sheet given again (scanned twice, or scanned and photographed) as a game of its own, saying which page it repeats', () => {
    const pages = [
      page('scan.png', 1, { round: '2', board: '7', copy: 'white' }),
      page('photo.jpg', 1, { round: '2', board: '7', copy: 'white' }),
      page('black.png', 1, { round: '2', board: '7', copy: 'black' }),
    ];
    const groups = groupGames(pages);
    // White's first copy still pairs with Black's; the repeat is not merged into either, and nothing is dropped.
    expect(shape(groups)).toEqual([['white:scan.png#1', 'black:black.png#1'], ['white:photo.jpg#1']]);
    expect(groups[0].players.map((player) => player.repeats)).toEqual([undefined, undefined]);
    expect(groups[1].players[0].repeats).toEqual({ page: { file: 'photo.jpg', page: 1 }, earlier: { file: 'scan.png', page: 1 } });
  });

  it('keeps two whole sets of a long game’s sheets apart, each in order', () => {
    const pages = [
      page('first.pdf', 1, { board: '4', sheet: 1, of: 2 }),
      page('first.pdf', 2, { board: '4', sheet: 2, of: 2 }),
      page('again.pdf', 1, { board: '4', sheet: 2, of: 2 }),
      page('again.pdf', 2, { board: '4', sheet: 1, of: 2 }),
    ];
    const groups = groupGames(pages);
    expect(shape(groups)).toEqual([['first.pdf:first.pdf#1,first.pdf#2'], ['again.pdf:again.pdf#2,again.pdf#1']]);
    // The first page of the second set to come (its sheet 2) names the page it repeats.
    expect(groups[1].players[0].repeats).toEqual({ page: { file: 'again.pdf', page: 1 }, earlier: { file: 'first.pdf', page: 2 } });
  });

  it('pairs games two by two when asked (--pair)', () => {
    const pages = [page('w.png', 1), page('b.png', 1), page('w2.png', 1)];
    expect(shape(groupGames(pages, { pair: true }))).toEqual([['w.png:w.png#1', 'b.png:b.png#1'], ['w2.png:w2.png#1']]);
  });
});
