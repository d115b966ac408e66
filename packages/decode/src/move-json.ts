/**
 * The part of a decoded move that every JSON report writes alike (`zapis decode` and `zapis read`): where it stands,
 * its SAN, and its probability told as one distribution (confidence, alternatives, remainder) rounded to 4 places.
 */
import type { DecodedMove } from './decode.js';
import type { Remainder } from './ply-belief.js';

const rounded = (value: number): number => Number(value.toFixed(4));

/** A remainder as JSON writes it: each part rounded; none when every part rounds to 0. */
function remainderJson(remainder: Remainder): Remainder | undefined {
  const parts = { gameEnds: rounded(remainder.gameEnds), otherMoves: rounded(remainder.otherMoves), outsideSearch: rounded(remainder.outsideSearch) };
  return parts.gameEnds + parts.otherMoves + parts.outsideSearch > 0 ? parts : undefined;
}

export interface DecodedMoveJson {
  readonly ply: number;
  readonly moveNumber: number;
  readonly side: DecodedMove['side'];
  readonly san: string;
  /** The move's probability; with the alternatives' and `remainder`, one distribution that sums to 1. */
  readonly confidence: number;
  readonly alternatives: readonly string[];
  readonly alternativeProbabilities: readonly number[];
  /** Where the rest of the probability is, when any of it is: games ending before the move, other moves, a move the search did not keep. */
  readonly remainder?: Remainder;
}

export function decodedMoveJson(move: DecodedMove): DecodedMoveJson {
  const remainder = remainderJson(move.remainder);
  return {
    ply: move.ply,
    moveNumber: move.moveNumber,
    side: move.side,
    san: move.san,
    confidence: rounded(move.confidence),
    alternatives: move.alternatives.map((alternative) => alternative.san),
    alternativeProbabilities: move.alternatives.map((alternative) => rounded(alternative.probability)),
    ...(remainder ? { remainder } : {}),
  };
}
