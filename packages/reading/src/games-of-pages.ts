/**
 * Read pages, as they come, to games in input order: each game decoded as soon as no later page can change it
 * (GameGrouper.settled) and let go, so that a round's first games come out while the rest is read and memory holds
 * only the pages still waiting. A page that could not be read is given twice: at once, as it comes (to be said on a
 * terminal), and again in its place among the games (for a report that keeps input order).
 */
import type { PageOutcome } from '@zapis/ocr';
import { GameGrouper, type GameGroup } from './group-games.js';
import { decodeGroup, type DecodeGroupOptions, type ReadGame } from './read-game.js';

export type PageFailure = Extract<PageOutcome, { ok: false }>;

export type GamesOfPagesEvent =
  /** A page as it was read, before anything it settles. */
  | { readonly kind: 'page'; readonly outcome: PageOutcome }
  /** A game, decoded, in input order by its first page. */
  | { readonly kind: 'game'; readonly game: ReadGame }
  /** A page that could not be read, in its place in input order. */
  | { readonly kind: 'unread'; readonly failure: PageFailure }
  /** All that the last page settled has been given: what comes next waits for the next page (a time to show progress). */
  | { readonly kind: 'idle' };

export interface GamesOfPagesOptions {
  /** The input files' names in input order: games and failures are ordered by the file and page each starts on. */
  readonly files: readonly string[];
  /** Sheets without a QR code come two by two, White's and Black's. */
  readonly pair?: boolean;
  readonly decode?: DecodeGroupOptions;
}

export async function* gamesOfPages(pages: AsyncIterable<PageOutcome>, options: GamesOfPagesOptions): AsyncGenerator<GamesOfPagesEvent> {
  const order = new Map(options.files.map((file, index) => [file, index]));
  const at = (where: { file: string; page?: number }): number => (order.get(where.file) ?? options.files.length) * 1e6 + (where.page ?? 0);
  const firstPage = (group: GameGroup): number => Math.min(...group.players.flatMap((player) => player.pages.map(at)));
  const grouper = new GameGrouper({ pair: options.pair === true });
  const unwritten: PageFailure[] = [];
  function* failuresBefore(limit: number): Generator<GamesOfPagesEvent> {
    while (unwritten.length > 0 && at(unwritten[0]) < limit) yield { kind: 'unread', failure: unwritten.shift()! };
  }
  function* settled(groups: readonly GameGroup[]): Generator<GamesOfPagesEvent> {
    for (const group of groups) {
      yield* failuresBefore(firstPage(group));
      yield { kind: 'game', game: decodeGroup(group, options.decode) };
    }
    const waiting = grouper.waitingFrom;
    yield* failuresBefore(waiting ? at(waiting) : Infinity);
  }
  for await (const outcome of pages) {
    yield { kind: 'page', outcome };
    if (outcome.ok) grouper.add({ file: outcome.file, page: outcome.page, read: outcome.read });
    else unwritten.push(outcome);
    yield* settled(grouper.settled());
    yield { kind: 'idle' };
  }
  yield* settled(grouper.finish());
}
