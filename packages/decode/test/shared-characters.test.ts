/**
 * A reader's bound of a move is taken over the characters every spelling of the move holds (spellings.ts
 * `sharedCharacters`, EmissionModel.emissionBound): a character counted there that some spelling lacks would let
 * the bound fall below that spelling's score, and the search would drop a move it should have kept.
 */
import { describe, expect, it } from 'vitest';
import { initialPosition, parseFen, squareName, type Position } from '@zapis/core';
import { readPerftSuite, sharedPath, skipWithoutShared } from '@zapis/testkit';
import type { LanguageCode } from '@zapis/notation';
import { describeLegalMoves } from '../src/candidate-moves.js';
import { moveSpellings, sharedCharacters, spellingPriorsOf, weightedSpellings } from '../src/spellings.js';

const LANGUAGES: readonly LanguageCode[] = ['en', 'pl', 'de', 'fr', 'cs', 'ru'];

/** Whether `text` holds every character of `shared`, as many times. */
function holds(text: string, shared: string): boolean {
  const left = [...text];
  return [...shared].every((character) => {
    const at = left.indexOf(character);
    if (at >= 0) left.splice(at, 1);
    return at >= 0;
  });
}

/** Every move of the position in every language: its shared characters are in each spelling it may be written in. */
function checkPosition(position: Position): { moves: number; destinations: number } {
  let moves = 0;
  let destinations = 0;
  for (const language of LANGUAGES) {
    for (const description of describeLegalMoves(position)) {
      const slots = moveSpellings(description, language, spellingPriorsOf(language));
      const shared = sharedCharacters(slots);
      for (const { text, probability } of weightedSpellings(slots)) {
        if (probability > 0) expect(holds(text, shared), `${text} holds ${shared} (${language})`).toBe(true);
      }
      // Informative, not empty: a move that does not capture with a pawn is always written with its destination.
      const square = squareName(description.to);
      if (!description.castle && !(description.piece === 'pawn' && description.capture) && shared.includes(square)) destinations += 1;
      moves += 1;
    }
  }
  return { moves, destinations };
}

describe('the characters every spelling of a move holds', () => {
  it('are in every spelling of every move, on tricky positions (castling, en passant, promotions, mates) in six languages', () => {
    let moves = 0;
    let destinations = 0;
    const add = (checked: { moves: number; destinations: number }) => {
      moves += checked.moves;
      destinations += checked.destinations;
    };
    add(checkPosition(initialPosition()));
    for (const fen of ['r3k2r/1P6/8/3pP3/8/8/6p1/R3K2R w KQkq d6 0 1', '7k/5P2/6K1/8/8/8/8/8 w - - 0 1']) {
      const parsed = parseFen(fen);
      if (!parsed.ok) throw new Error(parsed.error.message);
      add(checkPosition(parsed.value));
    }
    if (!skipWithoutShared()) {
      for (const { fen } of readPerftSuite(sharedPath('perft/python-chess_tricky.perft')).slice(0, 40)) {
        const parsed = parseFen(fen);
        if (parsed.ok && !parsed.value.chess960) add(checkPosition(parsed.value));
      }
    }
    expect(moves).toBeGreaterThan(skipWithoutShared() ? 300 : 1_500);
    expect(destinations).toBeGreaterThan(moves / 3);
  });
});
