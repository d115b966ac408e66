/**
 * Telling written cells from empty ones by what the column prints: boxed cells (character boxes drawn in grey) are
 * dark wherever they are printed, written or not, so only ink the print does not explain counts.
 */
import { describe, expect, it } from 'vitest';
import { createCanvas } from '@napi-rs/canvas';
import { cellImage, cutOutCell } from '../src/cell-image.js';
import { cellImages } from '../src/cut-sheet.js';
import { Homography } from '../src/homography.js';
import { printedGround } from '../src/printed-ground.js';
import { grayFromRgba, type GrayImage } from '../src/raster.js';
import { useFont } from './support/cell-drawing.js';

const identity = Homography.fit([[0, 0], [400, 0], [400, 100], [0, 100]].map(([x, y]) => ({ sheet: [x, y] as const, image: [x, y] as const })))!;
const box = { x: 20, y: 20, width: 300, height: 50 };

/** A boxed cell: its outline and six character-box dividers in grey, with `text` written and perhaps a speck of dust. */
function boxedCell(text: string, font: string, options: { shift?: number; dust?: boolean; fullDividers?: boolean; darkDividers?: boolean } = {}): GrayImage {
  const shift = options.shift ?? 0;
  const canvas = createCanvas(box.x * 2 + box.width, box.y * 2 + box.height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#f6f3ec';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.strokeStyle = '#777';
  context.lineWidth = 2;
  context.strokeRect(box.x + shift, box.y + shift, box.width, box.height);
  for (let k = 1; k < 7; k += 1) {
    const x = box.x + shift + (k * box.width) / 7;
    // Darker: as a phone photo can show the dividers of a few cells, in sharper focus or in shade.
    if (options.darkDividers) context.strokeStyle = '#3a3a3a';
    context.beginPath();
    context.moveTo(x, box.y + shift + (options.fullDividers ? 0 : box.height * 0.35));
    context.lineTo(x, box.y + shift + box.height);
    context.stroke();
  }
  if (options.dust) {
    context.fillStyle = '#333';
    context.fillRect(box.x + 150, box.y + 22, 2, 2);
  }
  if (text !== '') {
    context.fillStyle = '#1b2a80';
    context.font = `${Math.round(box.height * 0.8)}px ${font}`;
    context.fillText(text, box.x + 12, box.y + box.height * 0.78);
  }
  return grayFromRgba(canvas.width, canvas.height, context.getImageData(0, 0, canvas.width, canvas.height).data);
}

describe('the print of a column of boxed cells', () => {
  it('leaves empty boxed cells empty and written ones written, cells cut half a point apart and a speck of dust included', async () => {
    const font = await useFont('caveat');
    const texts = ['e4', 'Sf3', 'Gb5', '0-0', 'd4', '', '', '', '', '', '', ''];
    const cuts = texts.map((text, index) => cutOutCell(boxedCell(text, font, { shift: index % 3 === 0 ? 0.5 : 0, dust: index === 7 }), identity, box));
    expect(printedGround(cuts.map((cut) => cut.smoothFlat))).toBeDefined();
    // One column: the cells share their left edge and size.
    // Without the column's print, the character boxes pass for writing (judged first: cellImages takes the cuts over).
    expect(cuts.map((cut) => cellImage(cut).written).filter((written, index) => written && texts[index] === '').length).toBeGreaterThan(0);
    const column = cuts.map((cut, index) => ({ place: { ply: 2 * index + 1, moveNumber: index + 1, side: 'white' as const, rect: box }, cut }));
    expect(cellImages(column).map((cell) => cell.written)).toEqual(texts.map((text) => text !== ''));
  });

  it('leaves empty the cells after the last move whose dividers came out darker than the column prints them', async () => {
    const font = await useFont('caveat');
    const texts = ['e4', 'Sf3', 'Gb5', '0-0', 'd4', 'c5', 'Hd2', 'Wf1', 'g3', '', '', ''];
    const cuts = texts.map((text) => cutOutCell(boxedCell(text, font, { fullDividers: true, darkDividers: text === '' }), identity, box));
    const column = cuts.map((cut, index) => ({ place: { ply: 2 * index + 1, moveNumber: index + 1, side: 'white' as const, rect: box }, cut }));
    expect(cellImages(column).map((cell) => cell.written)).toEqual(texts.map((text) => text !== ''));
  });

  it('needs enough cells of one size to tell print from writing', () => {
    const cells = Array.from({ length: 5 }, () => boxedCell('', 'sans-serif'));
    expect(printedGround(cells)).toBeUndefined();
    const mixed = [...Array.from({ length: 7 }, () => cells[0]), { width: 10, height: 10, data: new Uint8Array(100) }];
    expect(printedGround(mixed)).toBeUndefined();
  });
});
