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
 *
 * Pages are grouped as they come (GameGrouper), so `zapis read` writes a game as soon as no later page can change
 * it; `groupGames` is the same grouping over pages all given at once.
 */
import type { SheetRead } from '@zapis/ocr';

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

/** One player's sheets as they come. */
interface OpenPlayer {
  readonly key: string | undefined;
  readonly copy: string | undefined;
  /** Its pages until it is given out, then let go: a round's pages are not all held. */
  pages: PageRead[];
  /** Where each of its sheets came, kept after it is given out to tell a sheet given again. */
  readonly sheets: Map<number, PageRef>;
  readonly repeats?: { readonly page: PageRef; readonly earlier: PageRef };
  /** No later page can join it: a QR-named player has every sheet of its `of`; another, a page came after it. */
  complete: boolean;
  /** Already in a group: as its first player or as a partner. */
  grouped: boolean;
}

const sheetOf = (page: PageRead): number => page.read.located.qr?.sheet ?? 1;

/**
 * Groups pages given one at a time (in input order) into games, in the order their first page came. `settled()`
 * gives the games no later page can change, as soon as every game before them is settled too; `finish()` the rest.
 * A game waits for what its QR promises: the other player's copy, a long game's other sheets.
 */
export class GameGrouper {
  private readonly players: OpenPlayer[] = [];
  /** Each game and copy: its players in order, a further one for each time one of its sheets is given again. */
  private readonly byKey = new Map<string, OpenPlayer[]>();
  /** The player a next page without a game in its QR may continue (1 of 2, then 2 of 2, in the same file). */
  private previous: OpenPlayer | undefined;
  /** The first player not yet given out, in `players`. */
  private next = 0;

  constructor(private readonly options: { readonly pair?: boolean } = {}) {}

  add(page: PageRead): void {
    const qr = page.read.located.qr;
    const key = gameKey(page);
    const copy = qr?.copy;
    if (this.previous && (key !== undefined || !this.continues(this.previous, page))) this.previous.complete = true;
    if (key !== undefined) {
      const playerKey = `${key}|${copy ?? ''}`;
      const copies = this.byKey.get(playerKey) ?? [];
      this.byKey.set(playerKey, copies);
      const sheet = sheetOf(page);
      let player = copies.find((candidate) => !candidate.complete && !candidate.sheets.has(sheet));
      if (!player) {
        const earlier = copies[0]?.sheets.get(sheet);
        player = { key, copy, pages: [], sheets: new Map(), complete: false, grouped: false, ...(earlier ? { repeats: { page: pageRef(page), earlier } } : {}) };
        copies.push(player);
        this.players.push(player);
      }
      player.pages.push(page);
      player.sheets.set(sheet, pageRef(page));
      const of = qr?.of ?? 1;
      player.complete = Array.from({ length: of }, (_, index) => index + 1).every((number) => player.sheets.has(number));
      this.previous = undefined;
      return;
    }
    if (this.previous && this.continues(this.previous, page)) {
      this.previous.pages.push(page);
      return;
    }
    this.previous = { key: undefined, copy, pages: [page], sheets: new Map([[sheetOf(page), pageRef(page)]]), complete: false, grouped: false };
    this.players.push(this.previous);
  }

  /** The games no later page can change, in order, each after every game before it. */
  settled(): GameGroup[] {
    return this.giveOut(false);
  }

  /** Every game not yet given out, in order: what was waiting for a partner or a sheet stays as it is. */
  finish(): GameGroup[] {
    for (const player of this.players) player.complete = true;
    this.previous = undefined;
    return this.giveOut(true);
  }

  /** The first page of the first game not yet given out; any game given out later starts at or after it. */
  get waitingFrom(): PageRef | undefined {
    const waiting = this.players.slice(this.next).find((player) => !player.grouped);
    return waiting ? pageRef(waiting.pages[0]) : undefined;
  }

  /** A later sheet of the same game, right after the one before it in the same file. */
  private continues(player: OpenPlayer, page: PageRead): boolean {
    const last = player.pages[player.pages.length - 1];
    const qr = page.read.located.qr;
    const lastQr = last.read.located.qr;
    return last.file === page.file && qr !== undefined && lastQr !== undefined
      && qr.sheet === lastQr.sheet + 1 && qr.of === lastQr.of && qr.copy === lastQr.copy;
  }

  private giveOut(finished: boolean): GameGroup[] {
    const groups: GameGroup[] = [];
    for (; this.next < this.players.length; this.next += 1) {
      const player = this.players[this.next];
      if (player.grouped) continue;
      const index = this.next;
      // The QR says both copies belong to one game: decode them jointly.
      const partner = player.key !== undefined && player.copy !== undefined
        ? this.players.find((other, at) => at > index && !other.grouped && other.key === player.key && other.copy !== undefined && other.copy !== player.copy)
        : this.options.pair ? this.players.slice(index + 1).find((other) => !other.grouped) : undefined;
      // Waiting: for the other copy or the next game to pair with, or for this player's or its partner's sheets.
      const partnerMayCome = partner === undefined && (player.key !== undefined && player.copy !== undefined ? true : this.options.pair === true);
      if (!finished && (partnerMayCome || !player.complete || (partner !== undefined && !partner.complete))) break;
      player.grouped = true;
      if (partner) partner.grouped = true;
      const ordered = partner ? (player.copy === 'black' ? [partner, player] : [player, partner]) : [player];
      groups.push({ players: ordered.map(named) });
      for (const given of ordered) given.pages = [];
    }
    return groups;
  }
}

function named(player: OpenPlayer): PlayerPages {
  const pages = [...player.pages].sort((a, b) => sheetOf(a) - sheetOf(b));
  return {
    name: player.copy ?? player.pages[0].file, pages,
    ...(player.repeats ? { repeats: player.repeats } : {}),
  };
}

/** Groups pages (in input order) into games, in the order their first page came. */
export function groupGames(pages: readonly PageRead[], options: { readonly pair?: boolean } = {}): GameGroup[] {
  const grouper = new GameGrouper(options);
  for (const page of pages) grouper.add(page);
  return grouper.finish();
}
