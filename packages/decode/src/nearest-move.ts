/**
 * The rival of a decoded move that a rule after decoding puts on the review list (a sheet read so badly that all
 * its moves are listed): where the search kept nothing else at its ply, the legal move other than it that best
 * explains what its cells read, as the decoder names a correction's rival.
 */
import { parseFen } from '@zapis/core';
import { channelOf, type DecodedMove, type DecodeOptions } from './decode.js';
import type { LanguageCode } from '@zapis/notation';
import { bestOtherMove, readTexts } from './rival.js';

export function nearestOtherMove(
  move: Pick<DecodedMove, 'fen' | 'san' | 'cells'>, language: LanguageCode, options: Pick<DecodeOptions, 'channel' | 'movePrior'> = {},
): string | undefined {
  const position = parseFen(move.fen);
  if (!position.ok) return undefined;
  // Where the move before captured is not kept with the move: a recapture is weighed as a capture.
  return bestOtherMove(position.value, -1, move.san, readTexts(move.cells), language, channelOf(options.channel), options.movePrior);
}
