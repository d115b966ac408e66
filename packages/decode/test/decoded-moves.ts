/** Test helper: the moves decoded from a transcription, which must decode. */
import { expect } from 'vitest';
import { decodeText, type DecodedMove, type DecodeOptions } from '../src/index.js';

export function decodedMoves(text: string, options: DecodeOptions): readonly DecodedMove[] {
  const [game] = decodeText(text, options);
  expect(game.decoded.ok).toBe(true);
  if (!game.decoded.ok) throw new Error(game.decoded.error.message);
  return game.decoded.value.moves;
}
