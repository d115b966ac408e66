import { describe, expect, it } from 'vitest';
import { type ChannelParameters } from '../src/index.js';
import { DEFAULT_CHANNEL_PARAMETERS, fitChannel } from '../src/internal.js';
import { NoisyChannel } from '../src/channel.js';

const channel = NoisyChannel.create();

describe('the character channel', () => {
  it('gives every written character a proper distribution over what it becomes', () => {
    for (const written of ['e', '4', 'S', '0', 'x', ':', 'g', 'Q']) {
      let total = channel.characterProbability(written, '');
      for (const read of channel.alphabet) total += channel.characterProbability(written, read);
      total += channel.characterProbability(written, '\u{1F600}'); // the shared "any other character"
      expect(total).toBeCloseTo(1, 9);
    }
  });

  it('sums to one over all readings of a short text (closed alphabet)', () => {
    // A tiny channel whose alphabet we can enumerate: strings up to length 4 over it carry nearly all the mass.
    const letters = ['a', 'b'];
    const tiny: ChannelParameters = {
      ...DEFAULT_CHANNEL_PARAMETERS, insertion: 0.05, rates: { keep: 0.8, deletion: 0.1 },
      confusions: { a: { b: 1 }, b: { a: 1 } }, substitutedOther: 0, inserted: { a: 1, b: 1 }, insertedOther: 0,
    };
    const small = NoisyChannel.create(tiny);
    let total = 0;
    const visit = (prefix: string): void => {
      total += small.likelihood('ab', prefix);
      if (prefix.length < 6) for (const letter of letters) visit(prefix + letter);
    };
    visit('');
    expect(total).toBeGreaterThan(0.999);
    expect(total).toBeLessThanOrEqual(1 + 1e-9);
  });

  it('makes OCR confusions far cheaper than arbitrary substitutions', () => {
    const pairs: [string, string, string][] = [['e4', 'c4', 'k4'], ['Sf3', '5f3', 'Mf3'], ['0-0', 'O-0', 'W-0'], ['d4', 'd4', 'dq'], ['Nxe5', 'N+e5', 'Nve5']];
    for (const [written, confused, arbitrary] of pairs) {
      if (confused === written) continue;
      expect(channel.likelihood(written, confused)).toBeGreaterThan(10 * channel.likelihood(written, arbitrary));
    }
    expect(channel.likelihood('e4', 'ed')).toBeGreaterThan(10 * channel.likelihood('e4', 'ek'));
    expect(channel.likelihood('g5', '95')).toBeGreaterThan(10 * channel.likelihood('g5', 'w5'));
  });

  it('prefers the exact reading, and prices insertions and deletions', () => {
    expect(channel.likelihood('Sf3', 'Sf3')).toBeGreaterThan(0.7);
    expect(channel.likelihood('Sf3', 'Sf3.')).toBeGreaterThan(channel.likelihood('Sf3', 'Sf3W'));
    expect(channel.likelihood('G:e5', 'Ge5')).toBeGreaterThan(1e-3);
  });

  it('moves its parameters toward the data when fitted', () => {
    const pairs = Array.from({ length: 200 }, (_, index) => ({ written: `e${(index % 8) + 1}`, read: `k${(index % 8) + 1}` }));
    pairs.push(...Array.from({ length: 200 }, () => ({ written: 'Sf3', read: 'Sf3' })));
    const fitted = fitChannel(pairs);
    const before = channel.characterProbability('e', 'k');
    const after = NoisyChannel.create(fitted).characterProbability('e', 'k');
    expect(after).toBeGreaterThan(20 * before);
    expect(fitted.characterRates.e.keep).toBeLessThan(DEFAULT_CHANNEL_PARAMETERS.rates.keep);
    // Characters always read right become more reliable than the prior said.
    expect(fitted.characterRates.S.keep).toBeGreaterThan(DEFAULT_CHANNEL_PARAMETERS.rates.keep);
    // Still a proper distribution.
    const fittedChannel = NoisyChannel.create(fitted);
    let total = fittedChannel.characterProbability('e', '') + fittedChannel.characterProbability('e', '\u{1F600}');
    for (const read of fittedChannel.alphabet) total += fittedChannel.characterProbability('e', read);
    expect(total).toBeCloseTo(1, 9);
  });
});
