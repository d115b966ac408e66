/**
 * A kept game decoded giving way (decodeKeptGameGivingWay), as the desk's deep worker decodes: while another thread
 * says a person waits for its decode, the search waits between plies; the game is the one decoded without giving way,
 * and its search is kept for the next decode to go on from.
 */
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { KeptGames, decodeKeptGame, decodeKeptGameGivingWay, gamesOf } from '../src/index.js';

const text = '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7\n';
const [source] = gamesOf([{ kind: 'text', id: 'ruy-lopez', name: 'ruy-lopez.txt', text }]).games;
const sans = (game: { moves: readonly { san: string }[] }): string[] => game.moves.map((move) => move.san);

describe('a kept game decoded giving way to another thread', () => {
  it('waits while the other thread is busy, then decodes the same game and keeps its search', async () => {
    const plain = decodeKeptGame(new KeptGames().take(source.id, 'material', source, () => 'material')!, new Map());
    const game = new KeptGames().take(source.id, 'material', source, () => 'material')!;
    const busy = new Int32Array(new SharedArrayBuffer(4));
    busy[0] = 1;
    // The other thread finishes its decode 300 ms from now.
    const other = new Worker(
      `const { workerData } = require('node:worker_threads');
       setTimeout(() => { Atomics.store(workerData, 0, 0); Atomics.notify(workerData, 0); }, 300);`,
      { eval: true, workerData: busy },
    );
    await new Promise((resolve) => other.once('online', resolve));
    const used: string[] = [];
    const started = performance.now();
    const decoded = decodeKeptGameGivingWay(game, new Map(), busy, undefined, {}, (key) => used.push(key));
    const waited = performance.now() - started;
    await other.terminate();
    expect(waited).toBeGreaterThanOrEqual(250);
    expect(sans(decoded)).toEqual(sans(plain));
    expect(decoded.flagged).toEqual(plain.flagged);
    expect(used).toEqual(['[]']);
    // Its search is the one the next decode goes on from, as a decode's without giving way is.
    expect(game.reuse.searchCount).toBeGreaterThan(0);
  });

  it('does not wait while nobody else is busy', () => {
    const game = new KeptGames().take(source.id, 'material', source, () => 'material')!;
    const busy = new Int32Array(new SharedArrayBuffer(4));
    const confirmed = decodeKeptGameGivingWay(game, new Map([[1, 'd4']]), busy);
    expect(confirmed.moves[0]).toMatchObject({ san: 'd4', confirmed: true });
    expect(game.asRead).toBeDefined();
  });
});
