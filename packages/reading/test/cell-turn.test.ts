/** How far a sheet's writing is turned on the image, from the map the locator found (`CellOnScan.turn`). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CtcReader } from '@zapis/ocr';
import { Homography } from '@zapis/ocr/internal';
import { loadNodeRecognizer } from '@zapis/ocr/node';
import { rotationOnImage } from '../src/cells-on-scan.js';
import { decodeGroup } from '../src/read-game.js';
import { readFixture } from './support/read-fixture.js';

/** A map that turns the sheet by `degrees` clockwise about the image's point (500, 500), and shifts it a little. */
function turned(degrees: number): Homography {
  const angle = (degrees * Math.PI) / 180;
  const corners: [number, number][] = [[0, 0], [210, 0], [210, 297], [0, 297]];
  const map = Homography.fit(corners.map(([x, y]) => ({
    sheet: [x, y] as const,
    image: [500 + 3 * (x * Math.cos(angle) - y * Math.sin(angle)) + 7, 500 + 3 * (x * Math.sin(angle) + y * Math.cos(angle)) - 4] as const,
  })));
  if (!map) throw new Error('no map');
  return map;
}

describe('rotationOnImage', () => {
  it('gives the quarter turn nearest the sheet\u2019s, clockwise', () => {
    const cell = { x: 20, y: 40, width: 40, height: 8 };
    expect([0, 2, 88, 178, 181, 269, 358].map((degrees) => rotationOnImage(turned(degrees), cell))).toEqual([0, 0, 90, 180, 180, 270, 0]);
  });
});

describe('cells of a sheet photographed upside down, and of one upright', () => {
  let reader: CtcReader;
  beforeAll(async () => {
    reader = new CtcReader(await loadNodeRecognizer());
  });
  afterAll(async () => {
    await reader.dispose();
  });

  it.each([['pair-black.jpg', 180], ['pair-white.jpg', 0]] as const)('%s: every cell turned by %s degrees', async (name, turn) => {
    const { read } = await readFixture(name, reader);
    const game = decodeGroup({ players: [{ name: 'player', pages: [{ file: name, page: 1, read }] }] });
    const turns = read.cells.map((cell) => game.cells(cell.place.ply)[0]?.where.turn ?? 0);
    expect(turns.length).toBeGreaterThan(60);
    expect(new Set(turns)).toEqual(new Set([turn]));
  });
});
