/**
 * A confirmation re-decodes the whole game, and the decoder may then change a
 * move it was sure of, before the confirmed move as well as after it (an
 * earlier Re8 into Rc8, say, and later moves with it, some of them
 * unflagged). Such a move is never changed unseen: it goes on the review list
 * as 'changed', says what the game as read had (`was`), and offers that move
 * first where it can still be played. A game that a confirmation ended before
 * sure moves of the game as read says so in a warning ('changed-end').
 */
import type { DeskGame, DeskMove } from './desk-game.js';
import { parseTypedMove } from './typed-move.js';

/** `game` decoded with a person's confirmations; `asRead` the same game decoded with none. */
export function markChangedMoves(game: DeskGame, asRead: DeskGame): DeskGame {
  let marked = false;
  const moves = game.moves.map((move): DeskMove => {
    const before = asRead.moves[move.ply - 1];
    if (move.confirmed || before === undefined || before.review || before.san === move.san) return move;
    marked = true;
    // Offered only where it can still be played: the confirmation may have made it illegal (its piece moved).
    const playable = parseTypedMove(move.fenBefore, before.san, 'en');
    const offered = move.alternatives.find((alternative) => alternative.san === before.san)
      ?? (playable.ok ? { san: playable.san, written: before.written, probability: 0 } : undefined);
    return {
      ...move,
      review: true,
      reviewReasons: [...move.reviewReasons.filter((reason) => reason !== 'changed'), 'changed'],
      was: { san: before.san, written: before.written },
      alternatives: offered ? [offered, ...move.alternatives.filter((alternative) => alternative.san !== offered.san)] : move.alternatives,
    };
  });
  // Sure moves the game as read went on with, that the game no longer has: said, never dropped unseen.
  const lost = asRead.moves.slice(moves.length).filter((move) => !move.review);
  if (!marked && lost.length === 0) return game;
  const ended = lost.length === 0 ? [] : [{
    severity: 'warning' as const, code: 'changed-end', ply: moves.length + 1,
    message: `since a move was confirmed the game ends after ${moves.length} plies; as read it went on with ${asRead.moves.slice(moves.length).map((move) => move.written).join(' ')}`,
  }];
  return { ...game, moves, flagged: moves.filter((move) => move.review).map((move) => move.ply), diagnostics: [...game.diagnostics, ...ended] };
}
