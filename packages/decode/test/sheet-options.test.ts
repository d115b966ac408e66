/** SheetOptions: the ways a sheet accounts for a move, and which it leaves out before computing emissions. */
import { initialPosition } from '@zapis/core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT } from '../src/internal.js';
import { spellingPriorsOf } from '../src/spellings.js';
import { NoisyChannel } from '../src/channel.js';
import { EmissionModel } from '../src/emission-model.js';
import { FutureCost } from '../src/future-cost.js';
import { MoveTable } from '../src/move-table.js';
import { prepareSheet } from '../src/prepared-sheet.js';
import { CELL_USES, SheetOptions, layoutLogs } from '../src/sheet-options.js';
import { parseTranscription } from '../src/transcription.js';

const channel = NoisyChannel.create();
const spelling = spellingPriorsOf('en');

function setup(): { options: SheetOptions; fill: (floor: number) => string[]; computed: () => number; cost: FutureCost } {
  // 'e' is short, so cells 0 and 1 may also be one move split in two.
  const [game] = parseTranscription(['1. e e4 e5', '2. Nf3 Nc6'].join('\n'));
  const sheet = prepareSheet(game.sheet, channel, DEFAULT_LAYOUT);
  const table = new MoveTable();
  const moves = table.positionMoves(initialPosition(), -1);
  const e4 = moves.ids[table.moves.findIndex((move) => move.san === 'e4')];
  const model = new EmissionModel(channel, 'en', spelling, table, [sheet]);
  let calls = 0;
  const emission = model.emission.bind(model);
  model.emission = (cell, id) => {
    calls++;
    return emission(cell, id);
  };
  const layout = layoutLogs(DEFAULT_LAYOUT);
  const cost = new FutureCost([sheet], model.cellBase, model.cellCount, channel, 'en', spelling, layout.noiseCell);
  const options = new SheetOptions();
  const fill = (floor: number): string[] => {
    options.floor = floor;
    options.fill(sheet, 0, 0, -1, e4, model, layout, false, 1, cost);
    return Array.from(options.use.subarray(0, options.count), (code) => CELL_USES[code]);
  };
  return { options, fill, computed: () => calls, cost };
}

describe('the options of a sheet for one move', () => {
  it('are every way the move may be written when nothing bounds them', () => {
    const { fill } = setup();
    expect(fill(-Infinity)).toEqual(['written', 'unwritten', 'after-noise', 'swapped', 'split']);
  });

  it('leave out, without computing their emissions, the options that cannot reach the floor', () => {
    const { fill, computed } = setup();
    fill(-Infinity);
    const all = computed();
    const { fill: fillBounded, computed: computedBounded } = setup();
    // Higher than any option but not writing the move at all could score ('e4' in the cell read 'e', with the cells
    // after it, falls short too).
    expect(fillBounded(-10)).toEqual(['unwritten']);
    expect(computedBounded()).toBeLessThan(all);
    // Just low enough for the move in its cell (and for 'e' and 'e4' read as one move split in two), just too high.
    const { options, fill: fillLower, cost } = setup();
    fillLower(-Infinity);
    const reach = options.weight[0] + cost.rests(0)[1];
    const { fill: fillWritten } = setup();
    expect(fillWritten(reach - 0.1)).toContain('written');
    const { fill: fillAbove } = setup();
    expect(fillAbove(reach + 0.1)).not.toContain('written');
  });
});
