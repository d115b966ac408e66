/**
 * A federation-like scoresheet drawn with @napi-rs/canvas (title, header
 * lines and boxes, two ruled blocks of 30 moves, a few written moves, result
 * boxes; no markers), and the scan damage applied to it: a known perspective
 * warp, blur, noise and JPEG. The geometry is written out here by hand (mm),
 * independently of the template code, so the tests compare against truth.
 */
import { createCanvas } from '@napi-rs/canvas';
import { seededRandom } from '@zapis/testkit';
import jpeg from 'jpeg-js';
import { Homography } from '../../src/homography.js';
import { grayFromRgba, grayImage, type GrayImage } from '../../src/raster.js';

export const SHEET_MM = { width: 210, height: 297 };
/** The grid as printed: outer ruling from (15, 72) mm, 180 mm wide, heading + 30 rows of 6.5 mm. */
export const GRID_MM = { x: 15, y: 72, width: 180, rowHeight: 6.5, rows: 30 };
const COLUMN_FRACTIONS = [0.14, 0.43, 0.43];

const MOVES = ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Ba4', 'Nf6', '0-0', 'Be7', 'Re1', 'b5', 'Bb3', 'd6', 'c3', '0-0', 'h3', 'Nb8', 'd4', 'Nbd7'];

/** Centre of a half-move cell in mm on the flat sheet. */
export function cellCentreMm(moveNumber: number, side: 'white' | 'black'): [number, number] {
  const block = moveNumber <= GRID_MM.rows ? 0 : 1;
  const row = (moveNumber - 1) % GRID_MM.rows;
  const blockWidth = GRID_MM.width / 2;
  const columnLeft = side === 'white' ? COLUMN_FRACTIONS[0] : COLUMN_FRACTIONS[0] + COLUMN_FRACTIONS[1];
  const x = GRID_MM.x + block * blockWidth + (columnLeft + COLUMN_FRACTIONS[1] / 2) * blockWidth;
  const y = GRID_MM.y + (row + 1.5) * GRID_MM.rowHeight;
  return [x, y];
}

/** The flat sheet at `dpi`, as a grey image. */
/** What to write in the moves: real moves in a handwriting font (registered on the canvas) instead of the sample. */
export interface WrittenMoves {
  readonly moves: readonly string[];
  readonly family: string;
}

export function drawFederationSheet(dpi: number, written = 84, hand?: WrittenMoves): GrayImage {
  const scale = dpi / 25.4;
  const width = Math.round(SHEET_MM.width * scale), height = Math.round(SHEET_MM.height * scale);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.scale(scale, scale);
  ctx.fillStyle = '#000000';
  ctx.strokeStyle = '#000000';
  const line = (x0: number, y0: number, x1: number, y1: number, weight: number) => {
    ctx.lineWidth = weight;
    ctx.beginPath();
    ctx.moveTo(x0, y0);
    ctx.lineTo(x1, y1);
    ctx.stroke();
  };
  ctx.font = 'bold 7px sans-serif';
  ctx.fillText('CHESS FEDERATION — OFFICIAL SCORESHEET', 30, 20);
  ctx.font = '3.5px sans-serif';
  // Header: labelled lines and a box with two fields.
  for (const [label, x, y, w] of [['Event', 15, 35, 120], ['Date', 140, 35, 55], ['White', 15, 47, 85], ['Black', 110, 47, 85], ['Rating', 15, 59, 40], ['Rating', 110, 59, 40]] as const) {
    ctx.fillText(label, x, y - 1.5);
    line(x + 14, y, x + w, y, 0.25);
  }
  ctx.lineWidth = 0.3;
  ctx.strokeRect(160, 52, 35, 10);
  line(177.5, 52, 177.5, 62, 0.3);
  ctx.fillText('Round', 161, 56);
  ctx.fillText('Board', 179, 56);
  // The move grid.
  const { x: gx, y: gy, width: gw, rowHeight, rows } = GRID_MM;
  const gh = (rows + 1) * rowHeight;
  const blockWidth = gw / 2;
  for (let r = 0; r <= rows + 1; r += 1) line(gx, gy + r * rowHeight, gx + gw, gy + r * rowHeight, r === 0 || r === rows + 1 ? 0.5 : 0.2);
  for (let b = 0; b < 2; b += 1) {
    let x = gx + b * blockWidth;
    line(x, gy, x, gy + gh, 0.5);
    for (const fraction of COLUMN_FRACTIONS) {
      x += fraction * blockWidth;
      line(x, gy, x, gy + gh, b === 1 && x > gx + gw - 0.01 ? 0.5 : 0.25);
    }
    ctx.font = 'bold 3.5px sans-serif';
    ctx.fillText('No.', gx + b * blockWidth + 2, gy + rowHeight - 2);
    ctx.fillText('White', gx + b * blockWidth + (COLUMN_FRACTIONS[0] + 0.15) * blockWidth, gy + rowHeight - 2);
    ctx.fillText('Black', gx + b * blockWidth + (COLUMN_FRACTIONS[0] + 0.58) * blockWidth, gy + rowHeight - 2);
    ctx.font = '3.5px sans-serif';
    for (let r = 0; r < rows; r += 1) ctx.fillText(String(b * rows + r + 1), gx + b * blockWidth + 3, gy + (r + 2) * rowHeight - 1.8);
  }
  // Moves "written" in the cells, off-centre, some large enough to cross the ruling.
  const moves = hand?.moves ?? MOVES;
  const count = hand ? Math.min(moves.length, 120) : Math.min(written, 120);
  if (hand) ctx.fillStyle = '#1b2a80';
  for (let ply = 0; ply < count; ply += 1) {
    const [cx, cy] = cellCentreMm(Math.floor(ply / 2) + 1, ply % 2 === 0 ? 'white' : 'black');
    ctx.font = hand ? `${5.5 + (ply % 3) * 0.4}px ${hand.family}` : `italic ${5 + (ply % 4)}px sans-serif`;
    ctx.fillText(moves[ply % moves.length], cx - 12 + (ply % 5) * 2, cy + 2 + (ply % 3) * 0.6);
  }
  ctx.fillStyle = '#000000';
  // Result boxes and signatures.
  ctx.font = '4px sans-serif';
  for (const [label, x] of [['1-0', 40], ['½-½', 95], ['0-1', 150]] as const) {
    ctx.fillText(label, x - 10, 284);
    ctx.lineWidth = 0.3;
    ctx.strokeRect(x, 279, 8, 6);
  }
  line(20, 292, 90, 292, 0.2);
  line(120, 292, 190, 292, 0.2);
  const rgba = ctx.getImageData(0, 0, width, height).data;
  return grayFromRgba(width, height, rgba);
}

export interface Damage {
  /** Degrees, clockwise on the image. */
  readonly rotation: number;
  /** Corner displacement for perspective, as a fraction of the page size. */
  readonly perspective: number;
  /** Box-blur passes (radius 1). */
  readonly blur: number;
  /** Uniform noise amplitude, grey levels. */
  readonly noise: number;
  /** JPEG quality, or undefined for none. */
  readonly jpegQuality?: number;
  /** Rotate by a further 180°. */
  readonly upsideDown?: boolean;
}

/** Seeded generator, so every warp is reproducible. */
export const random = seededRandom;

/** The damaged image and the true map from flat-sheet pixels to it. */
export function damage(flat: GrayImage, options: Damage, rand: () => number): { image: GrayImage; truth: Homography } {
  const { width, height } = flat;
  const angle = ((options.rotation + (options.upsideDown ? 180 : 0)) * Math.PI) / 180;
  const cx = width / 2, cy = height / 2;
  const corners: Array<[number, number]> = [[0, 0], [width, 0], [width, height], [0, height]];
  const pairs = corners.map(([x, y]) => {
    const dx = x - cx, dy = y - cy;
    const jitter = () => (rand() * 2 - 1) * options.perspective;
    return {
      sheet: [x, y] as const,
      image: [cx + dx * Math.cos(angle) - dy * Math.sin(angle) + jitter() * width, cy + dx * Math.sin(angle) + dy * Math.cos(angle) + jitter() * height] as const,
    };
  });
  const truth = Homography.fit(pairs)!;
  let image = grayImage(width, height, 235);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const [sx, sy] = truth.toSheet(x + 0.5, y + 0.5);
      const fx = sx - 0.5, fy = sy - 0.5;
      const x0 = Math.floor(fx), y0 = Math.floor(fy);
      if (x0 < 0 || y0 < 0 || x0 + 1 >= width || y0 + 1 >= height) continue;
      const ax = fx - x0, ay = fy - y0, i = y0 * width + x0, d = flat.data;
      const top = d[i] + (d[i + 1] - d[i]) * ax;
      const bottom = d[i + width] + (d[i + width + 1] - d[i + width]) * ax;
      image.data[y * width + x] = top + (bottom - top) * ay;
    }
  }
  for (let pass = 0; pass < options.blur; pass += 1) image = boxBlur(image);
  if (options.noise > 0) for (let i = 0; i < image.data.length; i += 1) image.data[i] = Math.max(0, Math.min(255, image.data[i] + (rand() * 2 - 1) * options.noise));
  if (options.jpegQuality !== undefined) image = jpegRoundTrip(image, options.jpegQuality);
  return { image, truth };
}

function boxBlur(image: GrayImage): GrayImage {
  const { width, height, data } = image;
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let sum = 0, count = 0;
      for (let dy = -1; dy <= 1; dy += 1) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx += 1) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          sum += data[yy * width + xx];
          count += 1;
        }
      }
      out[y * width + x] = sum / count;
    }
  }
  return { width, height, data: out };
}

function jpegRoundTrip(image: GrayImage, quality: number): GrayImage {
  const rgba = new Uint8Array(image.width * image.height * 4);
  for (let i = 0; i < image.data.length; i += 1) {
    rgba[i * 4] = rgba[i * 4 + 1] = rgba[i * 4 + 2] = image.data[i];
    rgba[i * 4 + 3] = 255;
  }
  const encoded = jpeg.encode({ data: rgba, width: image.width, height: image.height }, quality);
  const decoded = jpeg.decode(encoded.data, { useTArray: true });
  return grayFromRgba(decoded.width, decoded.height, decoded.data);
}
