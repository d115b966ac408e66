/**
 * Page geometry. Every coordinate of a layout is in PDF points (1/72 inch)
 * measured from the TOP-LEFT corner of the page, x to the right, y downwards —
 * the way a scan is read, so a reader needs no flipping.
 */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export const POINTS_PER_MM = 72 / 25.4;

export const mm = (millimetres: number): number => millimetres * POINTS_PER_MM;

/** Rounded to 1/100 pt: far below print resolution, and keeps the JSON readable. */
export const round2 = (value: number): number => Math.round(value * 100) / 100;

export function rect(x: number, y: number, width: number, height: number): Rect {
  return { x: round2(x), y: round2(y), width: round2(width), height: round2(height) };
}

export function inset(area: Rect, by: number): Rect {
  return rect(area.x + by, area.y + by, area.width - 2 * by, area.height - 2 * by);
}

export const rectCentre = (area: Rect): { x: number; y: number } => ({
  x: area.x + area.width / 2,
  y: area.y + area.height / 2,
});

/** Splits `width` into parts proportional to `weights`, separated by `gap`. */
export function splitByWeights(x: number, width: number, weights: readonly number[], gap: number): Array<{ x: number; width: number }> {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const usable = width - gap * (weights.length - 1);
  let cursor = x;
  return weights.map((weight) => {
    const part = { x: cursor, width: (usable * weight) / total };
    cursor += part.width + gap;
    return part;
  });
}
