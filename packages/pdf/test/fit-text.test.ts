import { describe, expect, it } from 'vitest';
import { ELLIPSIS, cutToWidth, fitText, type FitOptions, type TextMeasure } from '../src/fit-text.js';

/** Every character half an em wide: widths are easy to reason about. */
const halfEm: TextMeasure = { widthOf: (text, size) => [...text].length * size * 0.5 };
const HEADER: FitOptions = { size: 10, minSize: 7, maxLines: 2, floorSize: 4.5 };

describe('fitText', () => {
  it('keeps a text that fits at its size on one line', () => {
    expect(fitText('Nowak, Jan', 100, 12, halfEm, HEADER)).toEqual({ lines: ['Nowak, Jan'], size: 10, leading: 10.8, cut: false });
  });

  it('shrinks a little too long a text, down to minSize', () => {
    const fitted = fitText('x'.repeat(25), 100, 12, halfEm, HEADER);
    expect(fitted.lines).toEqual(['x'.repeat(25)]);
    expect(fitted.size).toBeCloseTo(8, 5);
  });

  it('then wraps onto two lines at spaces', () => {
    const name = 'Pablo Diego José Francisco de Paula Juan Nepomuceno Ruiz y Picasso';
    const fitted = fitText(name, 120, 12.5, halfEm, HEADER);
    expect(fitted.cut).toBe(false);
    expect(fitted.lines).toHaveLength(2);
    expect(fitted.lines.join(' ')).toBe(name);
    for (const line of fitted.lines) expect(halfEm.widthOf(line, fitted.size)).toBeLessThanOrEqual(120);
    expect(fitted.lines.length * fitted.leading).toBeLessThanOrEqual(12.5);
  });

  it('keeps one line shrunk below minSize when that prints larger than two lines would', () => {
    // 40 characters in 100 pt: 5 pt on one line; two lines in 9.5 pt could only be 4.4 pt.
    const fitted = fitText('Rodriguez Talavera Juan Carlos (ESP) abc', 100, 9.5, halfEm, { ...HEADER, floorSize: 4.3 });
    expect(fitted).toMatchObject({ lines: ['Rodriguez Talavera Juan Carlos (ESP) abc'], cut: false });
    expect(fitted.size).toBeCloseTo(5, 5);
  });

  it('then cuts with an ellipsis, never wider or taller than the box', () => {
    const long = 'Wolfgang Amadeus Theophilus von Hohenzollern-Sigmaringen '.repeat(5).trim();
    const fitted = fitText(long, 150, 12.5, halfEm, HEADER);
    expect(fitted.cut).toBe(true);
    expect(fitted.size).toBe(HEADER.floorSize);
    expect(fitted.lines).toHaveLength(2);
    expect(fitted.lines[1].endsWith(ELLIPSIS)).toBe(true);
    for (const line of fitted.lines) expect(halfEm.widthOf(line, fitted.size)).toBeLessThanOrEqual(150);
    expect(long.startsWith(fitted.lines[0])).toBe(true);
  });

  it('breaks a word longer than a line between characters', () => {
    const fitted = fitText('x'.repeat(90), 100, 12.5, halfEm, HEADER);
    expect(fitted.lines.map((line) => line.length)).toEqual([44, 44]);
    expect(fitted.cut).toBe(true);
  });

  it('uses one line where the box is too low for two at the smallest size', () => {
    const fitted = fitText('a b c d e f g h i j k l m n o p q r s t u v w x y z', 40, 8, halfEm, HEADER);
    expect(fitted.lines).toHaveLength(1);
    expect(fitted.cut).toBe(true);
    expect(halfEm.widthOf(fitted.lines[0], fitted.size)).toBeLessThanOrEqual(40);
  });

  it('cutToWidth keeps whole characters (not UTF-16 halves) and trims the space before the ellipsis', () => {
    expect(cutToWidth('Łódź 𝔸𝔹ℂ', 100, 10, halfEm)).toBe('Łódź 𝔸𝔹ℂ');
    expect(cutToWidth('Łódź 𝔸𝔹ℂ', 30, 10, halfEm)).toBe(`Łódź${ELLIPSIS}`);
    expect(cutToWidth('Łódź 𝔸𝔹ℂ', 35, 10, halfEm)).toBe(`Łódź 𝔸${ELLIPSIS}`);
  });
});
