/**
 * Which read pages make one game. A zapis sheet's QR says it: the board
 * (with the event and round when printed) names the game, `copy` whose sheet
 * it is, `sheet`/`of` the order of a long game's sheets. Sheets without a
 * board (templates, blank sheets, sheets printed with only the event or the
 * round: every game of the round has that QR) are one game per page, except that the
 * later sheets of a game printed `1 of 2`, `2 of 2` follow the first one in
 * the same file. `--pair` takes games two by two as White's and Black's.
 *
 * A page whose QR names a game, copy and sheet number already given (the same sheet scanned twice, or scanned and
 * photographed) is not a continuation of the game: it is read as a game of its own, and says which page it repeats.
 */
import type { SheetRead } from './read-sheet.js';

export interface PageRead {
  readonly file: string;
  /** 1-based page within the file. */
  readonly page: number;
  readonly read: SheetRead;
}

export interface PageRef {
  readonly file: string;
  readonly page: number;
}

export interface PlayerPages {
  /** 'white', 'black', or the first page's file name. */
  readonly name: string;
  readonly pages: readonly PageRead[];
  /** This player's sheets were given before: `page`'s QR names the same game, copy and sheet as the `earlier` page's. */
  readonly repeats?: { readonly page: PageRef; readonly earlier: PageRef };
}

export interface GameGroup {
  /** One player's sheets, or White's and Black's copies of the same game. */
  readonly players: readonly PlayerPages[];
}

/** The game a QR names; none without a board, as an event or a round alone is every game's of that round. */
const gameKey = (page: PageRead): string | undefined => {
  const qr = page.read.located.qr;
  if (!qr || qr.board === undefined || qr.board.trim() === '') return undefined;
  return JSON.stringify([qr.layout, qr.event ?? '', qr.round ?? '', qr.board]);
};

const pageRef = (page: PageRead): PageRef => ({ file: page.file, page: page.page });

/** Groups pages (in input order) into games, in the order their first page came. */
export function groupGames(pages: readonly PageRead[], options: { readonly pair?: boolean } = {}): GameGroup[] {
  const players: { key: string | undefined; copy: string | undefined; pages: PageRead[]; repeats?: { page: PageRead; earlier: PageRead } }[] = [];
  // Each game and copy: its players in order, a further one for each time one of its sheets is given again.
  const byKey = new Map<string, (typeof players)[number][]>();
  let previous: (typeof players)[number] | undefined;
  for (const page of pages) {
    const qr = page.read.located.qr;
    const key = gameKey(page);
    const copy = qr?.copy;
    if (key !== undefined) {
      const playerKey = `${key}|${copy ?? ''}`;
      const copies = byKey.get(playerKey) ?? [];
      byKey.set(playerKey, copies);
      const sameSheet = (other: PageRead): boolean => (other.read.located.qr?.sheet ?? 1) === (qr?.sheet ?? 1);
      let player = copies.find((candidate) => !candidate.pages.some(sameSheet));
      if (!player) {
        const earlier = copies[0]?.pages.find(sameSheet);
        player = { key, copy, pages: [], ...(earlier ? { repeats: { page, earlier } } : {}) };
        copies.push(player);
        players.push(player);
      }
      player.pages.push(page);
      previous = undefined;
      continue;
    }
    // A later sheet of the same game, right after the one before it in the same file.
    const last = previous?.pages[previous.pages.length - 1];
    const continues = last !== undefined && last.file === page.file && qr !== undefined && last.read.located.qr !== undefined
      && qr.sheet === last.read.located.qr.sheet + 1 && qr.of === last.read.located.qr.of && qr.copy === last.read.located.qr.copy;
    if (continues && previous) {
      previous.pages.push(page);
      continue;
    }
    previous = { key: undefined, copy, pages: [page] };
    players.push(previous);
  }
  for (const player of players) player.pages.sort((a, b) => (a.read.located.qr?.sheet ?? 0) - (b.read.located.qr?.sheet ?? 0));
  const named = (player: (typeof players)[number]): PlayerPages => ({
    name: player.copy ?? player.pages[0].file, pages: player.pages,
    ...(player.repeats ? { repeats: { page: pageRef(player.repeats.page), earlier: pageRef(player.repeats.earlier) } } : {}),
  });
  const groups: GameGroup[] = [];
  const used = new Set<(typeof players)[number]>();
  players.forEach((player, index) => {
    if (used.has(player)) return;
    used.add(player);
    // The QR says both copies belong to one game: decode them jointly.
    const partner = player.key !== undefined && player.copy !== undefined
      ? players.find((other) => !used.has(other) && other.key === player.key && other.copy !== undefined && other.copy !== player.copy)
      : options.pair ? players.slice(index + 1).find((other) => !used.has(other)) : undefined;
    if (partner) {
      used.add(partner);
      const ordered = player.copy === 'black' ? [partner, player] : [player, partner];
      groups.push({ players: ordered.map(named) });
    } else {
      groups.push({ players: [named(player)] });
    }
  });
  return groups;
}
