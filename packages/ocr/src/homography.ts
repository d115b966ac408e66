/**
 * A perspective map between the sheet plane and the image plane, fitted from
 * point pairs (four or more; least squares when more). Solved as the usual
 * 8-unknown linear system with h33 = 1, after normalising both point sets so
 * the system stays well conditioned at pixel scales.
 */
import type { PageMap } from './page-map.js';

export type Point = readonly [number, number];

export interface PointPair {
  readonly sheet: Point;
  readonly image: Point;
}

type Matrix3 = readonly [number, number, number, number, number, number, number, number, number];

export class Homography implements PageMap {
  private constructor(private readonly forward: Matrix3, private readonly inverse: Matrix3) {}

  /** The map sending each pair's sheet point to its image point, or undefined when the points are degenerate. */
  static fit(pairs: readonly PointPair[]): Homography | undefined {
    if (pairs.length < 4) return undefined;
    const forward = solve(pairs.map((pair) => pair.sheet), pairs.map((pair) => pair.image));
    if (!forward) return undefined;
    const inverse = invert(forward);
    return inverse ? new Homography(forward, inverse) : undefined;
  }

  toImage(x: number, y: number): Point {
    return apply(this.forward, x, y);
  }

  toSheet(x: number, y: number): Point {
    return apply(this.inverse, x, y);
  }

  /** The 3×3 sheet-to-image matrix, row by row (to send the map to another thread). */
  get matrix(): readonly number[] {
    return [...this.forward];
  }

  /** The map of a matrix from `matrix`, or undefined when it is not invertible. */
  static fromMatrix(matrix: readonly number[]): Homography | undefined {
    if (matrix.length !== 9 || !matrix.every(Number.isFinite)) return undefined;
    const forward = [...matrix] as unknown as Matrix3;
    const inverse = invert(forward);
    return inverse ? new Homography(forward, inverse) : undefined;
  }

  /** Root-mean-square distance, in image pixels, between mapped sheet points and their image points. */
  residual(pairs: readonly PointPair[]): number {
    let sum = 0;
    for (const { sheet, image } of pairs) {
      const [x, y] = this.toImage(sheet[0], sheet[1]);
      sum += (x - image[0]) ** 2 + (y - image[1]) ** 2;
    }
    return Math.sqrt(sum / Math.max(1, pairs.length));
  }
}

function apply(m: Matrix3, x: number, y: number): Point {
  const w = m[6] * x + m[7] * y + m[8];
  return [(m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w];
}

/** Similarity that moves the points' centroid to 0 and their mean distance to √2. */
function normaliser(points: readonly Point[]): Matrix3 {
  const cx = points.reduce((sum, p) => sum + p[0], 0) / points.length;
  const cy = points.reduce((sum, p) => sum + p[1], 0) / points.length;
  const spread = points.reduce((sum, p) => sum + Math.hypot(p[0] - cx, p[1] - cy), 0) / points.length || 1;
  const s = Math.SQRT2 / spread;
  return [s, 0, -s * cx, 0, s, -s * cy, 0, 0, 1];
}

function multiply(a: Matrix3, b: Matrix3): Matrix3 {
  const out: number[] = [];
  for (let r = 0; r < 3; r += 1) {
    for (let c = 0; c < 3; c += 1) out.push(a[r * 3] * b[c] + a[r * 3 + 1] * b[3 + c] + a[r * 3 + 2] * b[6 + c]);
  }
  return out as unknown as Matrix3;
}

function invert(m: Matrix3): Matrix3 | undefined {
  const [a, b, c, d, e, f, g, h, i] = m;
  const A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g;
  const det = a * A + b * B + c * C;
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12) return undefined;
  const inv = [A, -(b * i - c * h), b * f - c * e, B, a * i - c * g, -(a * f - c * d), C, -(a * h - b * g), a * e - b * d];
  return inv.map((value) => value / det) as unknown as Matrix3;
}

function solve(from: readonly Point[], to: readonly Point[]): Matrix3 | undefined {
  const nFrom = normaliser(from);
  const nTo = normaliser(to);
  // Normal equations of the 2n × 8 system A h = b.
  const ata = Array.from({ length: 8 }, () => new Float64Array(8));
  const atb = new Float64Array(8);
  for (let k = 0; k < from.length; k += 1) {
    const [x, y] = apply(nFrom, from[k][0], from[k][1]);
    const [u, v] = apply(nTo, to[k][0], to[k][1]);
    const rows: [number[], number][] = [
      [[x, y, 1, 0, 0, 0, -u * x, -u * y], u],
      [[0, 0, 0, x, y, 1, -v * x, -v * y], v],
    ];
    for (const [row, rhs] of rows) {
      for (let i = 0; i < 8; i += 1) {
        atb[i] += row[i] * rhs;
        for (let j = 0; j < 8; j += 1) ata[i][j] += row[i] * row[j];
      }
    }
  }
  const h = gaussianElimination(ata, atb);
  if (!h) return undefined;
  const normalised: Matrix3 = [h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], 1];
  const back = invert(nTo);
  return back ? multiply(multiply(back, normalised), nFrom) : undefined;
}

function gaussianElimination(a: Float64Array[], b: Float64Array): Float64Array | undefined {
  const n = b.length;
  for (let col = 0; col < n; col += 1) {
    let pivot = col;
    for (let row = col + 1; row < n; row += 1) if (Math.abs(a[row][col]) > Math.abs(a[pivot][col])) pivot = row;
    if (Math.abs(a[pivot][col]) < 1e-12) return undefined;
    [a[col], a[pivot]] = [a[pivot], a[col]];
    [b[col], b[pivot]] = [b[pivot], b[col]];
    for (let row = col + 1; row < n; row += 1) {
      const factor = a[row][col] / a[col][col];
      for (let k = col; k < n; k += 1) a[row][k] -= factor * a[col][k];
      b[row] -= factor * b[col];
    }
  }
  const x = new Float64Array(n);
  for (let row = n - 1; row >= 0; row -= 1) {
    let sum = b[row];
    for (let k = row + 1; k < n; k += 1) sum -= a[row][k] * x[k];
    x[row] = sum / a[row][row];
  }
  return x;
}
