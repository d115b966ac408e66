/**
 * The desk worker: decoding takes up to a few hundred milliseconds, which the
 * page must not freeze for. It keeps, per game, what the next decode can
 * reuse: the game's material as first received (its rebuilt scorers keep what
 * they scored), the positions the search met, the search itself (the next one
 * goes on from the ply a confirmation changes), and the language chosen, so a
 * person's confirmation re-decodes quickly. While the person looks at a move,
 * it decodes what they are likely to confirm there, ahead (@zapis/desk's DecodeAhead).
 * The page starts two: one answers at once with the narrow search, the other
 * (named DEEP_DESK_WORKER) searches a badly read sheet again deep, as
 * `zapis read` does, and decodes the game's corrections once its answer is shown.
 */
import {
  DecodeAhead, KeptGames, OtherReadingClient, confirmationKey, decodeKeptGame, decodeKeptGameGivingWay, gamesOf, keptAheadGames, parseTypedMove, roundPgn, type DeskGameSource,
  type DeskInput, type KeptGame,
} from '@zapis/desk';
import { DEEP_DESK_WORKER, materialKey, stopsWorkAhead, type DeskReply, type DeskRequest } from './desk-protocol.js';
import { deskLink } from './other-reading-link.js';

/** Games kept, least recently decoded first: a round's worth, the last few warm (@zapis/desk's KeptGames). */
const kept = new KeptGames({
  forgotten: (id) => {
    ahead.forget(id);
    otherReading?.forget(id);
  },
});

/** Every decode of this worker's games searches deep, or none does (a game's reuse keeps the search it ran). */
const search = { deepSearch: self.name === DEEP_DESK_WORKER };

const post = (reply: DeskReply): void => (self as unknown as Worker).postMessage(reply);

/** The deep worker: the other desk worker's decodes under way, which its searches give way to (shared memory only). */
let giveWayTo: Int32Array | undefined;

/** PP-OCR alone's decodes, on the other core beside this worker's (a cross-origin isolated page only). */
let otherReading: OtherReadingClient | undefined;
const otherReadingOf = (id: string, game: KeptGame) => otherReading?.decoderFor(id, game);

const ahead = new DecodeAhead(keptAheadGames(kept, otherReadingOf, search), { used: (id, key) => otherReading?.used(id, key) });

/** The inputs given, by id (sent once each), and the games last found in them. */
let inputs = new Map<string, DeskInput>();
let grouped = new Map<string, DeskGameSource>();

/**
 * A source as the page gets it: its scan pages without each cell's frames (megabytes a page, which only the worker
 * decodes with; the page shows and keeps its own inputs).
 */
function withoutFrames(source: DeskGameSource): DeskGameSource {
  if (source.kind !== 'scan') return source;
  return {
    ...source,
    players: source.players.map((player) => ({
      ...player,
      pages: player.pages.map((page) => ({ ...page, read: { ...page.read, cells: page.read.cells.map(({ frames: _frames, ...cell }) => cell) } })),
    })),
  };
}

self.onmessage = (event: MessageEvent<DeskRequest>): void => {
  const message = event.data;
  if (stopsWorkAhead(message)) ahead.taken();
  try {
    if (message.kind === 'signals') {
      ahead.attach(message.waiting);
      giveWayTo = message.giveWayTo;
      if (message.otherReading) otherReading = new OtherReadingClient(deskLink(message.otherReading));
    } else if (message.kind === 'look') {
      if (kept.get(message.id)?.key === message.key) ahead.look(message.id, message.ply);
    } else if (message.kind === 'typing') {
      const result = parseTypedMove(message.fen, message.text);
      post({ kind: 'typing', request: 0, fen: message.fen, text: message.text, result });
      if (result.ok && kept.get(message.id)?.key === message.key) ahead.typed(message.id, message.ply, result.san);
    } else if (message.kind === 'games') {
      const given = message.inputs.flatMap((input) => {
        const found = input.kind === 'known' ? inputs.get(input.id) : input;
        return found ? [found] : [];
      });
      if (given.length < message.inputs.length) {
        post({ kind: 'unknown', request: message.request });
        return;
      }
      // Inputs not named any more (cleared from the desk) are let go.
      inputs = new Map(given.map((input) => [input.id, input]));
      const { games, failures } = gamesOf([...inputs.values()]);
      grouped = new Map(games.map((source) => [source.id, source]));
      post({ kind: 'games', request: message.request, games: games.map(withoutFrames), failures });
    } else if (message.kind === 'decode') {
      const started = performance.now();
      const source = grouped.get(message.id);
      const game = kept.take(message.id, message.key, source && materialKey(source) === message.key ? source : undefined, materialKey);
      if (!game) {
        post({ kind: 'unknown', request: message.request });
        return;
      }
      const confirmations = new Map(message.confirmations);
      const early = ahead.answer(message.id, confirmationKey(confirmations));
      const decoded = early ?? (giveWayTo
        ? decodeKeptGameGivingWay(game, confirmations, giveWayTo, otherReadingOf(message.id, game), search, (key) => otherReading?.used(message.id, key))
        : decodeKeptGame(game, confirmations, otherReadingOf(message.id, game), search));
      game.last = { confirmations, game: decoded };
      post({
        kind: 'decoded', request: message.request, game: decoded, milliseconds: performance.now() - started, ahead: early !== undefined,
        otherReadings: otherReading?.answered ?? 0,
      });
      ahead.decoded(message.id);
    } else if (message.kind === 'export') {
      post({ kind: 'exported', request: message.request, round: roundPgn(message.games) });
    } else {
      post({ kind: 'typed', request: message.request, result: parseTypedMove(message.fen, message.text) });
    }
  } catch (error) {
    post({ kind: 'failed', request: message.request, message: error instanceof Error ? error.message : String(error) });
  }
  ahead.schedule();
};
post({ kind: 'ready', request: 0 });
