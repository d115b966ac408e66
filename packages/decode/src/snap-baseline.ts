/**
 * The baseline whole-game search is measured against: read cell by cell and
 * snap each reading to the nearest legal move of the position reached so far
 * (same channel, same spellings), with no look-ahead. One wrong snap puts the
 * game in the wrong position and the rest follows it down.
 */
import { initialPosition, type Move, type Position } from '@zapis/core';
import type { LanguageCode } from '@zapis/notation';
import { NoisyChannel } from './channel.js';
import { candidateMoves } from './candidate-moves.js';
import type { Sheet } from './readings.js';
import { moveSpellings } from './spellings.js';

export interface SnappedGame {
  /** Standard SAN of each snapped move, one per cell until no legal move is left. */
  readonly san: readonly string[];
}

export function snapEachMove(sheet: Sheet, language: LanguageCode, channel: NoisyChannel = NoisyChannel.create(), start: Position = initialPosition()): SnappedGame {
  const position = start.clone();
  const san: string[] = [];
  for (const cell of sheet.cells) {
    const text = cell.readings[0]?.text ?? '';
    const read = channel.encode(text);
    let best: { move: Move; san: string; score: number } | undefined;
    for (const candidate of candidateMoves(position, -1)) {
      const score = channel.spellingLikelihood(channel.encodeSlots(moveSpellings(candidate.description, language)), read);
      if (!best || score > best.score) best = { move: candidate.move, san: candidate.san, score };
    }
    if (!best) break;
    san.push(best.san);
    position.playUnchecked(best.move);
  }
  return { san };
}
