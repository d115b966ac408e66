import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { registerFont } from '../evaluation/fonts.js';
import { drawLetterWithPen, thinToCentreLines, type PenHand } from '../evaluation/pen-strokes.js';
import { Random } from '../evaluation/random.js';

/** A letter filled by a training font, as a 0/1 mask. */
async function letterMask(character: string, size: number): Promise<{ mask: Uint8Array; width: number; height: number }> {
  const family = await registerFont('kalam');
  const width = size * 2, height = size * 2;
  const context = createCanvas(width, height).getContext('2d');
  context.font = `${size}px ${family}`;
  context.fillText(character, size * 0.4, size * 1.4);
  const alpha = context.getImageData(0, 0, width, height).data;
  return { mask: Uint8Array.from({ length: width * height }, (_, i) => (alpha[i * 4 + 3] >= 128 ? 1 : 0)), width, height };
}

/** How many 8-connected pieces of ink the mask holds. */
function pieces(mask: Uint8Array, width: number, height: number): number {
  const seen = new Uint8Array(mask.length);
  let count = 0;
  for (let start = 0; start < mask.length; start++) {
    if (mask[start] === 0 || seen[start] === 1) continue;
    count++;
    const stack = [start];
    seen[start] = 1;
    while (stack.length > 0) {
      const at = stack.pop()!;
      const x = at % width, y = Math.floor(at / width);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx, ny = y + dy, next = ny * width + nx;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height || mask[next] === 0 || seen[next] === 1) continue;
          seen[next] = 1;
          stack.push(next);
        }
      }
    }
  }
  return count;
}

const inked = (mask: Uint8Array): number => mask.reduce((sum, value) => sum + value, 0);

describe('thinToCentreLines', () => {
  it.each(['H', 'S', 'i', '4', ':'])('thins %s to lines one pixel wide inside the letter, in as many pieces', async (character) => {
    const { mask, width, height } = await letterMask(character, 90);
    const filled = mask.slice();
    thinToCentreLines(mask, width, height);
    expect(inked(mask)).toBeGreaterThan(10);
    expect(inked(mask)).toBeLessThan(inked(filled) / 3);
    expect(mask.every((value, at) => value === 0 || filled[at] === 1)).toBe(true);
    let blocks = 0;
    for (let y = 0; y + 1 < height; y++) {
      for (let x = 0; x + 1 < width; x++) {
        const at = y * width + x;
        if (mask[at] + mask[at + 1] + mask[at + width] + mask[at + width + 1] === 4) blocks++;
      }
    }
    expect(blocks).toBe(0);
    expect(pieces(mask, width, height)).toBe(pieces(filled, width, height));
  });
});

describe('drawLetterWithPen', () => {
  const pen = (changes: Partial<PenHand>): PenHand => ({
    kind: 'ballpoint', widthMm: 0.4, pressureSwing: 0, skipBelow: 0, random: new Random(3), ...changes,
  });
  const draw = async (hand: PenHand): Promise<Uint8ClampedArray> => {
    const family = await registerFont('kalam');
    const context = createCanvas(200, 200).getContext('2d');
    const letter = { character: 'S', font: `80px ${family}`, x: 60, y: 140, angle: 0, narrow: 1, slant: 0, size: 80 };
    drawLetterWithPen(context, letter, hand, { red: 20, green: 30, blue: 150, opacity: 1 }, 300 / 72);
    return context.getImageData(0, 0, 200, 200).data;
  };
  const inkedPixels = (data: Uint8ClampedArray): number => data.filter((_, i) => i % 4 === 3 && data[i] > 64).length;

  it('inks the letter with a pen of the given width, in the writer\'s ink', async () => {
    const thin = await draw(pen({ widthMm: 0.25 }));
    const thick = await draw(pen({ widthMm: 0.7 }));
    expect(inkedPixels(thin)).toBeGreaterThan(100);
    expect(inkedPixels(thick)).toBeGreaterThan(inkedPixels(thin) * 1.8);
    const darkest = thick.findIndex((value, i) => i % 4 === 3 && value === 255);
    expect([...thick.slice(darkest - 3, darkest)]).toEqual([20, 30, 150]);
  });

  it('leaves gaps where the pressure falls below the skip level, and no ink when it never reaches it', async () => {
    const firm = inkedPixels(await draw(pen({})));
    const swinging = inkedPixels(await draw(pen({ pressureSwing: 0.9, skipBelow: 0.5 })));
    expect(swinging).toBeGreaterThan(0);
    expect(swinging).toBeLessThan(firm * 0.9);
    expect(inkedPixels(await draw(pen({ skipBelow: 1.01 })))).toBe(0);
  });

  it('writes pencil in grey graphite, whatever the ink', async () => {
    const data = await draw(pen({ kind: 'pencil' }));
    // The most opaque pixel: a faint one's colour is rounded through its small alpha.
    let at = 3;
    for (let i = 3; i < data.length; i += 4) if (data[i] > data[at]) at = i;
    expect(data[at]).toBeGreaterThan(128);
    for (const [channel, grey] of [78, 78, 84].entries()) expect(Math.abs(data[at - 3 + channel] - grey)).toBeLessThanOrEqual(2);
  });
});
