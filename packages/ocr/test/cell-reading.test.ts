import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cutCell } from '../src/cell-image.js';
import { CtcReader } from '../src/ctc-reader.js';
import { Homography } from '../src/homography.js';
import { loadNodeRecognizer } from '../src/node-recognizer.js';
import type { GrayImage } from '../src/raster.js';
import { unsharp } from '../src/unsharp.js';
import { drawCell, useFont } from './support/cell-drawing.js';

// Pixels are the sheet's units here: the box sits at (20, 20), 300 × 50.
const identity = Homography.fit([[0, 0], [400, 0], [400, 100], [0, 100]].map(([x, y]) => ({ sheet: [x, y] as const, image: [x, y] as const })))!;
const box = { x: 20, y: 20, width: 300, height: 50 };

describe('cutting a cell', () => {
  it('tells a written cell from an empty one and removes the printed box', async () => {
    const font = await useFont('caveat');
    const empty = cutCell(drawCell('', font), identity, box);
    expect(empty.written).toBe(false);
    expect(empty.ink).toBeLessThan(0.002);
    const written = cutCell(drawCell('Nf3', font), identity, box);
    expect(written.written).toBe(true);
    // Cropped to the writing: much narrower than the 300-unit box.
    expect(written.line.width).toBeLessThan(written.cell.width * 0.6);
  });

  it('gives the readers the writing of a soft capture with its edges sharpened', async () => {
    const font = await useFont('kalam');
    // Amount -1 leaves the Gaussian blur itself: the page as a soft JPEG or a phone out of focus gives it.
    const soft = cutCell(unsharp(drawCell('Nf3', font), 0.5, -1), identity, box);
    // The steepest edges (top 1% of steps between neighbours): the cell shown to people keeps the capture's
    // softness; what is read rises much faster (without the mask the ratio is about 1.4, from the crop alone).
    expect(steepestEdges(soft.line) / steepestEdges(soft.cell)).toBeGreaterThan(1.6);
  });
});

describe('the CTC reader on handwriting', () => {
  let reader: CtcReader;
  beforeAll(async () => {
    reader = new CtcReader(await loadNodeRecognizer());
  });
  afterAll(async () => {
    await reader.dispose();
  });

  it('ranks the written move first among moves that look alike', async () => {
    const font = await useFont('kalam');
    const moves = ['Nf3', 'Bb5', 'exd5', 'Qxd8+', 'O-O', 'Sf3', 'Hd1', 'a6'];
    const cells = moves.map((move) => cutCell(drawCell(move, font), identity, box).line);
    const readings = await reader.readCells(cells);
    const candidates = [...moves, 'Nf5', 'Bb6', 'exd6', 'Qxd5', 'O-O-O', 'Sf5', 'Hd7', 'a5', 'Nc3', 'Be5'];
    let first = 0;
    readings.forEach((reading, index) => {
      expect(reading.alternatives.length).toBeGreaterThan(0);
      const ranked = [...candidates].sort((a, b) => reading.score!(b) - reading.score!(a));
      if (ranked[0] === moves[index]) first += 1;
    });
    expect(first).toBeGreaterThanOrEqual(7);
  });
});

function steepestEdges(image: GrayImage): number {
  const steps: number[] = [];
  for (let y = 0; y < image.height; y += 1) {
    for (let x = 1; x < image.width; x += 1) steps.push(Math.abs(image.data[y * image.width + x] - image.data[y * image.width + x - 1]));
  }
  return steps.sort((a, b) => b - a)[Math.floor(steps.length * 0.01)];
}
