/**
 * A sheet found on one page of a scan: where it lies (a PageMap from sheet
 * coordinates to pixels) and what it holds (the move cells and boxes in
 * sheet coordinates), however it was found.
 */
import type { QrPayload, Rect, ResultCode, SheetLayout, Side } from '@zapis/sheet';
import type { RulingEvidence } from './layout-by-ruling.js';
import type { PageMap } from './page-map.js';
import type { GrayImage } from './raster.js';
import type { PrintedWordsLanguage } from './printed-language.js';
import type { RowRegistration } from './row-registration.js';

export interface MoveCellPlace {
  readonly ply: number;
  readonly moveNumber: number;
  readonly side: Side;
  /** Where the move is written, in sheet coordinates. */
  readonly rect: Rect;
  /** The draw-offer box beside it, when the sheet has one. */
  readonly drawOffer?: Rect;
}

export interface ResultTickPlace {
  readonly result: ResultCode;
  readonly tick: Rect;
}

/** A column's span across a block, sheet coordinates. */
export interface ColumnSpan {
  readonly x: number;
  readonly width: number;
}

/**
 * One block of a foreign sheet's ruled grid as located, in sheet coordinates: where its rows lie and which moves the
 * grid takes them to hold. Row r (0 = the first move row) spans `firstRowTop + r·rowHeight` down one `rowHeight`;
 * negative rows are the heading and what is above it.
 */
export interface RuledBlock {
  readonly firstMove: number;
  /** Move rows. */
  readonly rows: number;
  readonly firstRowTop: number;
  readonly rowHeight: number;
  /** The printed move numbers' column, when the block has one. */
  readonly numberColumn?: ColumnSpan;
  readonly white: ColumnSpan;
  readonly black: ColumnSpan;
}

export interface LocatedSheet {
  /** 1-based page of the input file. */
  readonly page: number;
  /** The page image the map points into. */
  readonly image: GrayImage;
  readonly map: PageMap;
  /** How the sheet was found. */
  readonly foundBy: 'markers' | 'template';
  /** Corner markers seen (0–4); 3 suffices, the fourth corner is inferred. */
  readonly markersSeen: number;
  /** zapis sheets: the layout rebuilt from the QR's layout id. */
  readonly layout?: SheetLayout;
  readonly qr?: QrPayload;
  /**
   * Set when the QR code could not be read and the layout was recognised by
   * its printed ruling instead: the share of the layout's line points found
   * dark, the best other layout and its share, and the smallest lead over a rival on the lines where the two
   * differ. The sheet's language and game are then unknown.
   */
  readonly layoutFromRuling?: RulingEvidence;
  /**
   * With nothing else naming the sheet's language (a zapis layout recognised by its ruling, a foreign grid): the
   * language, when its printed words (a zapis title and headings, a grid's heading row) say it.
   */
  readonly printedWords?: PrintedWordsLanguage;
  /** Found with no template: a move grid of two or three blocks recognised by its ruling (first move 1 assumed; its rows then numbered by the printed move numbers, `registration`). */
  readonly gridWithoutTemplate?: boolean;
  /** Foreign sheets: the grid's blocks, left to right, after any shift `registration` applied. */
  readonly blocks?: readonly RuledBlock[];
  /** Foreign sheets, once their printed move numbers were read: whether they confirm which row holds which move. */
  readonly registration?: RowRegistration;
  readonly cells: readonly MoveCellPlace[];
  readonly resultTicks: readonly ResultTickPlace[];
}
