/**
 * Standard English SAN from a move description: a small helper for tests and
 * diagnostics. Every other notation belongs to @zapis/notation.
 */
import type { MoveDescription } from './move-description.js';
import { squareName } from './squares.js';

const LETTERS: Record<string, string> = { knight: 'N', bishop: 'B', rook: 'R', queen: 'Q', king: 'K', pawn: '' };

export function englishSan(description: MoveDescription): string {
  const suffix = description.mate ? '#' : description.check ? '+' : '';
  if (description.castle) return (description.castle === 'king' ? 'O-O' : 'O-O-O') + suffix;
  const from = squareName(description.from);
  let text = LETTERS[description.piece];
  if (description.piece === 'pawn') {
    if (description.capture) text += from[0];
  } else if (description.disambiguation === 'file') text += from[0];
  else if (description.disambiguation === 'rank') text += from[1];
  else if (description.disambiguation === 'both') text += from;
  if (description.capture) text += 'x';
  text += squareName(description.to);
  if (description.promotion) text += '=' + LETTERS[description.promotion];
  return text + suffix;
}
