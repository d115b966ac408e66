/**
 * The deep search (`DecodeOptions.deepSearch`): a badly read sheet is searched again with a beam 16 times as
 * large, and the likelier game is kept. On a soft JPEG in a joined script hand (fixtures/soft-scans/soft-script.jpg)
 * the narrow beam fills with combinations of old, unsettled doubts and loses much of the game the readings favour;
 * the deep search finds more of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecodedMove } from '@zapis/decode';
import { CtcReader } from '@zapis/ocr';
import { loadNodeNotationModel, loadNodeRecognizer } from '@zapis/ocr/node';
import { decodeGroup, type ReadGame } from '../src/read-game.js';
import type { SheetRead } from '@zapis/ocr';
import { ensembleNetworks } from '@zapis/ocr';
import { readFixture, SOFT_SCANS, type FixtureTruth } from './support/read-fixture.js';

function movesOf(game: ReadGame): readonly DecodedMove[] {
  if (!game.decoded.ok) throw new Error(`${game.decoded.error.code}: ${game.decoded.error.message}`);
  return game.decoded.value.moves;
}

const wrongPlies = (moves: readonly DecodedMove[], truth: FixtureTruth): number[] =>
  moves.filter((move, index) => move.san !== truth.san[index]).map((move) => move.ply);

describe('deep search of a badly read sheet', () => {
  let reader: CtcReader;
  let script: { read: SheetRead; truth: FixtureTruth };
  beforeAll(async () => {
    // The reader `zapis read` uses by default (`--reader auto`).
    reader = new CtcReader(ensembleNetworks(await loadNodeRecognizer(), await loadNodeNotationModel()), {}, 'auto');
    script = await readFixture('soft-script.jpg', reader, SOFT_SCANS);
  });
  afterAll(async () => {
    await reader.dispose();
  });

  it('finds more of the game the narrow beam loses, and lists every move it may still get wrong', () => {
    const { read, truth } = script;
    const group = { players: [{ name: 'white', pages: [{ file: 'soft-script.jpg', page: 1, read }] }] };
    const narrow = movesOf(decodeGroup(group, { crossCheck: true, deepSearch: false }));
    const deep = movesOf(decodeGroup(group, { crossCheck: true, deepSearch: true }));
    // The narrow search must get moves wrong here, or the test proves nothing. Measured: 39 of 80 wrong; deep, 17.
    expect(wrongPlies(narrow, truth).length).toBeGreaterThanOrEqual(10);
    expect(narrow).toHaveLength(truth.san.length);
    expect(deep).toHaveLength(truth.san.length);
    expect(wrongPlies(deep, truth).length).toBeLessThan(wrongPlies(narrow, truth).length / 1.5);
    // A game this much in doubt is listed whole: no wrong move is passed as read.
    expect(deep.filter((move, index) => !move.review && move.san !== truth.san[index])).toEqual([]);
  });

  it('lists every move where the deep game parts from the first search\u2019s, so no wrong move of a hard hand is left off', () => {
    // Read without the cross-check, so that only the searches' own reasons list moves.
    const { read, truth } = script;
    const group = { players: [{ name: 'white', pages: [{ file: 'soft-script.jpg', page: 1, read }] }] };
    const narrow = movesOf(decodeGroup(group, { deepSearch: false }));
    const deep = movesOf(decodeGroup(group, { deepSearch: true }));
    expect(wrongPlies(deep, truth).length).toBeLessThan(wrongPlies(narrow, truth).length);
    const differing = deep.filter((move, index) => narrow[index]?.san !== move.san);
    expect(differing.length).toBeGreaterThan(0);
    for (const move of differing) {
      expect(move.review).toBe(true);
      expect(move.reviewReasons).toContain('searches-differ');
      expect(move.rival).toBeDefined();
    }
    // The reason is set exactly where the games differ.
    expect(deep.filter((move) => move.reviewReasons.includes('searches-differ')).map((move) => move.ply)).toEqual(differing.map((move) => move.ply));
  });

  it('leaves a sheet that reads well as the narrow search decodes it', async () => {
    const phone = await readFixture('phone.jpg', reader);
    const group = { players: [{ name: 'white', pages: [{ file: 'phone.jpg', page: 1, read: phone.read }] }] };
    const narrow = movesOf(decodeGroup(group, { crossCheck: true, deepSearch: false }));
    const deep = movesOf(decodeGroup(group, { crossCheck: true, deepSearch: true }));
    expect(deep.map((move) => [move.san, move.confidence, move.review])).toEqual(narrow.map((move) => [move.san, move.confidence, move.review]));
    expect(wrongPlies(deep, phone.truth)).toEqual([]);
  });
});
