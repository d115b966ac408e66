/**
 * A confirmation re-decodes the whole game; a move the game as read was sure of and the re-decode changed is put
 * in front of the person (reason 'changed', `was`, that move offered first), never changed unseen.
 */
import { describe, expect, it } from 'vitest';
import { describeMove, legalMoves, parseFen } from '@zapis/core';
import { englishSan } from '@zapis/core/internal';
import { decodeDeskGame, gamesOf, markChangedMoves, type DeskGame } from '../src/index.js';

const text = '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6';
const [source] = gamesOf([{ kind: 'text', id: 'ruy-lopez', name: 'ruy-lopez.txt', text }]).games;
const asRead = decodeDeskGame(source);
/** Every legal move's SAN in a position. */
function legalSans(fen: string): string[] {
  const position = parseFen(fen);
  if (!position.ok) throw new Error(position.error.message);
  return legalMoves(position.value).map((move) => englishSan(describeMove(position.value, move)));
}
const sans = (game: DeskGame): string[] => game.moves.map((move) => move.san);
const changed = (game: DeskGame): number[] => game.moves.filter((move) => move.reviewReasons.includes('changed')).map((move) => move.ply);

describe('moves a confirmation changes', () => {
  it('reads the text as written, with nothing in doubt', () => {
    expect(sans(asRead)).toEqual(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Ba4', 'Nf6', 'O-O', 'Be7', 'Re1', 'b5', 'Bb3', 'd6']);
    expect(asRead.flagged).toEqual([]);
  });

  it('flags a sure move that a confirmation elsewhere changed and says what it was', () => {
    // 1... Nc6 confirmed: 2... Nc6 can no longer be played, and the decoder picks another move there.
    const game = decodeDeskGame(source, new Map([[2, 'Nc6']]), { language: 'en' });
    expect(game.moves[1]).toMatchObject({ san: 'Nc6', confirmed: true });
    const moved = game.moves.filter((move, index) => move.san !== asRead.moves[index].san && !move.confirmed).map((move) => move.ply);
    expect(moved).toEqual([4]);
    expect(changed(game)).toEqual(moved);
    const fourth = game.moves[3];
    expect(fourth).toMatchObject({ review: true, was: { san: 'Nc6', written: 'Nc6' } });
    expect(fourth.san).not.toBe('Nc6');
    // Nc6 cannot be played there any more (the knight is on c6): it is named, not offered.
    expect(fourth.alternatives.map((alternative) => alternative.san)).not.toContain('Nc6');
    expect(game.flagged).toEqual(game.moves.filter((move) => move.review).map((move) => move.ply));
    expect(game.flagged).toContain(4);
    // The game as read given by the caller (the desk worker keeps it) tells the same.
    expect(decodeDeskGame(source, new Map([[2, 'Nc6']]), { language: 'en', asRead })).toEqual(game);
  });

  it('flags every move a confirmation shifts, however many', () => {
    // 1. d4 confirmed: the decoder now reads the written moves two plies later, and changes ten of them.
    const game = decodeDeskGame(source, new Map([[1, 'd4']]), { language: 'en' });
    const moved = game.moves.filter((move, index) => asRead.moves[index] !== undefined && move.san !== asRead.moves[index].san && !move.confirmed);
    expect(moved.length).toBeGreaterThan(5);
    for (const move of moved) expect(move).toMatchObject({ review: true, was: { san: asRead.moves[move.ply - 1].san } });
    // Where the move the game as read had can still be played, it is offered first; where it cannot, not at all.
    const stillPlayable = moved.filter((move) => legalSans(move.fenBefore).includes(asRead.moves[move.ply - 1].san));
    expect(stillPlayable.length).toBeGreaterThan(0);
    expect(stillPlayable.length).toBeLessThan(moved.length);
    for (const move of moved) {
      const was = asRead.moves[move.ply - 1].san;
      if (stillPlayable.includes(move)) expect(move.alternatives[0].san).toBe(was);
      else expect(move.alternatives.map((alternative) => alternative.san)).not.toContain(was);
    }
    expect(changed(game)).toEqual(moved.map((move) => move.ply));
  });

  it('leaves a game alone where nothing the game as read was sure of changed, and never marks a move the person confirmed', () => {
    expect(markChangedMoves(asRead, asRead)).toBe(asRead);
    const confirmed = decodeDeskGame(source, new Map([[3, 'Nf3']]), { language: 'en' });
    expect(changed(confirmed)).toEqual([]);
    // A move the game as read already had in doubt is not marked again: it was on the list then.
    const doubted: DeskGame = { ...asRead, moves: asRead.moves.map((move) => (move.ply === 4 ? { ...move, review: true } : move)) };
    expect(changed(decodeDeskGame(source, new Map([[2, 'Nc6']]), { language: 'en', asRead: doubted }))).toEqual([]);
  });

  it('says so when a confirmation ends the game before sure moves of the game as read', () => {
    const confirmed = decodeDeskGame(source, new Map([[2, 'Nc6']]), { language: 'en', asRead });
    const shorter: DeskGame = { ...confirmed, moves: confirmed.moves.slice(0, 10), diagnostics: [] };
    const told = markChangedMoves(shorter, asRead);
    expect(told.diagnostics).toEqual([{
      severity: 'warning', code: 'changed-end', ply: 11,
      message: 'since a move was confirmed the game ends after 10 plies; as read it went on with Re1 b5 Bb3 d6',
    }]);
    expect(markChangedMoves(confirmed, asRead).diagnostics.filter((diagnostic) => diagnostic.code === 'changed-end')).toEqual([]);
  });
});
