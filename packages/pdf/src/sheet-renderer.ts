/**
 * Draws one sheet layout on one page: the blank form first (shared by every
 * sheet of the same layout, language and sheet number), then what differs per
 * sheet: subtitle, QR code, header values, moves in move order and result —
 * so text extraction reads the moves in the order they were played.
 */
import type { HalfMoveSlot, HeaderFieldKey, MoveBlockSlot, ResultCode, SheetLayout, TextSlot, WrittenMove } from '@zapis/sheet';
import type { FitOptions } from './fit-text.js';
import type { SheetFonts } from './fonts.js';
import { PageCanvas, SHADE, type TextCut } from './primitives.js';

/** What is written on a sheet beyond its header values. */
export interface SheetFill {
  /** The whole game's moves from move 1 (index 0); each sheet writes the moves of its own range. */
  readonly moves?: readonly WrittenMove[];
  readonly result?: ResultCode;
  /** Ticks the "original" or "copy" box in the footer. */
  readonly mark?: 'original' | 'copy';
}

/** A text cut to fit its box; `field` names the header field when it was a header value. */
export interface SheetTextCut extends TextCut {
  readonly field?: HeaderFieldKey;
}

/**
 * Header values: 10 pt, shrunk to 7 pt on one line, then up to two lines, then
 * cut at 4.3 pt (a 270-character name must not run over the boxes beside it).
 * 4.3 pt is fine print, and the least at which A5's 9.5-pt value boxes hold two lines.
 */
export const HEADER_VALUE_FIT: FitOptions = { size: 10, minSize: 7, maxLines: 2, floorSize: 4.3 };

/** Draws a whole sheet; returns the texts that had to be cut. */
export function drawSheet(canvas: PageCanvas, layout: SheetLayout, fonts: SheetFonts, fill: SheetFill = {}): SheetTextCut[] {
  return [...drawForm(canvas, layout, fonts), ...drawSheetSpecifics(canvas, layout, fonts, fill)];
}

/** What two sheets with equal keys have in common: everything `drawForm` draws. */
export const formKey = (layout: SheetLayout): string =>
  `${layout.layoutId} v${layout.version} ${layout.language} ${layout.sheet.number}/${layout.sheet.of}`;

/** Everything but the subtitle, the QR code and the filled-in text; returns the texts that had to be cut. */
export function drawForm(canvas: PageCanvas, layout: SheetLayout, fonts: SheetFonts): SheetTextCut[] {
  const before = canvas.cuts.length;
  drawBlankForm(canvas, layout, fonts);
  return canvas.cuts.slice(before);
}

/** The subtitle, QR code, header values, moves and ticks; returns the texts that had to be cut. */
export function drawSheetSpecifics(canvas: PageCanvas, layout: SheetLayout, fonts: SheetFonts, fill: SheetFill = {}): SheetTextCut[] {
  const before = canvas.cuts.length;
  if (layout.subtitle) drawTextSlot(canvas, layout.subtitle, fonts);
  canvas.qrCode(layout.qr.text, layout.qr.rect);
  const headerCuts = drawFill(canvas, layout, fonts, fill);
  return [...headerCuts, ...canvas.cuts.slice(before)];
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

/** Writes what is filled in; returns the header values that had to be cut. */
function drawFill(canvas: PageCanvas, layout: SheetLayout, fonts: SheetFonts, fill: SheetFill): SheetTextCut[] {
  const cuts: SheetTextCut[] = [];
  for (const field of layout.header) {
    if (field.value === undefined) continue;
    const fitted = canvas.textBlock(field.value, field.valueRect, fonts.regular, HEADER_VALUE_FIT);
    if (fitted.cut) cuts.push({ field: field.key, text: field.value, shown: fitted.lines.join(' ') });
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
  return cuts;
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
