/**
 * The scoresheet layout: everything a printer draws and a reader looks for,
 * as plain data. Units: PDF points (1/72 inch); origin: the page's TOP-LEFT
 * corner, x to the right, y downwards (see geometry.ts). It never draws.
 */
import type { Rect } from './geometry.js';
import type { HeaderFieldKey } from './header.js';
import type { SheetLanguage } from './labels.js';
import type { MarkerSlot } from './markers.js';
import type { PaperName } from './paper.js';
import type { CopyColour, QrPayload } from './qr-payload.js';

export type SheetStyle = 'classic' | 'boxed';

export const SHEET_STYLES: readonly SheetStyle[] = ['classic', 'boxed'];

export const isSheetStyle = (value: string): value is SheetStyle => (SHEET_STYLES as readonly string[]).includes(value);

/**
 * Bumped whenever the geometry for the same options changes; readers compare it.
 * 1: the first sheets; 2: an arbiter's signature box in the footer (the footer
 * boxes narrow; the header, grid, markers and QR code stay where they were).
 */
export const LAYOUT_VERSION = 2;

/** Every version this package can still build, so sheets printed earlier stay readable. */
export const LAYOUT_VERSIONS: readonly number[] = [1, 2];

export type LayoutVersion = 1 | 2;

export const isLayoutVersion = (value: unknown): value is LayoutVersion => value === 1 || value === 2;

/** The `format` tag of a serialised layout. */
export const LAYOUT_FORMAT = 'zapis-sheet-layout';

export type Side = 'white' | 'black';

/** A piece of fixed text: the renderer fits it into `rect` (shrinking if needed). */
export interface TextSlot {
  readonly text: string;
  readonly rect: Rect;
  /** Nominal font size in points. */
  readonly size: number;
  readonly align: 'left' | 'center' | 'right';
  readonly bold: boolean;
}

export interface HeaderFieldSlot {
  readonly key: HeaderFieldKey;
  readonly label: string;
  /** The whole field, frame included. */
  readonly rect: Rect;
  /** Where the small label sits, top-left inside the field. */
  readonly labelRect: Rect;
  /** Where the value is written. */
  readonly valueRect: Rect;
  /** Pre-filled value, when known at print time. */
  readonly value?: string;
}

export interface HalfMoveSlot {
  readonly moveNumber: number;
  readonly side: Side;
  /** 1-based: 1.e4 is ply 1, 1...e5 ply 2. */
  readonly ply: number;
  /** Where the move is written (boxed style: the union of `characterBoxes`). */
  readonly cell: Rect;
  /** Boxed style: one box per hand-printed character, left to right; empty for classic. */
  readonly characterBoxes: readonly Rect[];
  /** Optional clock time after the move. */
  readonly clock?: Rect;
  /** FIDE Art. 8.1.5: the player marks a draw offer here with "=". */
  readonly drawOffer: Rect;
  /** The whole half-move column of this row: cell, clock and draw-offer box. */
  readonly rect: Rect;
}

export interface MoveRowSlot {
  readonly moveNumber: number;
  readonly number: Rect;
  readonly white: HalfMoveSlot;
  readonly black: HalfMoveSlot;
}

export interface MoveBlockSlot {
  /** Outline of the block, heading row included. */
  readonly rect: Rect;
  readonly headings: readonly TextSlot[];
  readonly headingRect: Rect;
  readonly firstMove: number;
  readonly lastMove: number;
}

export interface MoveGrid {
  readonly rect: Rect;
  readonly blocks: readonly MoveBlockSlot[];
  /** Rows in move order (block after block). */
  readonly rows: readonly MoveRowSlot[];
  readonly firstMove: number;
  readonly lastMove: number;
  readonly rowHeight: number;
}

export type ResultCode = '1-0' | '1/2-1/2' | '0-1';

export interface ResultBoxSlot {
  readonly result: ResultCode;
  /** As printed: 1-0, ½-½, 0-1. */
  readonly label: string;
  readonly rect: Rect;
  /** The box the player ticks. */
  readonly tick: Rect;
}

/** Who signs a sheet: both players and the arbiter. */
export type Signer = Side | 'arbiter';

export interface SignatureSlot {
  readonly signer: Signer;
  readonly label: string;
  readonly rect: Rect;
}

export interface CopyMarkSlot {
  readonly kind: 'original' | 'copy';
  readonly label: string;
  readonly tick: Rect;
  readonly labelRect: Rect;
}

export interface Footer {
  readonly resultLabel: TextSlot;
  readonly results: readonly ResultBoxSlot[];
  readonly signatures: readonly SignatureSlot[];
  readonly sheetOf: TextSlot;
  readonly copyMarks: readonly CopyMarkSlot[];
  readonly layoutTag: TextSlot;
}

export interface QrSlot {
  /** The code's square, quiet zone included (4 modules inside this rect). */
  readonly rect: Rect;
  readonly payload: QrPayload;
  /** The exact text encoded. */
  readonly text: string;
}

export interface SheetLayout {
  readonly format: typeof LAYOUT_FORMAT;
  /** Identifies the geometry: the same id and version give the same rectangles, in any language. */
  readonly layoutId: string;
  readonly version: number;
  readonly units: 'pt';
  readonly origin: 'top-left';
  readonly paper: { readonly name: PaperName; readonly width: number; readonly height: number };
  readonly margin: number;
  readonly style: SheetStyle;
  readonly language: SheetLanguage;
  readonly sheet: { readonly number: number; readonly of: number; readonly copy?: CopyColour };
  readonly title: TextSlot;
  /** Whose copy, and "continued" on later sheets; absent on a plain blank sheet. */
  readonly subtitle?: TextSlot;
  readonly notationHint: TextSlot;
  readonly header: readonly HeaderFieldSlot[];
  readonly moveGrid: MoveGrid;
  readonly footer: Footer;
  readonly markers: readonly MarkerSlot[];
  readonly qr: QrSlot;
}
