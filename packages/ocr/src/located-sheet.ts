/**
 * A sheet found on one page of a scan: where it lies (a PageMap from sheet
 * coordinates to pixels) and what it holds (the move cells and boxes in
 * sheet coordinates), however it was found.
 */
import type { QrPayload, Rect, ResultCode, SheetLayout, Side } from '@zapis/sheet';
import type { PageMap } from './page-map.js';
import type { GrayImage } from './raster.js';

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
   * dark, the best other layout's, and the smallest lead over a rival on the lines where the two
   * differ. The sheet's language and game are then unknown.
   */
  readonly layoutFromRuling?: { readonly score: number; readonly runnerUp: number; readonly margin: number };
  /** Found with no template: a two-block move grid recognised by its ruling (first move 1 assumed). */
  readonly gridWithoutTemplate?: boolean;
  readonly cells: readonly MoveCellPlace[];
  readonly resultTicks: readonly ResultTickPlace[];
}
