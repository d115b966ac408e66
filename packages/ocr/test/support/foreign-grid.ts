/**
 * Foreign move grids drawn with @napi-rs/canvas on an A4 page, in the shapes club and federation sheets take:
 * 25 to 60 rows a block, two or three blocks, a heading row of the rows' height or of another, shaded or not, thin
 * grey ruling with lines broken by gaps, a shaded number column, ruled header lines (name, event) above the grid.
 * Lines are filled pixel rectangles, so a 1 px grey rule stays 1 px. Geometry in mm, written out here by hand,
 * independently of the template code, so the tests compare against truth.
 */
import { blankA4 } from './blank-page.js';
import { grayFromRgba, type GrayImage } from '../../src/raster.js';

export interface ForeignGrid {
  readonly dpi: number;
  readonly blocks: number;
  /** Move rows a block. */
  readonly rows: number;
  /** Height of a move row, mm. */
  readonly rowHeight: number;
  /** Column widths of a block, fractions of it, left to right (the first is the number column). */
  readonly columns: readonly number[];
  /** A heading row on top of every block, its height in move rows; shaded grey when said. */
  readonly heading?: { readonly height: number; readonly shaded?: boolean; readonly words?: readonly [string, string] };
  /** Grey level and width in pixels of the ruling (the outer frame too). */
  readonly ruling: { readonly grey: number; readonly width: number };
  /** Every `brokenEvery`-th horizontal rule is drawn with gaps in it, as where handwriting hid or broke it. */
  readonly brokenEvery?: number;
  readonly shadedNumberColumn?: boolean;
  /** Ruled full-width lines above the grid (Event, White, Black…) at the rows' spacing, no vertical line crossing them. */
  readonly headerLines?: number;
  /** Blank rows between the last header line and the grid's top. */
  readonly headerGap?: number;
  /** A title bar on top of the grid, this many rows high, framed by the grid's outer lines. */
  readonly titleBar?: number;
  /** Space between blocks, each framed on its own, mm. */
  readonly blockGap?: number;
  /** Top of the grid (the heading's top), mm. */
  readonly top: number;
}

const GRID_X = 15, GRID_WIDTH = 180;

const blockWidth = (grid: ForeignGrid): number => (GRID_WIDTH - (grid.blockGap ?? 0) * (grid.blocks - 1)) / grid.blocks;
const blockLeft = (grid: ForeignGrid, block: number): number => GRID_X + block * (blockWidth(grid) + (grid.blockGap ?? 0));
/** Top of move row `row` (0-based in its block), mm. */
const rowTop = (grid: ForeignGrid, row: number): number => grid.top + (grid.heading?.height ?? 0) * grid.rowHeight + row * grid.rowHeight;
const gridBottom = (grid: ForeignGrid): number => rowTop(grid, grid.rows);

/** Centre of a half-move's cell, mm (White's move in the second column, Black's in the third). */
export function foreignCellCentre(grid: ForeignGrid, moveNumber: number, side: 'white' | 'black'): [number, number] {
  const block = Math.floor((moveNumber - 1) / grid.rows), row = (moveNumber - 1) % grid.rows;
  const width = blockWidth(grid);
  const [number, white, black] = grid.columns;
  const x = blockLeft(grid, block) + (side === 'white' ? number + white / 2 : number + white + black / 2) * width;
  return [x, rowTop(grid, row) + grid.rowHeight / 2];
}

export function drawForeignGrid(grid: ForeignGrid): GrayImage {
  const { ctx, width, height, scale } = blankA4(grid.dpi);
  const grey = (level: number) => `rgb(${level}, ${level}, ${level})`;
  const rule = grid.ruling.width;
  const horizontal = (y: number, x0: number, x1: number, gaps: ReadonlyArray<readonly [number, number]> = []) => {
    ctx.fillStyle = grey(grid.ruling.grey);
    let from = x0;
    for (const [gapFrom, gapTo] of [...gaps, [x1, x1] as const]) {
      ctx.fillRect(Math.round(from * scale), Math.round(y * scale - rule / 2), Math.round((gapFrom - from) * scale), rule);
      from = gapTo;
    }
  };
  const vertical = (x: number, y0: number, y1: number) => {
    ctx.fillStyle = grey(grid.ruling.grey);
    ctx.fillRect(Math.round(x * scale - rule / 2), Math.round(y0 * scale), rule, Math.round((y1 - y0) * scale));
  };
  const text = (value: string, x: number, y: number, size: number, colour = '#000000') => {
    ctx.fillStyle = colour;
    ctx.font = `${Math.round(size * scale)}px sans-serif`;
    ctx.fillText(value, x * scale, y * scale);
  };
  text('CHESS CLUB — SCORESHEET', 50, 16, 6);
  const width0 = blockWidth(grid), bottom = gridBottom(grid), headingHeight = (grid.heading?.height ?? 0) * grid.rowHeight;
  // Shading first, the ruling over it.
  for (let block = 0; block < grid.blocks; block += 1) {
    const left = blockLeft(grid, block);
    ctx.fillStyle = grey(215);
    if (grid.heading?.shaded) ctx.fillRect(left * scale, grid.top * scale, width0 * scale, headingHeight * scale);
    if (grid.shadedNumberColumn) ctx.fillRect(left * scale, rowTop(grid, 0) * scale, grid.columns[0] * width0 * scale, grid.rows * grid.rowHeight * scale);
  }
  const headerLabels = ['Event', 'Round', 'White', 'Black', 'Date', 'Opening'];
  for (let k = 0; k < (grid.headerLines ?? 0); k += 1) {
    const y = grid.top - ((grid.headerGap ?? 0) + k + 1) * grid.rowHeight;
    horizontal(y, GRID_X, GRID_X + GRID_WIDTH);
    text(headerLabels[k % headerLabels.length], GRID_X + 1, y - grid.rowHeight * 0.3, Math.min(3.5, grid.rowHeight * 0.5));
  }
  if (grid.titleBar) {
    const barTop = grid.top - grid.titleBar * grid.rowHeight;
    horizontal(barTop, GRID_X, GRID_X + GRID_WIDTH);
    vertical(GRID_X, barTop, grid.top);
    vertical(GRID_X + GRID_WIDTH, barTop, grid.top);
    text('GAME SCORE', GRID_X + 70, grid.top - grid.rowHeight * 0.4, Math.min(4, grid.rowHeight * 0.6));
  }
  const lines = [grid.top, ...Array.from({ length: grid.rows + 1 }, (_, row) => rowTop(grid, row))].filter((y, index, all) => index === 0 || y > all[index - 1]);
  for (let block = 0; block < grid.blocks; block += 1) {
    const left = blockLeft(grid, block);
    lines.forEach((y, index) => {
      const broken = grid.brokenEvery !== undefined && index > 1 && index < lines.length - 1 && index % grid.brokenEvery === 0;
      // A gap or two where a move was written over the rule, in the move columns.
      const gaps: Array<readonly [number, number]> = broken
        ? [[left + width0 * 0.3, left + width0 * 0.3 + 2 + (index % 3)], ...(index % 2 === 0 ? [[left + width0 * 0.7, left + width0 * 0.7 + 4] as const] : [])]
        : [];
      horizontal(y, left, left + width0, gaps);
    });
    let x = left;
    vertical(x, grid.top, bottom);
    for (const fraction of grid.columns) {
      x += fraction * width0;
      vertical(x, grid.top, bottom);
    }
    const [number, white] = grid.columns;
    if (grid.heading) {
      const baseline = grid.top + headingHeight * 0.7, size = Math.min(4, headingHeight * 0.5);
      text('No', left + 1, baseline, size);
      const [whiteWord, blackWord] = grid.heading.words ?? ['WHITE', 'BLACK'];
      text(whiteWord, left + (number + white * 0.3) * width0, baseline, size);
      text(blackWord, left + (number + white * 1.3) * width0, baseline, size);
    }
    for (let row = 0; row < grid.rows; row += 1) {
      text(String(block * grid.rows + row + 1), left + 1.5, rowTop(grid, row) + grid.rowHeight * 0.72, Math.min(3.5, grid.rowHeight * 0.55));
    }
  }
  // A few moves written in, large and off-centre, some over the rules.
  const moves = ['e4', 'c5', 'Nf3', 'd6', 'd4', 'cxd4', 'Nxd4', 'Nf6', 'Nc3', 'a6', 'Be3', 'e5'];
  moves.forEach((move, ply) => {
    const [x, y] = foreignCellCentre(grid, Math.floor(ply / 2) + 1, ply % 2 === 0 ? 'white' : 'black');
    text(move, x - 6 + (ply % 3) * 2, y + grid.rowHeight * (0.2 + (ply % 4) * 0.12), grid.rowHeight * 0.9, '#1b2a80');
  });
  const rgba = ctx.getImageData(0, 0, width, height).data;
  return grayFromRgba(width, height, rgba);
}
