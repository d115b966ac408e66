/**
 * A confirmed move the decoder cannot play says the game before it is not the
 * true game: no game the readings allow leads to it. Left as it was, the moves
 * before it could all be unflagged, and the person would not know where the
 * game went astray (a misread move between the two, Qd3 decoded as Bd3, say,
 * could stand unflagged). So every move between the confirmed move before it (or the
 * start) and the refused one goes on the review list as 'before-refused',
 * naming the refused move (`refusedAfter`), and the move the decoder plays
 * where the refused one stands as 'refused'.
 */
import type { DeskGame, DeskMove } from './desk-game.js';
import { writtenSan } from './written-move.js';

export function markBeforeRefused(game: DeskGame): DeskGame {
  if (game.rejected.length === 0 || game.moves.length === 0) return game;
  const confirmedPlies = game.moves.filter((move) => move.confirmed).map((move) => move.ply);
  /** Per ply, the refused move it stands before (the nearest one). */
  const refusedAfter = new Map<number, NonNullable<DeskMove['refusedAfter']>>();
  for (const refused of [...game.rejected].sort((a, b) => b.ply - a.ply)) {
    const from = Math.max(0, ...confirmedPlies.filter((ply) => ply < refused.ply)) + 1;
    // Shown in the game's letters; it cannot be played here, so writtenSan translates its text.
    const fen = game.moves[Math.min(refused.ply, game.moves.length) - 1].fenBefore;
    const named = { ply: refused.ply, san: refused.san, written: writtenSan(fen, refused.san, game.language) };
    for (let ply = from; ply <= refused.ply && ply <= game.moves.length; ply++) refusedAfter.set(ply, named);
  }
  if (refusedAfter.size === 0) return game;
  const moves = game.moves.map((move): DeskMove => {
    const refused = refusedAfter.get(move.ply);
    if (!refused || move.confirmed) return move;
    const reason = refused.ply === move.ply ? 'refused' : 'before-refused';
    return { ...move, review: true, reviewReasons: [...move.reviewReasons.filter((known) => known !== reason), reason], refusedAfter: refused };
  });
  return { ...game, moves, flagged: moves.filter((move) => move.review).map((move) => move.ply) };
}
