/**
 * A kept game decoded again, as a desk worker does for each request: with the
 * game's reuse (the next decode goes on from this one's search), in the letters
 * found first (a person's confirmations do not change them), and told against
 * the game as read (no confirmations), which is decoded first, once, and kept.
 * A worker that searches deep (`deepSearch`) does so in every decode of its
 * games, the game as read and decodes ahead included: its reuse then holds the
 * deep search, and a confirmation goes on from it.
 */
import type { AheadGames } from './decode-ahead.js';
import type { Confirmations } from './confirmations.js';
import { decodeDeskGame } from './decode-desk-game.js';
import type { DeskGame } from './desk-game.js';
import type { KeptGame, KeptGames } from './kept-games.js';
import type { LanguageCode } from '@zapis/notation';
import type { OtherReadingDecoder } from '@zapis/decode';
import { confirmationKey } from './likely-confirmations.js';

const NONE: Confirmations = new Map();

/** How a worker searches its games (the same for every decode of a kept game: its reuse keeps what that search met). */
export interface KeptSearch {
  /** Search a badly read sheet again deep, as `zapis read` does (DeskDecodeOptions.deepSearch). */
  readonly deepSearch?: boolean;
}

export function decodeKeptGame(game: KeptGame, confirmations: Confirmations, otherReading?: OtherReadingDecoder, search: KeptSearch = {}): DeskGame {
  if (confirmations.size > 0 && !game.asRead) decodeKeptGame(game, NONE, otherReading, search);
  const language = confirmations.size > 0 && game.language ? { language: game.language as LanguageCode } : {};
  // A decode run ahead and stopped throws through here (decodeDeskGame lets it): nothing half-done is kept.
  const decoded = decodeDeskGame(game.source, confirmations, {
    reuse: game.reuse, ...language, ...(game.asRead ? { asRead: game.asRead } : {}), ...(otherReading ? { otherReading } : {}),
    ...(search.deepSearch === true ? { deepSearch: true } : {}),
  });
  if (decoded.status === 'ok' || decoded.moves.length > 0) game.language ??= decoded.language;
  if (confirmations.size === 0) game.asRead = decoded;
  return decoded;
}

/**
 * `decodeKeptGame`, giving way between plies while `busy[0]` is above zero: there another thread decodes what a
 * person is waiting for (a correction), and a deep search beside it must not halve its core. The decode is the same
 * as without giving way; `used` is told its confirmations (`confirmationKey`), for the other reading's thread to keep
 * its search too.
 */
export function decodeKeptGameGivingWay(
  game: KeptGame, confirmations: Confirmations, busy: Int32Array, otherReading?: OtherReadingDecoder, search: KeptSearch = {}, used?: (key: string) => void,
): DeskGame {
  const giveWay = (): boolean => {
    for (let count = Atomics.load(busy, 0); count > 0; count = Atomics.load(busy, 0)) Atomics.wait(busy, 0, count, 50);
    return false;
  };
  // Run as a decode ahead only for its stop hook, asked at every ply; it never stops, and its search is kept.
  const decoded = game.reuse.ahead(giveWay, () => decodeKeptGame(game, confirmations, otherReading, search));
  if (!decoded) return decodeKeptGame(game, confirmations, otherReading, search);
  decoded.use();
  used?.(confirmationKey(confirmations));
  return decoded.value;
}

/** What `DecodeAhead` needs of a worker's kept games: each game's reuse and last decode, and its decode as a request's. */
export function keptAheadGames(kept: KeptGames, otherReading?: (id: string, game: KeptGame) => OtherReadingDecoder | undefined, search: KeptSearch = {}): AheadGames {
  return {
    game: (id) => {
      const game = kept.get(id);
      return game?.last ? { reuse: game.reuse, confirmations: game.last.confirmations, decoded: game.last.game } : undefined;
    },
    decode: (id, confirmations) => {
      const game = kept.get(id)!;
      return decodeKeptGame(game, confirmations, otherReading?.(id, game), search);
    },
  };
}
