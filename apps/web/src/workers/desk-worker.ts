/**
 * The desk worker: decoding takes up to a few hundred milliseconds, which the
 * page must not freeze for. It keeps, per game, what the next decode can
 * reuse: the game's material as first received (its rebuilt scorers keep what
 * they scored), the positions the search met, the search itself (the next one
 * goes on from the ply a confirmation changes), and the language chosen, so a
 * person's confirmation re-decodes quickly. While the person looks at a move,
 * it decodes what they are likely to confirm there, ahead (@zapis/desk's DecodeAhead).
 */
import { DecodeReuse } from '@zapis/decode';
import {
  DecodeAhead, confirmationKey, decodeDeskGame, gamesOf, parseTypedMove, roundPgn, type DeskGame, type DeskGameSource,
} from '@zapis/desk';
import type { LanguageCode } from '@zapis/notation';
import { materialKey, waitsForReply, type DeskReply, type DeskRequest } from './desk-protocol.js';

interface KeptGame {
  readonly key: string;
  readonly source: DeskGameSource;
  readonly reuse: DecodeReuse;
  language?: string;
  /** The last game decoded, with its confirmations: what decoding ahead starts from. */
  last?: { readonly confirmations: ReadonlyMap<number, string>; readonly game: DeskGame };
}

/** Games kept, least recently decoded first; a round's worth at most. */
const kept = new Map<string, KeptGame>();
const KEPT_GAMES = 64;
/** The most recently decoded games also keep their last search, to go on from at the ply a confirmation changes. */
const SEARCHES_KEPT = 8;

const post = (reply: DeskReply): void => (self as unknown as Worker).postMessage(reply);

function keptGame(id: string, key: string, source: DeskGameSource | undefined): KeptGame | undefined {
  let game = kept.get(id);
  if (!game || game.key !== key) {
    if (!source) return undefined;
    game = { key: materialKey(source), source, reuse: new DecodeReuse() };
    ahead.forget(id);
  }
  kept.delete(id);
  kept.set(id, game);
  while (kept.size > KEPT_GAMES) {
    const oldest = kept.keys().next().value as string;
    kept.delete(oldest);
    ahead.forget(oldest);
  }
  // A kept search is a whole lattice: only the games a person is likely to come back to keep theirs.
  let older = kept.size - SEARCHES_KEPT;
  for (const other of kept.values()) if (older-- > 0) other.reuse.forgetSearches();
  return game;
}

/** A person's confirmations do not change the letters the sheet is written in: keep the language found. */
function decodeKept(game: KeptGame, confirmations: ReadonlyMap<number, string>): DeskGame {
  const language = confirmations.size > 0 && game.language ? { language: game.language as LanguageCode } : {};
  return decodeDeskGame(game.source, confirmations, { reuse: game.reuse, ...language });
}

const ahead = new DecodeAhead({
  game: (id) => {
    const game = kept.get(id);
    return game?.last ? { reuse: game.reuse, confirmations: game.last.confirmations, decoded: game.last.game } : undefined;
  },
  decode: (id, confirmations) => decodeKept(kept.get(id)!, confirmations),
});

self.onmessage = (event: MessageEvent<DeskRequest>): void => {
  const message = event.data;
  if (waitsForReply(message)) ahead.taken();
  try {
    if (message.kind === 'signals') {
      ahead.attach(message.waiting);
    } else if (message.kind === 'look') {
      if (kept.get(message.id)?.key === message.key) ahead.look(message.id, message.ply);
    } else if (message.kind === 'games') {
      const { games, failures } = gamesOf(message.inputs);
      post({ kind: 'games', request: message.request, games, failures });
    } else if (message.kind === 'decode') {
      const started = performance.now();
      const game = keptGame(message.id, message.key, message.source);
      if (!game) {
        post({ kind: 'unknown', request: message.request });
        return;
      }
      const confirmations = new Map(message.confirmations);
      const early = ahead.answer(message.id, confirmationKey(confirmations));
      const decoded = early ?? decodeKept(game, confirmations);
      if (decoded.status === 'ok' || decoded.moves.length > 0) game.language ??= decoded.language;
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
