/** The desk worker: decoding takes up to a few hundred milliseconds, which the page must not freeze for. */
import { decodeDeskGame, gamesOf, parseTypedMove } from '@zapis/desk';
import type { DeskReply, DeskRequest } from './desk-protocol.js';

const post = (reply: DeskReply): void => (self as unknown as Worker).postMessage(reply);

self.onmessage = (event: MessageEvent<DeskRequest>): void => {
  const message = event.data;
  try {
    if (message.kind === 'games') {
      const { games, failures } = gamesOf(message.inputs);
      post({ kind: 'games', request: message.request, games, failures });
    } else if (message.kind === 'decode') {
      const started = performance.now();
      const game = decodeDeskGame(message.source, new Map(message.confirmations));
      post({ kind: 'decoded', request: message.request, game, milliseconds: performance.now() - started });
    } else {
      post({ kind: 'typed', request: message.request, result: parseTypedMove(message.fen, message.text) });
    }
  } catch (error) {
    post({ kind: 'failed', request: message.request, message: error instanceof Error ? error.message : String(error) });
  }
};
post({ kind: 'ready', request: 0 });
