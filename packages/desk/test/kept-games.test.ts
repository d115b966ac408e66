/**
 * The desk worker's kept games (KeptGames): a round's worth, least recently decoded let go first, and only the
 * most recent few keep their scorers' memos and searches. Measured on the phone fixture decoded as several games.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { KeptGames, decodeDeskGame, gamesOf, type DeskGameSource } from '../src/index.js';
import { scanPages } from './scan-pages.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Memory held in ArrayBuffers (the scorers' memo slabs live there) once garbage is collected. */
function heldBuffers(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().arrayBuffers;
}

const keyOf = (source: DeskGameSource): string => `${source.id}|material`;

async function phoneGames(count: number): Promise<DeskGameSource[]> {
  const { pages } = await scanPages('phone.jpg');
  return Array.from({ length: count }, (_, index) => {
    const { games } = gamesOf([{ kind: 'scan', id: `phone-${index}`, name: 'phone.jpg', pages }]);
    return games[0];
  });
}

describe('the games a desk worker keeps', () => {
  it('keeps a round\u2019s worth, least recently decoded let go first, and new material under an id replaces the game', async () => {
    const [first, second, third] = await phoneGames(3);
    const forgotten: string[] = [];
    const kept = new KeptGames({ games: 2, warm: 1, forgotten: (id) => forgotten.push(id) });
    expect(kept.take(first.id, keyOf(first), undefined, keyOf)).toBeUndefined();
    const game = kept.take(first.id, keyOf(first), first, keyOf);
    expect(game?.source).toBe(first);
    // Asked again by its material's key, with or without the source, it is the same game.
    expect(kept.take(first.id, keyOf(first), undefined, keyOf)).toBe(game);
    expect(kept.take(first.id, keyOf(first), first, keyOf)).toBe(game);
    kept.take(second.id, keyOf(second), second, keyOf);
    kept.take(third.id, keyOf(third), third, keyOf);
    expect(kept.size).toBe(2);
    expect(kept.get(first.id)).toBeUndefined();
    expect(forgotten).toEqual([first.id, second.id, third.id, first.id]);
    // Other material under a kept id (the same file read again differently) is a new game.
    const again = kept.take(third.id, 'changed', third, keyOf);
    expect(again).not.toBe(kept.get(second.id));
    expect(forgotten.at(-1)).toBe(third.id);
  });

  it('lets the games beyond the warm ones go of their memos and searches, and decodes them again the same', async () => {
    // Each run its own sources: a source's pages, read back, are kept per source object.
    const [coldSources, warmSources] = [await phoneGames(4), await phoneGames(4)];
    const decodeAll = (kept: KeptGames, sources: readonly DeskGameSource[]) => sources.map((source) => {
      const game = kept.take(source.id, keyOf(source), source, keyOf)!;
      return decodeDeskGame(game.source, new Map(), { reuse: game.reuse });
    });
    /** Decodes every game through a KeptGames with `warm` games warm; what it holds is measured while it is alive. */
    const decodedWith = (warm: number, sources: readonly DeskGameSource[]) => {
      const base = heldBuffers();
      const kept = new KeptGames({ warm });
      const games = decodeAll(kept, sources);
      return { kept, games, held: heldBuffers() - base };
    };
    const cold = decodedWith(1, coldSources);
    const warm = decodedWith(4, warmSources);
    console.log(`ArrayBuffers held by 4 games: all warm ${(warm.held / 1e6).toFixed(0)} MB, 1 warm ${(cold.held / 1e6).toFixed(0)} MB`);
    expect(cold.held).toBeLessThan(warm.held / 2.5);
    expect(warmSources.every((source) => warm.kept.get(source.id)!.reuse.searchCount > 0)).toBe(true);
    // The games let go start afresh; the last one decoded keeps its search.
    expect(coldSources.slice(0, 3).map((source) => cold.kept.get(source.id)!.reuse.size)).toEqual([0, 0, 0]);
    expect(cold.kept.get(coldSources[3].id)!.reuse.searchCount).toBeGreaterThan(0);
    // A game let go of its memos decodes to the same game when it comes back.
    const first = cold.kept.take(coldSources[0].id, keyOf(coldSources[0]), undefined, keyOf)!;
    expect(decodeDeskGame(first.source, new Map(), { reuse: first.reuse }).moves).toEqual(cold.games[0].moves);
    expect(cold.games.map((game) => game.moves)).toEqual(warm.games.map((game) => game.moves));
  });
});
