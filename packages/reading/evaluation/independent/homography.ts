/** Plane projective maps from four point pairs: how page pixels land on a scan or photo. */
export type Point = readonly [number, number];

/** Row-major 3×3 matrix. */
export type Homography = readonly number[];

export const IDENTITY: Homography = [1, 0, 0, 0, 1, 0, 0, 0, 1];

/** The homography taking each `from[i]` to `to[i]` (four pairs, no three collinear). */
export function homographyFrom(from: readonly Point[], to: readonly Point[]): Homography {
  // Eight unknowns (h22 = 1), two equations per pair, solved by Gaussian elimination with partial pivoting.
  const rows: number[][] = [];
  for (let index = 0; index < 4; index += 1) {
    const [x, y] = from[index];
    const [u, v] = to[index];
    rows.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    rows.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let column = 0; column < 8; column += 1) {
    let pivot = column;
    for (let row = column + 1; row < 8; row += 1) if (Math.abs(rows[row][column]) > Math.abs(rows[pivot][column])) pivot = row;
    [rows[column], rows[pivot]] = [rows[pivot], rows[column]];
    const lead = rows[column][column];
    if (Math.abs(lead) < 1e-12) throw new Error('degenerate point pairs for a homography');
    for (let row = 0; row < 8; row += 1) {
      if (row === column) continue;
      const factor = rows[row][column] / lead;
      for (let k = column; k < 9; k += 1) rows[row][k] -= factor * rows[column][k];
    }
  }
  const h = rows.map((row, index) => row[8] / row[index]);
  return [...h, 1];
}

export function applyHomography(h: Homography, [x, y]: Point): Point {
  const w = h[6] * x + h[7] * y + h[8];
  return [(h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w];
}

export function composeHomographies(second: Homography, first: Homography): Homography {
  const out: number[] = [];
  for (let row = 0; row < 3; row += 1) {
    for (let column = 0; column < 3; column += 1) {
      let sum = 0;
      for (let k = 0; k < 3; k += 1) sum += second[row * 3 + k] * first[k * 3 + column];
      out.push(sum);
    }
  }
  return out;
}

export function invertHomography(h: Homography): Homography {
  const [a, b, c, d, e, f, g, i, j] = h;
  const co = [e * j - f * i, -(b * j - c * i), b * f - c * e, -(d * j - f * g), a * j - c * g, -(a * f - c * d), d * i - e * g, -(a * i - b * g), a * e - b * d];
  const det = a * co[0] + b * co[3] + c * co[6];
  if (Math.abs(det) < 1e-15) throw new Error('a singular homography has no inverse');
  return co.map((value) => value / det);
}

/** Whether `point` is inside the convex quad `quad` (corners in order, either winding). */
export function insideQuad(point: Point, quad: readonly Point[]): boolean {
  let sign = 0;
  for (let index = 0; index < quad.length; index += 1) {
    const [ax, ay] = quad[index];
    const [bx, by] = quad[(index + 1) % quad.length];
    const cross = (bx - ax) * (point[1] - ay) - (by - ay) * (point[0] - ax);
    if (cross === 0) continue;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}
