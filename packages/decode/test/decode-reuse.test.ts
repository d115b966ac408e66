/**
 * DecodeReuse: what one decode hands to the next decode of the same sheets (a review session). The games
 * must be exactly those decoded without it, through a run of confirmations, and the positions met are
 * kept, not generated again. Real data: the Janowski – Lasker transcription of fixtures/scoresheets.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '@zapis/testkit';
import { DecodeReuse, decodeText, type DecodedGame, type DecodeOptions } from '../src/index.js';

const transcription = readFileSync(join(REPOSITORY_ROOT, 'fixtures', 'scoresheets', 'janowski-lasker-1912.pl.txt'), 'utf8');

function decoded(options: DecodeOptions): DecodedGame {
  const [game] = decodeText(transcription, options);
  if (!game.decoded.ok) throw new Error(game.decoded.error.message);
  return game.decoded.value;
}

/** Everything a person sees of a game. */
const shown = (game: DecodedGame) => game.moves.map((move) => ({
  san: move.san, confidence: move.confidence, review: move.review, reasons: move.reviewReasons, confirmed: move.confirmed,
  alternatives: move.alternatives,
}));

describe('decoding again with what the last decode met', () => {
  it('gives the same games as decoding afresh, confirmation after confirmation', () => {
    const reuse = new DecodeReuse();
    const first = decoded({ language: 'pl', reuse });
    expect(shown(first)).toEqual(shown(decoded({ language: 'pl' })));
    const positions = reuse.size;
    expect(positions).toBeGreaterThan(first.moves.length);
    const confirmed = new Map<number, string>();
    // A person goes through the review list, taking the first alternative of every other flagged move.
    for (const [index, ply] of first.review.slice(0, 6).entries()) {
      const move = first.moves[ply - 1];
      confirmed.set(ply, index % 2 === 0 && move.alternatives[0] ? move.alternatives[0].san : move.san);
      const again = decoded({ language: 'pl', confirmed: new Map(confirmed), reuse });
      const afresh = decoded({ language: 'pl', confirmed: new Map(confirmed) });
      expect(shown(again)).toEqual(shown(afresh));
      expect(again.moves[ply - 1].confirmed).toBe(true);
    }
    expect(reuse.size).toBeGreaterThanOrEqual(positions);
  });
});
