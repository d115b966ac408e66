/**
 * Builds the layout of one scoresheet from a few options. Geometry depends only
 * on the options named in the layout id (style, paper, moves, blocks, boxes,
 * clock); language and header data change the words, never a rectangle.
 */
import { rect, splitByWeights, type Rect } from './geometry.js';
import { headerValue, type HeaderFieldKey, type HeaderValues } from './header.js';
import { labelsFor, type SheetLabels, type SheetLanguage } from './labels.js';
import {
  LAYOUT_FORMAT, LAYOUT_VERSION, isLayoutVersion, type LayoutVersion,
  type CopyMarkSlot, type Footer, type HalfMoveSlot, type HeaderFieldSlot, type MoveBlockSlot, type MoveGrid,
  type MoveRowSlot, type ResultBoxSlot, type SheetLayout, type SheetStyle, type Side, type SignatureSlot, type Signer, type TextSlot,
} from './layout.js';
import { DEFAULT_CHARACTER_BOXES, layoutIdOf, type SheetGeometryOptions } from './layout-id.js';
import { CORNERS, markerSlot, type Corner, type MarkerSlot } from './markers.js';
import { PAPER_METRICS, PAPER_SIZES, type PaperName } from './paper.js';
import { encodeQrPayload, withPrintedHeader, type CopyColour, type QrHeaderKey, type QrPayload } from './qr-payload.js';
import { pgnDateOf } from './pgn-date.js';
import { err, ok, type Result } from './result.js';

export interface SheetOptions {
  readonly style?: SheetStyle;
  readonly paper?: PaperName;
  readonly language?: SheetLanguage;
  /** Moves per sheet (default 60); later sheets continue from there (61–120, …). */
  readonly movesPerSheet?: number;
  /** Side-by-side blocks of the move grid (default 2). */
  readonly blocks?: 2 | 3;
  /** A clock-time cell after every half-move (default false). */
  readonly clockCells?: boolean;
  /** Boxed style: character boxes per half-move (default 7). */
  readonly characterBoxes?: number;
  readonly header?: HeaderValues;
  /** Whose copy this is, when each player gets one. */
  readonly copy?: CopyColour;
  /** 1-based sheet number and the number of sheets of the game (default 1 of 1). */
  readonly sheet?: number;
  readonly of?: number;
  /**
   * The layout version to build (default LAYOUT_VERSION): a reader rebuilds a
   * sheet printed by an earlier zapis with the version its QR code names.
   */
  readonly layoutVersion?: LayoutVersion;
}

export interface SheetOptionsError {
  readonly option: keyof SheetOptions;
  readonly message: string;
}

export const DEFAULT_MOVES_PER_SHEET = 60;
export const MAX_MOVES_PER_SHEET = 150;

const TITLE_GAP = 6;
const FIELD_GAP = 3;
const BLOCK_HEADING_HEIGHT = 11;
const MAX_ROW_HEIGHT = 24;
const LABEL_SIZE = 6;

interface Frame {
  readonly left: number;
  readonly right: number;
  readonly compact: boolean;
}

function textSlot(text: string, area: Rect, size: number, align: TextSlot['align'] = 'left', bold = false): TextSlot {
  return { text, rect: area, size, align, bold };
}

export function resolveGeometry(options: SheetOptions): Result<SheetGeometryOptions, SheetOptionsError> {
  const movesPerSheet = options.movesPerSheet ?? DEFAULT_MOVES_PER_SHEET;
  if (!Number.isInteger(movesPerSheet) || movesPerSheet < 1 || movesPerSheet > MAX_MOVES_PER_SHEET) {
    return err({ option: 'movesPerSheet', message: `moves per sheet must be a whole number from 1 to ${MAX_MOVES_PER_SHEET}` });
  }
  const characterBoxes = options.characterBoxes ?? DEFAULT_CHARACTER_BOXES;
  if (!Number.isInteger(characterBoxes) || characterBoxes < 3 || characterBoxes > 10) {
    return err({ option: 'characterBoxes', message: 'character boxes per half-move must be from 3 to 10' });
  }
  return ok({
    style: options.style ?? 'classic',
    paper: options.paper ?? 'a4',
    movesPerSheet,
    blocks: options.blocks ?? 2,
    characterBoxes,
    clockCells: options.clockCells ?? false,
  });
}

/** The layout of one sheet, or why the options cannot make one. */
export function buildSheetLayout(options: SheetOptions = {}): Result<SheetLayout, SheetOptionsError> {
  const geometry = resolveGeometry(options);
  if (!geometry.ok) return geometry;
  const sheet = options.sheet ?? 1;
  const of = options.of ?? Math.max(1, sheet);
  if (!Number.isInteger(sheet) || sheet < 1) return err({ option: 'sheet', message: 'sheet number must be 1 or more' });
  if (!Number.isInteger(of) || of < sheet) return err({ option: 'of', message: 'sheet count must be at least the sheet number' });
  const version = options.layoutVersion ?? LAYOUT_VERSION;
  if (!isLayoutVersion(version)) return err({ option: 'layoutVersion', message: `layout version ${String(version)} is not one this zapis builds (1 or 2)` });
  return ok(layoutFor(geometry.value, options.language ?? 'en', options.header ?? {}, sheet, of, options.copy, version));
}

function layoutFor(
  geometry: SheetGeometryOptions, language: SheetLanguage, values: HeaderValues, sheet: number, of: number, copy: CopyColour | undefined,
  version: LayoutVersion,
): SheetLayout {
  const labels = labelsFor(language);
  const paper = PAPER_SIZES[geometry.paper];
  const { margin, markerSize, qrSize } = PAPER_METRICS[geometry.paper];
  const frame: Frame = { left: margin, right: paper.width - margin, compact: geometry.paper === 'a5' };
  const layoutId = layoutIdOf(geometry);

  const markers: MarkerSlot[] = CORNERS.map((corner: Corner) => {
    const x = corner.endsWith('left') ? margin : paper.width - margin - markerSize;
    const y = corner.startsWith('top') ? margin : paper.height - margin - markerSize;
    return markerSlot(corner, x, y, markerSize);
  });

  // Title band: between the two top markers.
  const bandLeft = frame.left + markerSize + 8;
  const bandWidth = frame.right - markerSize - 8 - bandLeft;
  const title = textSlot(labels.title, rect(bandLeft, margin, bandWidth, markerSize * 0.58), frame.compact ? 12 : 15, 'center', true);
  const subtitleText = [
    copy === undefined ? undefined : copy === 'white' ? labels.whiteCopy : labels.blackCopy,
    sheet > 1 ? `${labels.sheetOf(sheet, of)} (${labels.continuation})` : undefined,
  ].filter((part): part is string => part !== undefined).join(' · ');
  const subtitle = subtitleText === ''
    ? undefined
    : textSlot(subtitleText, rect(bandLeft, margin + markerSize * 0.6, bandWidth, markerSize * 0.4), frame.compact ? 7 : 8.5, 'center', true);

  // Header fields beside the QR code.
  const headerTop = margin + markerSize + TITLE_GAP;
  const fieldRowHeight = frame.compact ? 20 : 23;
  const headerHeight = 4 * fieldRowHeight + 3 * FIELD_GAP;
  const qrRect = rect(frame.right - qrSize, headerTop + (headerHeight - qrSize) / 2, qrSize, qrSize);
  const header = headerFields(labels, values, frame.left, frame.right - qrSize - 6 - frame.left, headerTop, fieldRowHeight);

  const hintTop = headerTop + headerHeight + 3;
  const notationHint = textSlot(labels.notationHint, rect(frame.left, hintTop, frame.right - frame.left, 10), frame.compact ? 6.5 : 7.5, 'center');

  // Footer from the bottom up: marker band, then results and signatures.
  const bottomBandTop = paper.height - margin - markerSize;
  const footerRowHeight = frame.compact ? 26 : 30;
  const footerTop = bottomBandTop - TITLE_GAP - footerRowHeight;
  const footer = footerSlots(labels, frame, footerTop, footerRowHeight, bottomBandTop, markerSize, sheet, of, version, `${layoutId} v${version}`);

  const firstMove = (sheet - 1) * geometry.movesPerSheet + 1;
  const moveGrid = gridSlots(geometry, labels, frame, hintTop + 14, footerTop - 6, firstMove);

  const payload: QrPayload = withPrintedHeader({
    layout: layoutId,
    v: version,
    lang: language,
    ...optionalPayloadText('event', headerValue(values, 'event')),
    ...optionalPayloadText('round', headerValue(values, 'round')),
    ...optionalPayloadText('board', headerValue(values, 'board')),
    sheet,
    of,
    ...(copy === undefined ? {} : { copy }),
  }, printedForQr(values));

  return {
    format: LAYOUT_FORMAT,
    layoutId,
    version,
    units: 'pt',
    origin: 'top-left',
    paper: { name: paper.name, width: paper.width, height: paper.height },
    margin,
    style: geometry.style,
    language,
    sheet: { number: sheet, of, ...(copy === undefined ? {} : { copy }) },
    title,
    ...(subtitle === undefined ? {} : { subtitle }),
    notationHint,
    header,
    moveGrid,
    footer,
    markers,
    qr: { rect: qrRect, payload, text: encodeQrPayload(payload) },
  };
}

/** The printed site, date (in PGN's form, when it reads as a date) and names, for the QR code to carry. */
function printedForQr(values: HeaderValues): Partial<Record<QrHeaderKey, string>> {
  const date = headerValue(values, 'date');
  // Sheets are printed ahead of the round: a date still to come is as printed.
  const pgnDate = date === undefined ? undefined : pgnDateOf(date, Number.POSITIVE_INFINITY);
  return {
    ...optionalText('site', headerValue(values, 'site')),
    ...optionalText('date', pgnDate),
    ...optionalText('white', headerValue(values, 'white.name')),
    ...optionalText('black', headerValue(values, 'black.name')),
  };
}

const optionalText = <Key extends string>(key: Key, value: string | undefined): Partial<Record<Key, string>> =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<Key, string>>;

const optionalPayloadText = (key: 'event' | 'round' | 'board', value: string | undefined): Partial<QrPayload> =>
  (value === undefined ? {} : { [key]: value });

const HEADER_ROWS: ReadonlyArray<ReadonlyArray<readonly [HeaderFieldKey, number]>> = [
  [['event', 3.2], ['site', 2], ['date', 1.3]],
  [['round', 1], ['board', 1.2], ['section', 1.4], ['timeControl', 2.9]],
  [['white.name', 3.2], ['white.rating', 1], ['white.fideId', 1.3], ['white.federation', 2]],
  [['black.name', 3.2], ['black.rating', 1], ['black.fideId', 1.3], ['black.federation', 2]],
];

function headerLabel(labels: SheetLabels, key: HeaderFieldKey): string {
  switch (key) {
    case 'white.name': return labels.whitePlayer;
    case 'black.name': return labels.blackPlayer;
    case 'white.rating': case 'black.rating': return labels.rating;
    case 'white.fideId': case 'black.fideId': return labels.fideId;
    case 'white.federation': case 'black.federation': return labels.federation;
    default: return labels[key];
  }
}

function headerFields(labels: SheetLabels, values: HeaderValues, left: number, width: number, top: number, rowHeight: number): HeaderFieldSlot[] {
  return HEADER_ROWS.flatMap((row, rowIndex) => {
    const y = top + rowIndex * (rowHeight + FIELD_GAP);
    return splitByWeights(left, width, row.map(([, weight]) => weight), FIELD_GAP).map((column, index) => {
      const key = row[index][0];
      const value = headerValue(values, key);
      const field: HeaderFieldSlot = {
        key,
        label: headerLabel(labels, key),
        rect: rect(column.x, y, column.width, rowHeight),
        labelRect: rect(column.x + 2, y + 1.5, column.width - 4, LABEL_SIZE + 1),
        valueRect: rect(column.x + 3, y + LABEL_SIZE + 3, column.width - 6, rowHeight - LABEL_SIZE - 4.5),
        ...(value === undefined ? {} : { value }),
      };
      return field;
    });
  });
}

function footerSlots(
  labels: SheetLabels, frame: Frame, top: number, height: number, bandTop: number, markerSize: number,
  sheet: number, of: number, version: LayoutVersion, layoutTag: string,
): Footer {
  // Version 1 had no arbiter's box: its three parts keep their old widths.
  const weights = version === 1 ? [1.3, 1, 1] : [1.3, 1, 1, 1];
  const [resultPart, whitePart, blackPart, arbiterPart] = splitByWeights(frame.left, frame.right - frame.left, weights, 6);
  const resultLabel = textSlot(labels.result, rect(resultPart.x + 2, top + 1.5, resultPart.width - 4, LABEL_SIZE + 1), LABEL_SIZE);
  const tickSize = frame.compact ? 8 : 10;
  const resultCodes: ReadonlyArray<readonly [ResultBoxSlot['result'], string]> = [['1-0', '1-0'], ['1/2-1/2', '½-½'], ['0-1', '0-1']];
  const results = splitByWeights(resultPart.x + 3, resultPart.width - 6, [1, 1, 1], 4).map((part, index): ResultBoxSlot => {
    const box = rect(part.x, top + LABEL_SIZE + 3, part.width, height - LABEL_SIZE - 4.5);
    return {
      result: resultCodes[index][0],
      label: resultCodes[index][1],
      rect: box,
      tick: rect(box.x + box.width - tickSize - 2, box.y + (box.height - tickSize) / 2, tickSize, tickSize),
    };
  });
  const signatureLabels = { white: labels.whiteSignature, black: labels.blackSignature, arbiter: labels.arbiterSignature };
  const signers: Array<readonly [Signer, { x: number; width: number }]> = [['white', whitePart], ['black', blackPart]];
  if (arbiterPart !== undefined) signers.push(['arbiter', arbiterPart]);
  const signatures: SignatureSlot[] = signers
    .map(([signer, part]) => ({ signer, label: signatureLabels[signer], rect: rect(part.x, top, part.width, height) }));

  // The bottom band between the bottom markers.
  const bandLeft = frame.left + markerSize + 8;
  const bandRight = frame.right - markerSize - 8;
  const lineY = bandTop + markerSize / 2 - 5;
  const third = (bandRight - bandLeft) / 3;
  const sheetOf = textSlot(labels.sheetOf(sheet, of), rect(bandLeft, lineY, third, 10), frame.compact ? 7.5 : 8.5, 'left', true);
  const markSize = frame.compact ? 7 : 8;
  const copyMarks: CopyMarkSlot[] = (['original', 'copy'] as const).map((kind, index) => {
    const x = bandLeft + third + index * (third / 2);
    return {
      kind,
      label: kind === 'original' ? labels.original : labels.copy,
      tick: rect(x, lineY + 1, markSize, markSize),
      labelRect: rect(x + markSize + 3, lineY, third / 2 - markSize - 5, 10),
    };
  });
  const tag = textSlot(layoutTag, rect(bandLeft + 2 * third, lineY + 2, third, 8), 5.5, 'right');
  return { resultLabel, results, signatures, sheetOf, copyMarks, layoutTag: tag };
}

function gridSlots(geometry: SheetGeometryOptions, labels: SheetLabels, frame: Frame, top: number, bottom: number, firstMove: number): MoveGrid {
  const { blocks, movesPerSheet, style, clockCells, characterBoxes } = geometry;
  const blockGap = frame.compact ? 6 : 8;
  const blockWidth = (frame.right - frame.left - blockGap * (blocks - 1)) / blocks;
  const numberWidth = frame.compact || blocks === 3 ? 15 : 18;
  const halfWidth = (blockWidth - numberWidth) / 2;
  const rowsPerBlock = Math.ceil(movesPerSheet / blocks);
  const rowHeight = Math.min((bottom - top - BLOCK_HEADING_HEIGHT) / rowsPerBlock, MAX_ROW_HEIGHT);
  const drawBoxSize = Math.min(rowHeight * 0.55, 9);
  const drawZoneWidth = drawBoxSize + 5;
  const clockWidth = clockCells ? (frame.compact ? 22 : 28) : 0;
  const cellWidth = halfWidth - drawZoneWidth - clockWidth;
  const lastMove = firstMove + movesPerSheet - 1;

  const halfMove = (moveNumber: number, side: Side, x: number, y: number): HalfMoveSlot => {
    const padding = 1.5;
    const boxWidth = (cellWidth - 2 * padding) / characterBoxes;
    const characterBoxesRects = style === 'boxed'
      ? Array.from({ length: characterBoxes }, (_, index) => rect(x + padding + index * boxWidth, y + padding, boxWidth, rowHeight - 2 * padding))
      : [];
    const cell = style === 'boxed'
      ? rect(x + padding, y + padding, boxWidth * characterBoxes, rowHeight - 2 * padding)
      : rect(x, y, cellWidth, rowHeight);
    return {
      moveNumber,
      side,
      ply: 2 * moveNumber - (side === 'white' ? 1 : 0),
      cell,
      characterBoxes: characterBoxesRects,
      ...(clockCells ? { clock: rect(x + cellWidth, y, clockWidth, rowHeight) } : {}),
      drawOffer: rect(x + cellWidth + clockWidth + (drawZoneWidth - drawBoxSize) / 2, y + (rowHeight - drawBoxSize) / 2, drawBoxSize, drawBoxSize),
      rect: rect(x, y, halfWidth, rowHeight),
    };
  };

  const blockSlots: MoveBlockSlot[] = [];
  const rows: MoveRowSlot[] = [];
  for (let block = 0; block < blocks; block += 1) {
    const x = frame.left + block * (blockWidth + blockGap);
    const blockFirst = firstMove + block * rowsPerBlock;
    const blockLast = Math.min(lastMove, blockFirst + rowsPerBlock - 1);
    if (blockFirst > lastMove) break;
    const headingSize = 7;
    const headingY = top + 2;
    const headingHeight = BLOCK_HEADING_HEIGHT - 3;
    const headings: TextSlot[] = [textSlot(labels.moveNumber, rect(x, headingY, numberWidth, headingHeight), headingSize, 'center', true)];
    for (const [side, offset] of [['white', numberWidth], ['black', numberWidth + halfWidth]] as const) {
      headings.push(textSlot(side === 'white' ? labels.whiteMoves : labels.blackMoves, rect(x + offset, headingY, cellWidth, headingHeight), headingSize, 'center', true));
      if (clockCells) headings.push(textSlot(labels.clock, rect(x + offset + cellWidth, headingY, clockWidth, headingHeight), headingSize - 1, 'center'));
      headings.push(textSlot(labels.drawOffer, rect(x + offset + cellWidth + clockWidth, headingY, drawZoneWidth, headingHeight), headingSize, 'center', true));
    }
    const rowCount = blockLast - blockFirst + 1;
    blockSlots.push({
      rect: rect(x, top, blockWidth, BLOCK_HEADING_HEIGHT + rowCount * rowHeight),
      headingRect: rect(x, top, blockWidth, BLOCK_HEADING_HEIGHT),
      headings,
      firstMove: blockFirst,
      lastMove: blockLast,
    });
    for (let index = 0; index < rowCount; index += 1) {
      const moveNumber = blockFirst + index;
      const y = top + BLOCK_HEADING_HEIGHT + index * rowHeight;
      rows.push({
        moveNumber,
        number: rect(x, y, numberWidth, rowHeight),
        white: halfMove(moveNumber, 'white', x + numberWidth, y),
        black: halfMove(moveNumber, 'black', x + numberWidth + halfWidth, y),
      });
    }
  }
  const gridHeight = BLOCK_HEADING_HEIGHT + rowsPerBlock * rowHeight;
  return {
    rect: rect(frame.left, top, frame.right - frame.left, gridHeight),
    blocks: blockSlots,
    rows,
    firstMove,
    lastMove,
    rowHeight: Math.round(rowHeight * 100) / 100,
  };
}
