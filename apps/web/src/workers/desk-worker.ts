/**
 * The desk worker: decoding takes up to a few hundred milliseconds, which the
 * page must not freeze for. It keeps, per game, what the next decode can
 * reuse: the game's material as first received (its rebuilt scorers keep what
 * they scored), the positions the search met, the search itself (the next one
 * goes on from the ply a confirmation changes), and the language chosen, so a
 * person's confirmation re-decodes quickly. While the person looks at a move,
 * it decodes what they are likely to confirm there, ahead (@zapis/desk's DecodeAhead).
 */
import {
  DecodeAhead, KeptGames, confirmationKey, decodeKeptGame, gamesOf, keptAheadGames, parseTypedMove, roundPgn,
} from '@zapis/desk';
import { materialKey, stopsWorkAhead, type DeskReply, type DeskRequest } from './desk-protocol.js';

/** Games kept, least recently decoded first: a round's worth, the last few warm (@zapis/desk's KeptGames). */
const kept = new KeptGames({ forgotten: (id) => ahead.forget(id) });

const post = (reply: DeskReply): void => (self as unknown as Worker).postMessage(reply);

const ahead = new DecodeAhead(keptAheadGames(kept));

self.onmessage = (event: MessageEvent<DeskRequest>): void => {
  const message = event.data;
  if (stopsWorkAhead(message)) ahead.taken();
  try {
    if (message.kind === 'signals') {
      ahead.attach(message.waiting);
    } else if (message.kind === 'look') {
      if (kept.get(message.id)?.key === message.key) ahead.look(message.id, message.ply);
    } else if (message.kind === 'typing') {
      const result = parseTypedMove(message.fen, message.text);
      post({ kind: 'typing', request: 0, fen: message.fen, text: message.text, result });
      if (result.ok && kept.get(message.id)?.key === message.key) ahead.typed(message.id, message.ply, result.san);
    } else if (message.kind === 'games') {
      const { games, failures } = gamesOf(message.inputs);
      post({ kind: 'games', request: message.request, games, failures });
    } else if (message.kind === 'decode') {
      const started = performance.now();
      const game = kept.take(message.id, message.key, message.source, materialKey);
      if (!game) {
        post({ kind: 'unknown', request: message.request });
        return;
      }
      const confirmations = new Map(message.confirmations);
      const early = ahead.answer(message.id, confirmationKey(confirmations));
      const decoded = early ?? decodeKeptGame(game, confirmations);
      game.last = { confirmations, game: decoded };
      post({ kind: 'decoded', request: message.request, game: decoded, milliseconds: performance.now() - started, ahead: early !== undefined });
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
