import { describe, expect, it } from 'vitest';
import type { QrPayload } from '@zapis/sheet';
import { GameGrouper, groupGames, type GameGroup, type PageRead } from '../src/group-games.js';
import { Homography } from '@zapis/ocr/internal';

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

/** Pages given one by one, the games taken as soon as they are settled: what `zapis read` writes, and when. */
function streamed(pages: readonly PageRead[], pair = false): { groups: GameGroup[]; givenAfter: number[] } {
  const grouper = new GameGrouper({ pair });
  const groups: GameGroup[] = [];
  const givenAfter: number[] = [];
  pages.forEach((one, index) => {
    grouper.add(one);
    for (const group of grouper.settled()) {
      groups.push(group);
      givenAfter.push(index + 1);
    }
  });
  for (const group of grouper.finish()) {
    groups.push(group);
    givenAfter.push(pages.length);
  }
  return { groups, givenAfter };
}

describe('GameGrouper: games given out as the pages come', () => {
  it('gives out a board as soon as both copies are in, and a copy whose partner never came only at the end', () => {
    const pages = [
      page('w1.png', 1, { round: '1', board: '1', copy: 'white' }),
      page('w2.png', 1, { round: '1', board: '2', copy: 'white' }),
      page('b1.png', 1, { round: '1', board: '1', copy: 'black' }),
      page('w3.png', 1, { round: '1', board: '3', copy: 'white' }),
      page('b3.png', 1, { round: '1', board: '3', copy: 'black' }),
    ];
    const { groups, givenAfter } = streamed(pages);
    expect(shape(groups)).toEqual([['white:w1.png#1', 'black:b1.png#1'], ['white:w2.png#1'], ['white:w3.png#1', 'black:b3.png#1']]);
    // Board 2's Black copy might still come, so board 3 waits behind it: games go out in the order they began.
    expect(givenAfter).toEqual([3, 5, 5]);
  });

  it('gives out a sheet without a game in its QR when the next page does not continue it, and a long game when its last sheet is in', () => {
    const pages = [
      page('x.pdf', 1, { sheet: 1, of: 2 }), page('x.pdf', 2, { sheet: 2, of: 2 }), page('y.png', 1),
      page('z.pdf', 1, { board: '9', sheet: 1, of: 2 }), page('z.pdf', 2, { board: '9', sheet: 2, of: 2 }), page('v.png', 1),
    ];
    const { groups, givenAfter } = streamed(pages);
    expect(shape(groups)).toEqual([['x.pdf:x.pdf#1,x.pdf#2'], ['y.png:y.png#1'], ['z.pdf:z.pdf#1,z.pdf#2'], ['v.png:v.png#1']]);
    expect(givenAfter).toEqual([3, 4, 5, 6]);
  });

  it('gives out a sheet 1 of 2 without a board as soon as a page with a board follows it, even one that says sheet 2 of 2', () => {
    const pages = [page('x.pdf', 1, { sheet: 1, of: 2 }), page('x.pdf', 2, { board: '3', sheet: 2, of: 2 }), page('x.pdf', 3, { board: '3', sheet: 1, of: 2 })];
    const { groups, givenAfter } = streamed(pages);
    expect(shape(groups)).toEqual([['x.pdf:x.pdf#1'], ['x.pdf:x.pdf#3,x.pdf#2']]);
    expect(givenAfter).toEqual([2, 3]);
  });

  it('pairs two by two when asked, giving out each pair once its second sheet is known to be whole', () => {
    const pages = [page('w.png', 1), page('b.png', 1), page('w2.png', 1), page('b2.png', 1)];
    const { groups, givenAfter } = streamed(pages, true);
    expect(shape(groups)).toEqual([['w.png:w.png#1', 'b.png:b.png#1'], ['w2.png:w2.png#1', 'b2.png:b2.png#1']]);
    expect(givenAfter).toEqual([3, 4]);
  });

  it('groups any run of pages as groupGames does when given them all at once, each page in one game, games in the order they began', () => {
    // A small random generator (fixed seed): boards with copies, long games, repeats, sheets with no board or no QR.
    let seed = 20261128;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return Math.floor((seed / 2147483648) * n);
    };
    let runs = 0;
    let earlyGames = 0;
    for (let run = 0; run < 400; run += 1) {
      const pages: PageRead[] = [];
      const count = 1 + random(12);
      for (let index = 0; index < count; index += 1) {
        const file = `f${random(4)}.pdf`;
        const number = pages.filter((other) => other.file === file).length + 1;
        const of = 1 + random(2);
        const kind = random(4);
        const copy = [undefined, 'white', 'black'][random(3)] as QrPayload['copy'];
        pages.push(kind === 0 ? page(file, number)
          : page(file, number, { ...(kind >= 2 ? { board: String(random(3)) } : {}), ...(copy ? { copy } : {}), sheet: 1 + random(of), of }));
      }
      for (const pair of [false, true]) {
        const all = groupGames(pages, { pair });
        const { groups, givenAfter } = streamed(pages, pair);
        expect(shape(groups)).toEqual(shape(all));
        expect(groups.map((group) => group.players.map((player) => player.repeats))).toEqual(all.map((group) => group.players.map((player) => player.repeats)));
        const placed = groups.flatMap((group) => group.players.flatMap((player) => player.pages));
        expect(new Set(placed).size).toBe(pages.length);
        const begins = groups.map((group) => Math.min(...group.players.flatMap((player) => player.pages.map((one) => pages.indexOf(one)))));
        expect(begins).toEqual([...begins].sort((a, b) => a - b));
        earlyGames += givenAfter.filter((after) => after < pages.length).length;
        runs += 1;
      }
    }
    expect(runs).toBe(800);
    // The check means something only if games were given out before the end.
    expect(earlyGames).toBeGreaterThan(400);
  });
});
