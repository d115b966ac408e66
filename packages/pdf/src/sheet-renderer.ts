/**
 * Draws one sheet layout on one page: the blank form first (shared by every
 * sheet of the same layout, language and sheet number), then what differs per
 * sheet: subtitle, QR code, header values, moves in move order and result —
 * so text extraction reads the moves in the order they were played.
 */
import type { HalfMoveSlot, MoveBlockSlot, ResultCode, SheetLayout, TextSlot, WrittenMove } from '@zapis/sheet';
import type { SheetFonts } from './fonts.js';
import { PageCanvas, SHADE } from './primitives.js';

/** What is written on a sheet beyond its header values. */
export interface SheetFill {
  /** The whole game's moves from move 1 (index 0); each sheet writes the moves of its own range. */
  readonly moves?: readonly WrittenMove[];
  readonly result?: ResultCode;
  /** Ticks the "original" or "copy" box in the footer. */
  readonly mark?: 'original' | 'copy';
}

export function drawSheet(canvas: PageCanvas, layout: SheetLayout, fonts: SheetFonts, fill: SheetFill = {}): void {
  drawForm(canvas, layout, fonts);
  drawSheetSpecifics(canvas, layout, fonts, fill);
}

/** What two sheets with equal keys have in common: everything `drawForm` draws. */
export const formKey = (layout: SheetLayout): string =>
  `${layout.layoutId} v${layout.version} ${layout.language} ${layout.sheet.number}/${layout.sheet.of}`;

/** Everything but the subtitle, the QR code and the filled-in text. */
export function drawForm(canvas: PageCanvas, layout: SheetLayout, fonts: SheetFonts): void {
  drawBlankForm(canvas, layout, fonts);
}

export function drawSheetSpecifics(canvas: PageCanvas, layout: SheetLayout, fonts: SheetFonts, fill: SheetFill = {}): void {
  if (layout.subtitle) drawTextSlot(canvas, layout.subtitle, fonts);
  canvas.qrCode(layout.qr.text, layout.qr.rect);
  drawFill(canvas, layout, fonts, fill);
}

function drawTextSlot(canvas: PageCanvas, slot: TextSlot, fonts: SheetFonts): void {
  canvas.text(slot.text, slot.rect, slot.bold ? fonts.bold : fonts.regular, slot.size, slot.align);
}

function drawBlankForm(canvas: PageCanvas, layout: SheetLayout, fonts: SheetFonts): void {
  for (const marker of layout.markers) canvas.marker(marker);
  drawTextSlot(canvas, layout.title, fonts);

  for (const field of layout.header) {
    canvas.frame(field.rect, 'normal');
    canvas.text(field.label, field.labelRect, fonts.regular, 6);
  }
  drawTextSlot(canvas, layout.notationHint, fonts);

  for (const block of layout.moveGrid.blocks) drawBlock(canvas, layout, block, fonts);

  const { footer } = layout;
  const resultGroup = {
    x: footer.results[0].rect.x - 3,
    y: footer.signatures[0].rect.y,
    width: footer.results[2].rect.x + footer.results[2].rect.width + 3 - (footer.results[0].rect.x - 3),
    height: footer.signatures[0].rect.height,
  };
  canvas.frame(resultGroup, 'normal');
  drawTextSlot(canvas, footer.resultLabel, fonts);
  for (const box of footer.results) {
    canvas.text(box.label, { ...box.rect, width: box.tick.x - box.rect.x - 2 }, fonts.bold, 10, 'center');
    canvas.frame(box.tick, 'normal');
  }
  for (const signature of footer.signatures) {
    canvas.frame(signature.rect, 'normal');
    canvas.text(signature.label, { x: signature.rect.x + 2, y: signature.rect.y + 1.5, width: signature.rect.width - 4, height: 7 }, fonts.regular, 6);
  }
  drawTextSlot(canvas, footer.sheetOf, fonts);
  for (const mark of footer.copyMarks) {
    canvas.frame(mark.tick, 'normal');
    canvas.text(mark.label, mark.labelRect, fonts.regular, 8);
  }
  drawTextSlot(canvas, footer.layoutTag, fonts);
}

function drawBlock(canvas: PageCanvas, layout: SheetLayout, block: MoveBlockSlot, fonts: SheetFonts): void {
  const rows = layout.moveGrid.rows.filter((row) => row.moveNumber >= block.firstMove && row.moveNumber <= block.lastMove);
  const { rect: outline, headingRect } = block;
  const bottom = outline.y + outline.height;
  canvas.fill(headingRect, SHADE);
  for (const heading of block.headings) drawTextSlot(canvas, heading, fonts);

  // Row rules: a stronger one every fifth move helps the eye (and a reader's row count).
  for (const row of rows) {
    canvas.horizontal(outline.x, outline.x + outline.width, row.number.y, row.moveNumber % 5 === 1 ? 'normal' : 'thin');
  }
  // Column rules run the full height of the block.
  const first = rows[0];
  const columnEdges: Array<readonly [number, 'normal' | 'thin']> = [
    [first.white.rect.x, 'normal'],
    [first.black.rect.x, 'normal'],
  ];
  for (const half of [first.white, first.black]) {
    const drawZoneLeft = half.drawOffer.x - (half.rect.x + half.rect.width - half.drawOffer.x - half.drawOffer.width);
    if (half.clock) columnEdges.push([half.clock.x, 'thin']);
    columnEdges.push([drawZoneLeft, 'thin']);
  }
  for (const [x, weight] of columnEdges) canvas.vertical(x, outline.y, bottom, weight);
  canvas.frame(outline, 'strong');

  const numberSize = Math.min(layout.moveGrid.rowHeight * 0.55, 9);
  for (const row of rows) {
    canvas.text(String(row.moveNumber), { ...row.number, x: row.number.x + 1, width: row.number.width - 2 }, fonts.regular, numberSize, 'center');
    for (const half of [row.white, row.black]) {
      canvas.frame(half.drawOffer, 'thin');
      if (half.characterBoxes.length > 0) drawCharacterBoxes(canvas, half);
    }
  }
}

function drawCharacterBoxes(canvas: PageCanvas, half: HalfMoveSlot): void {
  const { cell, characterBoxes } = half;
  canvas.frame(cell, 'thin');
  for (const box of characterBoxes.slice(1)) canvas.vertical(box.x, box.y + 1, box.y + box.height - 1, 'guide');
}

function drawFill(canvas: PageCanvas, layout: SheetLayout, fonts: SheetFonts, fill: SheetFill): void {
  for (const field of layout.header) {
    if (field.value !== undefined) canvas.text(field.value, field.valueRect, fonts.regular, 10);
  }
  const moves = fill.moves ?? [];
  const moveSize = Math.min(layout.moveGrid.rowHeight * 0.62, 11);
  for (const row of layout.moveGrid.rows) {
    const move = moves[row.moveNumber - 1];
    if (move === undefined) continue;
    writeHalfMove(canvas, row.white, move.white, move.whiteDrawOffer, move.whiteClock, fonts, moveSize);
    writeHalfMove(canvas, row.black, move.black, move.blackDrawOffer, move.blackClock, fonts, moveSize);
  }
  const tickedResult = layout.footer.results.find((box) => box.result === fill.result);
  if (tickedResult) canvas.text('X', tickedResult.tick, fonts.bold, tickedResult.tick.height, 'center');
  const mark = layout.footer.copyMarks.find((slot) => slot.kind === fill.mark);
  if (mark) canvas.text('X', mark.tick, fonts.bold, mark.tick.height, 'center');
}

function writeHalfMove(
  canvas: PageCanvas, half: HalfMoveSlot, text: string | undefined, drawOffer: boolean | undefined, clock: string | undefined,
  fonts: SheetFonts, size: number,
): void {
  if (text !== undefined && text !== '') {
    const characters = [...text];
    if (half.characterBoxes.length >= characters.length) {
      // Boxed sheets: one character per box, as a person is asked to print them.
      canvas.actualText(text, () => {
        characters.forEach((character, index) => canvas.text(character, half.characterBoxes[index], fonts.mono, size, 'center'));
      });
    } else {
      canvas.text(text, { ...half.cell, x: half.cell.x + 3, width: half.cell.width - 5 }, fonts.regular, size);
    }
  }
  if (drawOffer) canvas.text('=', half.drawOffer, fonts.bold, half.drawOffer.height, 'center');
  if (clock !== undefined && half.clock) canvas.text(clock, { ...half.clock, x: half.clock.x + 1, width: half.clock.width - 2 }, fonts.regular, size * 0.75, 'center');
}
