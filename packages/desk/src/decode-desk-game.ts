/**
 * One game decoded for review, with the moves a person confirmed. A
 * confirmation that cannot be played where it stands (the moves before it
 * changed since) is not dropped silently: the game is decoded without it, and
 * it is listed in `rejected` with an error diagnostic at its ply. A move the
 * game as read was sure of that a confirmation changed is flagged (changed-moves.ts), and so is every move
 * between a refused confirmation and the confirmed move before it (refused-moves.ts).
 * Never throws, but for a decode run ahead that its caller stops (SearchCache.ahead catches that).
 */
import { isStoppedAhead } from '@zapis/decode';
import { markChangedMoves } from './changed-moves.js';
import { markBeforeRefused } from './refused-moves.js';
import type { Confirmations } from './confirmations.js';
import type { DeskDecodeOptions } from './decode-options.js';
import type { DeskGame } from './desk-game.js';
import type { DeskGameSource } from './game-source.js';
import { decodeScanSource } from './scan-decode.js';
import { decodeTextSource, type DecodeAttempt } from './text-decode.js';

const NO_CONFIRMATIONS: Confirmations = new Map();

export function decodeDeskGame(source: DeskGameSource, confirmations: Confirmations = NO_CONFIRMATIONS, options: DeskDecodeOptions = {}): DeskGame {
  const kept = new Map(confirmations);
  const rejected: DeskGame['rejected'] = [];
  try {
    for (;;) {
      const attempt: DecodeAttempt = source.kind === 'text' ? decodeTextSource(source, kept, options) : decodeScanSource(source, kept, options);
      const { decoded } = attempt;
      if (!decoded.ok && decoded.error.code === 'confirmed-illegal' && decoded.error.ply !== undefined && kept.has(decoded.error.ply)) {
        const ply = decoded.error.ply;
        rejected.push({ ply, san: kept.get(ply) ?? '', message: decoded.error.message });
        kept.delete(ply);
        continue;
      }
      const diagnostics = [
        ...rejected.map((entry) => ({ severity: 'error' as const, code: 'confirmed-illegal', message: `${entry.message}; the game is shown without it`, ply: entry.ply })),
        ...attempt.game.diagnostics,
      ];
      const game: DeskGame = markBeforeRefused({ ...attempt.game, status: rejected.length > 0 ? 'error' : attempt.game.status, diagnostics, rejected });
      if (kept.size === 0) return game;
      // Told against the game as read: decoded on its own here when the caller keeps none (it is the same every time).
      const { reuse: _reuse, asRead: given, ...plain } = options;
      return markChangedMoves(game, given ?? decodeDeskGame(source, NO_CONFIRMATIONS, plain));
    }
  } catch (error) {
    // Stopped ahead, it is no decode: answered as a failed game, it would be kept as one (the game as read, say).
    if (isStoppedAhead(error)) throw error;
    // A bug, not bad input: the game says so and the other games go on.
    return {
      id: source.id, title: source.name, tags: {}, language: options.language ?? 'auto', status: 'error', moves: [], flagged: [], confirmedCount: 0,
      sheets: [], disagreements: [], startFen: '', rejected, unexplained: [],
      diagnostics: [{ severity: 'error', code: 'internal', message: `could not decode the game: ${(error as Error).message}` }],
    };
  }
}
