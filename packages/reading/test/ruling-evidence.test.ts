/**
 * The warning for a layout recognised by its ruling says why in words that stay true: a boxed sheet's classic
 * twin finds more of its (fewer) lines than the boxed layout does, and what decides is the ink where they differ.
 */
import { describe, expect, it } from 'vitest';
import { rulingEvidence } from '../src/sheet-problems.js';

describe('why a layout was recognised by its ruling', () => {
  it('names the rival, and does not call a rival that finds more of its own lines the next best', () => {
    const boxed = rulingEvidence({ score: 0.75, runnerUp: 0.94, runnerUpLayoutId: 'zapis/classic/a4/m40/b2/c7', margin: 0.6 });
    expect(boxed).toBe(
      '75% of its lines found; zapis/classic/a4/m40/b2/c7 finds 94% of its own, but where their lines differ, at least 60 points more of this layout\'s are ink',
    );
    expect(boxed).not.toMatch(/next best/);
  });

  it('calls a rival that finds fewer of its lines the next best', () => {
    const classic = rulingEvidence({ score: 0.97, runnerUp: 0.81, runnerUpLayoutId: 'zapis/classic/a4/m60/b2/c7', margin: 0.45 });
    expect(classic).toBe('97% of its lines found, the next best, zapis/classic/a4/m60/b2/c7, 81%; where their lines differ, at least 45 points more of this layout\'s are ink');
    expect(rulingEvidence({ score: 0.9, runnerUp: 0, runnerUpLayoutId: undefined, margin: 1 })).toMatch(/^90% of its lines found, the next best layout 0%/);
  });
});
