import { describe, expect, it } from 'vitest';
import { initialPosition, parseFen } from '@zapis/core';
import { NoisyChannel } from '../src/channel.js';
import { candidateMoves } from '../src/candidate-moves.js';
import { EmissionBound } from '../src/emission-bound.js';
import { moveSpellings, spellingPriorsOf } from '../src/spellings.js';

const channel = NoisyChannel.create();

function bestLegal(fen: string | undefined, read: string, language: 'pl' | 'en'): number {
  const parsed = fen ? parseFen(fen) : undefined;
  const position = parsed?.ok ? parsed.value : initialPosition();
  const codes = channel.encode(read);
  let best = 0;
  for (const candidate of candidateMoves(position, -1)) {
    best = Math.max(best, channel.spellingLikelihood(channel.encodeSlots(moveSpellings(candidate.description, language)), codes));
  }
  return best;
}

describe('the emission bound', () => {
  const positions = [undefined, 'r3k2r/pPp2ppp/8/3pP3/8/8/PPP2PPP/R3K2R w KQkq d6 0 1', '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1'];
  const readings = ['e4', 'Sf3', 'Sg1-f3', 'exd6', 'e:d6 e.p.', 'bxa8=H', 'b8H', 'O-O-O', '0-0', 'Wa8#', 'Ra8+', '6', 'W:fs', 'xx', '5.', 'Nf3'];

  it('is never below what a legal move gives the reading, in any position', () => {
    for (const language of ['pl', 'en'] as const) {
      const bound = new EmissionBound(channel, language, spellingPriorsOf(language));
      for (const fen of positions) {
        for (const read of readings) {
          const legal = bestLegal(fen, read, language);
          expect(bound.bound(channel.encode(read))).toBeGreaterThanOrEqual(legal * (1 - 1e-9));
        }
      }
    }
  });

  it('is close to the reading of a move written plainly, and far above a garbled one', () => {
    const bound = new EmissionBound(channel, 'pl', spellingPriorsOf('pl'));
    const plain = Math.log(bound.bound(channel.encode('Sf3')));
    expect(plain).toBeCloseTo(Math.log(bestLegal(undefined, 'Sf3', 'pl')), 1);
    expect(plain).toBeGreaterThan(Math.log(bound.bound(channel.encode('W:fs'))) + 3);
  });
});
