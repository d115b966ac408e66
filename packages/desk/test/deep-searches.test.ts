/**
 * The page's bookkeeping of each scan game's deep search (DeepSearches): one under way per game, its answer shown
 * only when decoded with the person's confirmations as they stand, else searched again with theirs.
 */
import { describe, expect, it } from 'vitest';
import { DeepSearches } from '../src/index.js';

const none = new Map<number, string>();

describe('the deep searches behind the desk\u2019s scan games', () => {
  it('sends one search per game, and shows its answer when the person confirmed nothing meanwhile', () => {
    const searches = new DeepSearches();
    expect(searches.state('g', 'm1')).toBeUndefined();
    expect(searches.start('g', 'm1', none)).toBe(true);
    expect(searches.state('g', 'm1')).toBe('searching');
    // Asked again while it runs (a narrow decode answered again): nothing more is sent.
    expect(searches.start('g', 'm1', none)).toBe(false);
    expect(searches.isDeep('g', 'm1')).toBe(false);
    expect(searches.answered('g', 'm1', none, { material: 'm1', confirmations: new Map() })).toEqual({ kind: 'show' });
    expect(searches.state('g', 'm1')).toBe('done');
    // From now on the deep worker decodes the game's corrections: no new search.
    expect(searches.isDeep('g', 'm1')).toBe(true);
    expect(searches.start('g', 'm1', new Map([[3, 'Nf3']]))).toBe(false);
  });

  it('searches again, with the person\u2019s confirmations, when they confirmed a move while it ran', () => {
    const searches = new DeepSearches();
    searches.start('g', 'm1', none);
    const confirmed = new Map([[53, 'Rg7+']]);
    const answer = searches.answered('g', 'm1', none, { material: 'm1', confirmations: confirmed });
    expect(answer).toEqual({ kind: 'again', confirmations: confirmed });
    expect(searches.state('g', 'm1')).toBe('searching');
    expect(searches.isDeep('g', 'm1')).toBe(false);
    // The same confirmations in another order are the same confirmations.
    const both = new Map([[53, 'Rg7+'], [9, 'Nf3']]);
    expect(searches.answered('g', 'm1', confirmed, { material: 'm1', confirmations: both })).toEqual({ kind: 'again', confirmations: both });
    expect(searches.answered('g', 'm1', both, { material: 'm1', confirmations: new Map([[9, 'Nf3'], [53, 'Rg7+']]) })).toEqual({ kind: 'show' });
    expect(searches.isDeep('g', 'm1')).toBe(true);
  });

  it('drops an answer for material the game no longer has, or a game that left the desk, and starts anew for new material', () => {
    const searches = new DeepSearches();
    searches.start('g', 'white-only', none);
    // White's sheet was joined by Black's: the game's material changed, and its search starts again.
    expect(searches.start('g', 'both', none)).toBe(true);
    expect(searches.answered('g', 'white-only', none, { material: 'both', confirmations: none })).toEqual({ kind: 'drop' });
    expect(searches.state('g', 'both')).toBe('searching');
    expect(searches.answered('g', 'both', none, undefined)).toEqual({ kind: 'drop' });
    expect(searches.state('g', 'both')).toBeUndefined();
    // A game shown deep whose material then changes is searched again, and decoded narrow until then.
    searches.start('h', 'm1', none);
    searches.answered('h', 'm1', none, { material: 'm1', confirmations: none });
    expect(searches.start('h', 'm2', none)).toBe(true);
    expect(searches.isDeep('h', 'm2')).toBe(false);
    expect(searches.isDeep('h', 'm1')).toBe(false);
  });

  it('lets a failed search go, and forgets everything when the desk is cleared', () => {
    const searches = new DeepSearches();
    searches.start('g', 'm1', none);
    searches.failed('g', 'm1');
    expect(searches.state('g', 'm1')).toBeUndefined();
    expect(searches.start('g', 'm1', none)).toBe(true);
    searches.answered('g', 'm1', none, { material: 'm1', confirmations: none });
    searches.clear();
    expect(searches.isDeep('g', 'm1')).toBe(false);
    expect(searches.state('g', 'm1')).toBeUndefined();
  });
});
