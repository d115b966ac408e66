/**
 * A kept game decoded again, as a desk worker does for each request: with the
 * game's reuse (the next decode goes on from this one's search), in the letters
 * found first (a person's confirmations do not change them), and told against
 * the game as read (no confirmations), which is decoded first, once, and kept.
 */
import type { AheadGames } from './decode-ahead.js';
import type { Confirmations } from './confirmations.js';
import { decodeDeskGame } from './decode-desk-game.js';
import type { DeskGame } from './desk-game.js';
import type { KeptGame, KeptGames } from './kept-games.js';
import type { LanguageCode } from '@zapis/notation';
import type { OtherReadingDecoder } from '@zapis/decode';

const NONE: Confirmations = new Map();

export function decodeKeptGame(game: KeptGame, confirmations: Confirmations, otherReading?: OtherReadingDecoder): DeskGame {
  if (confirmations.size > 0 && !game.asRead) decodeKeptGame(game, NONE, otherReading);
  const language = confirmations.size > 0 && game.language ? { language: game.language as LanguageCode } : {};
  // A decode run ahead and stopped throws through here (decodeDeskGame lets it): nothing half-done is kept.
  const decoded = decodeDeskGame(game.source, confirmations, {
    reuse: game.reuse, ...language, ...(game.asRead ? { asRead: game.asRead } : {}), ...(otherReading ? { otherReading } : {}),
  });
  if (decoded.status === 'ok' || decoded.moves.length > 0) game.language ??= decoded.language;
  if (confirmations.size === 0) game.asRead = decoded;
  return decoded;
}

/** What `DecodeAhead` needs of a worker's kept games: each game's reuse and last decode, and its decode as a request's. */
export function keptAheadGames(kept: KeptGames, otherReading?: (id: string, game: KeptGame) => OtherReadingDecoder | undefined): AheadGames {
  return {
    game: (id) => {
      const game = kept.get(id);
      return game?.last ? { reuse: game.reuse, confirmations: game.last.confirmations, decoded: game.last.game } : undefined;
    },
    decode: (id, confirmations) => {
      const game = kept.get(id)!;
      return decodeKeptGame(game, confirmations, otherReading?.(id, game));
    },
  };
}
