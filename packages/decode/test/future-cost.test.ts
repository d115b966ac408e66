/** FutureCost: which moves a cell is judged by, going by the side whose column it stands in. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT } from '../src/internal.js';
import { spellingPriorsOf } from '../src/spellings.js';
import { NoisyChannel } from '../src/channel.js';
import { FutureCost } from '../src/future-cost.js';
import { prepareSheet } from '../src/prepared-sheet.js';
import { parseTranscription } from '../src/transcription.js';

const channel = NoisyChannel.create();

/** Cost estimates over a long-form sheet whose third line lacks Black's move: cells 0–4 hold plies 1–5, cell 5 ply 7. */
function costs(): { cost: FutureCost; at: (next: number) => number } {
  const [game] = parseTranscription(['1. d2-d4 Ng8-f6', '2. c2-c4 e7-e6', '3. Ng1-f3', '4. Bc1-g5 Bf8-b4'].join('\n'));
  const sheet = prepareSheet(game.sheet, channel, DEFAULT_LAYOUT);
  expect(sheet.cells.map((cell) => cell.expectedPly)).toEqual([1, 2, 3, 4, 5, 7, 8]);
  const cost = new FutureCost([sheet], Int32Array.of(0), sheet.cells.length, channel, 'en', spellingPriorsOf('en'), Math.log(DEFAULT_LAYOUT.noiseCell));
  const cursors = new Int32Array(2);
  cursors[1] = -1;
  return { cost, at: (next) => { cursors[0] = next; return cost.of(cursors); } };
}

describe('the future cost estimate', () => {
  it('charges a cell what this ply\u2019s moves paid for it when the cell is in the moving side\u2019s column', () => {
    const { cost, at } = costs();
    const before = at(5) - at(6);
    cost.startPly();
    cost.written[5] = -30; // White's moves (ply 7) fit White's cell 'Bc1-g5' badly
    cost.settle(7);
    expect(at(5) - at(6)).toBeLessThan(before - 20);
  });

  it('does not judge a cell in the other side\u2019s column by this ply\u2019s moves (a Black move nobody wrote)', () => {
    const { cost, at } = costs();
    const before = at(5) - at(6);
    cost.startPly();
    cost.written[5] = -30; // Black's moves (ply 6) fit White's cell 'Bc1-g5' badly: it says nothing
    cost.settle(6);
    expect(at(5) - at(6)).toBeCloseTo(before, 9);
  });

  it('judges such a cell by what the other side\u2019s moves paid for it the ply before', () => {
    const { cost, at } = costs();
    const before = at(5) - at(6);
    cost.startPly();
    cost.written[5] = -30; // White's moves at ply 5
    cost.settle(5);
    cost.startPly();
    cost.settle(6);
    expect(at(5) - at(6)).toBeLessThan(before - 20);
  });
});
