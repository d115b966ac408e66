/**
 * A club scoresheet drawn with @napi-rs/canvas, as the ones that were read a row off: two blocks of 25 moves under
 * a heading row "WHITE | BLACK", thin grey ruling, a shaded number column printed 1–50, moves written in a
 * handwriting font. Options give it a ruled row above the heading (which a grid found by its ruling alone counts
 * as move rows), a last rule too faint to find, a number column left blank, or one printed out of order. Geometry in mm, written out here by hand.
 */
import { blankA4, type BlankPage } from './blank-page.js';
import { grayFromRgba, type GrayImage } from '../../src/raster.js';
import type { SheetTemplate } from '../../src/template.js';

export const CLUB_MM = {
  x: 15, width: 180,
  /** Top of the heading row; with a ruled row above the heading, that row starts one row higher. */
  headingTop: 84,
  columns: [0.12, 0.44, 0.44],
} as const;

/** Blocks side by side, move rows a block, and their height in mm. */
export interface ClubLayout {
  readonly blocks: number;
  readonly rows: number;
  readonly rowHeight: number;
}

export const CLUB_LAYOUT: ClubLayout = { blocks: 2, rows: 25, rowHeight: 7 };

export interface ClubSheetOptions {
  readonly dpi: number;
  /** Two blocks of 25 rows of 7 mm unless said. */
  readonly layout?: ClubLayout;
  /** Written in the move cells in order, White then Black. */
  readonly moves: readonly string[];
  /** A registered handwriting font's family. */
  readonly font: string;
  /** A ruled "Round | Board | Date" row right above the heading row, as wide as the grid. */
  readonly rowAboveHeading?: boolean;
  /** What the number column holds: the move numbers (default), nothing, or the numbers shuffled. */
  readonly numbers?: 'printed' | 'blank' | 'shuffled';
  /** The rule under the last row printed too faint to find (it is left out): the ruling then ends a row short. */
  readonly faintLastRule?: boolean;
}

/** The top of move row `row` (0-based within a block) in mm. */
export const clubRowTop = (row: number, layout = CLUB_LAYOUT): number => CLUB_MM.headingTop + (row + 1) * layout.rowHeight;

/** The centre of a half-move's cell in mm. */
export function clubCellCentre(moveNumber: number, side: 'white' | 'black', layout = CLUB_LAYOUT): [number, number] {
  const block = Math.floor((moveNumber - 1) / layout.rows), blockWidth = CLUB_MM.width / layout.blocks;
  const x = CLUB_MM.x + block * blockWidth + (CLUB_MM.columns[0] + (side === 'white' ? 0.5 : 1.5) * CLUB_MM.columns[1]) * blockWidth;
  return [x, clubRowTop((moveNumber - 1) % layout.rows, layout) + layout.rowHeight / 2];
}

export function drawClubSheet(options: ClubSheetOptions): GrayImage {
  const layout = options.layout ?? CLUB_LAYOUT;
  const { ctx, width, height, scale } = blankA4(options.dpi);
  ctx.scale(scale, scale);
  const { x: gx, width: gw, headingTop, columns } = CLUB_MM;
  const { rowHeight, rows } = layout;
  const blockWidth = gw / layout.blocks, numberWidth = columns[0] * blockWidth;
  const gridTop = options.rowAboveHeading ? headingTop - rowHeight : headingTop;
  const bottom = headingTop + (rows + 1) * rowHeight;
  ctx.fillStyle = '#000000';
  ctx.font = 'bold 6px sans-serif';
  ctx.fillText('CITY CHESS CLUB — GAME SCORE', 45, 22);
  ctx.font = '3.5px sans-serif';
  for (const [label, lx, ly] of [['Event', 15, 40], ['Date', 120, 40], ['White', 15, 54], ['Black', 110, 54], ['Opening', 15, 68]] as const) {
    ctx.fillText(label, lx, ly - 1.2);
    line(ctx, lx + 14, ly, lx + 80, ly, 0.2, '#555555');
  }
  // The shaded number column, the heading row included.
  ctx.fillStyle = '#d4d4d4';
  for (let b = 0; b < layout.blocks; b += 1) ctx.fillRect(gx + b * blockWidth, headingTop, numberWidth, bottom - headingTop);
  const grey = '#7a7a7a';
  const lastRule = options.faintLastRule ? bottom - rowHeight / 2 : bottom + rowHeight / 2;
  for (let y = gridTop; y < lastRule; y += rowHeight) line(ctx, gx, y, gx + gw, y, 0.2, grey);
  line(ctx, gx, gridTop, gx, bottom, 0.2, grey);
  line(ctx, gx + gw, gridTop, gx + gw, bottom, 0.2, grey);
  for (let b = 0; b < layout.blocks; b += 1) {
    const left = gx + b * blockWidth;
    if (b > 0) line(ctx, left, gridTop, left, bottom, 0.2, grey);
    line(ctx, left + numberWidth, headingTop, left + numberWidth, bottom, 0.2, grey);
    line(ctx, left + numberWidth + columns[1] * blockWidth, headingTop, left + numberWidth + columns[1] * blockWidth, bottom, 0.2, grey);
    ctx.fillStyle = '#000000';
    ctx.font = `bold ${Math.min(4, rowHeight * 0.57)}px sans-serif`;
    ctx.fillText('WHITE', left + numberWidth + columns[1] * blockWidth * 0.25, headingTop + rowHeight * 0.72);
    ctx.fillText('BLACK', left + numberWidth + columns[1] * blockWidth * 1.25, headingTop + rowHeight * 0.72);
  }
  if (options.rowAboveHeading) {
    ctx.font = '3.5px sans-serif';
    for (const [label, lx] of [['Round', 2], ['Board', 62], ['Date', 122]] as const) ctx.fillText(label, gx + lx, gridTop + rowHeight - 2.2);
    for (const lx of [60, 120]) line(ctx, gx + lx, gridTop, gx + lx, headingTop, 0.2, grey);
  }
  drawNumbers(ctx, options.numbers ?? 'printed', layout);
  ctx.fillStyle = '#1b2a80';
  options.moves.slice(0, 2 * layout.blocks * rows).forEach((move, ply) => {
    const [x, y] = clubCellCentre(Math.floor(ply / 2) + 1, ply % 2 === 0 ? 'white' : 'black', layout);
    ctx.font = `${Math.min(5.5, rowHeight * 0.8) + (ply % 3) * 0.4}px ${options.font}`;
    ctx.fillText(move, x - blockWidth * 0.17 + (ply % 4) * 1.5, y + rowHeight / 2 - 1.6);
  });
  const rgba = ctx.getImageData(0, 0, width, height).data;
  return grayFromRgba(width, height, rgba);
}

type Context = BlankPage['ctx'];

function line(ctx: Context, x0: number, y0: number, x1: number, y1: number, weight: number, colour: string): void {
  ctx.strokeStyle = colour;
  ctx.lineWidth = weight;
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
  ctx.stroke();
}

function drawNumbers(ctx: Context, numbers: 'printed' | 'blank' | 'shuffled', layout: ClubLayout): void {
  if (numbers === 'blank') return;
  const { rows, rowHeight } = layout;
  const count = layout.blocks * rows;
  // Shuffled: every number lands on another row, none where it belongs nor a row or three away.
  const order = Array.from({ length: count }, (_, index) => numbers === 'shuffled' ? ((index * 17 + 11) % count) + 1 : index + 1);
  const blockWidth = CLUB_MM.width / layout.blocks;
  ctx.fillStyle = '#000000';
  ctx.font = `${Math.min(3.6, rowHeight * 0.52)}px sans-serif`;
  order.forEach((value, index) => {
    const block = Math.floor(index / rows), row = index % rows;
    const text = String(value);
    const centre = CLUB_MM.x + block * blockWidth + (CLUB_MM.columns[0] * blockWidth) / 2;
    ctx.fillText(text, centre - text.length, clubRowTop(row, layout) + rowHeight * 0.69);
  });
}

/**
 * A template for the sheet. `registered` describes it as printed (heading row, 25 rows a block); `rowOff` takes the
 * heading row for move 1 (no heading, 25 rows from the heading's top), as a template measured carelessly does.
 */
export function clubTemplate(kind: 'registered' | 'rowOff', layout = CLUB_LAYOUT): SheetTemplate {
  const { x, width, headingTop, columns } = CLUB_MM;
  const { rows, rowHeight } = layout;
  const heading = kind === 'registered';
  const columnKinds = [{ kind: 'number' as const, width: columns[0] }, { kind: 'white' as const, width: columns[1] }, { kind: 'black' as const, width: columns[2] }];
  return {
    format: 'zapis-sheet-template', version: 1, name: `club sheet, ${kind}`, page: { width: 210, height: 297 },
    grid: {
      x, y: headingTop, width, height: (rows + (heading ? 1 : 0)) * rowHeight, headingRow: heading, headingHeight: 1, blockGap: 0,
      blocks: Array.from({ length: layout.blocks }, (_, index) => ({ rows, firstMove: index * rows + 1, columns: columnKinds })),
    },
    resultBoxes: [],
  };
}
