/**
 * Finds a sheet printed by zapis on one page image: the corner markers give
 * a first perspective map, the QR code read through it names the layout, the
 * layout is rebuilt from that id with @zapis/sheet, and the final map is fitted
 * by least squares over every marker corner (and, with a corner hidden, the
 * QR code's corners too). No layout is ever guessed: without a legible QR
 * code the page is an error that says so.
 */
import {
  LAYOUT_VERSION, PAPER_NAMES, buildSheetLayout, isLayoutVersion, parseLayoutId,
  type MarkerSlot, type PaperName, type QrPayload, type Rect, type SheetLayout,
} from '@zapis/sheet';
import { err, ok, type Result } from '@zapis/core';
import { findMarkers, type FoundMarker } from './find-markers.js';
import { Homography, type Point, type PointPair } from './homography.js';
import type { LocatedSheet, MoveCellPlace, ResultTickPlace } from './located-sheet.js';
import type { PageMap } from './page-map.js';
import type { GrayImage } from './raster.js';
import { readQr, type QrReading } from './read-qr.js';
import { layoutByRuling, type RulingEvidence, type RulingMatch } from './layout-by-ruling.js';

export type LocateErrorCode = 'no-sheet' | 'few-markers' | 'unreadable-qr' | 'not-zapis' | 'layout-mismatch';

export interface LocateError {
  readonly code: LocateErrorCode;
  readonly message: string;
  /** 1-based page of the input file. */
  readonly page: number;
  readonly markersSeen: number;
}

/** The exact words for a page with nothing to read on it (the CLI prints them with the file name). */
export const NO_SHEET_MESSAGE = 'no scoresheet found (no markers, no grid)';

/**
 * How far (image pixels, root mean square, as a fraction of a marker's side)
 * the markers may sit from where the rebuilt layout puts them. Photos of a
 * sheet that is not flat bend it a little; a different layout is off by far more.
 */
const MAX_MARKER_RESIDUAL = 0.12;
/** Two markers across the sheet from each other (a diagonal) with the QR code make a triangle about this share of their distance squared; two along one edge beside the code, far less. */
const MIN_SPAN = 0.15;

export function locateSheet(image: GrayImage, page: number): Result<LocatedSheet, LocateError> {
  const markers = findMarkers(image);
  const fail = (code: LocateErrorCode, message: string): Result<never, LocateError> =>
    err({ code, message, page, markersSeen: markers.length });
  if (markers.length === 0) return fail('no-sheet', NO_SHEET_MESSAGE);
  const fewMarkers = (): Result<never, LocateError> =>
    fail('few-markers', `only ${markers.length} of the 4 corner markers found (3 are needed, or 2 across the sheet from each other with the QR code read): is the sheet cut off, covered or in shadow? For sheets zapis did not print, use --template`);
  if (markers.length < 2) return fewMarkers();

  const qr = readQrThroughMarkers(image, markers, markers.length < 4);
  // Two markers fix the map only with the QR code's corners, and only when the three span the sheet.
  if (markers.length === 2 && !(qr?.measured && qr.payload.ok && spansSheet(markers, qr))) return fewMarkers();
  if (!qr) {
    // The ruling tells the layout apart when the code cannot; only a clear winner counts.
    const match = layoutByMarkersAndRuling(image, markers);
    if (!match) {
      return fail('unreadable-qr', 'zapis corner markers found, but the QR code that names the sheet\'s layout cannot be read, and the ruling matches no layout clearly; scan or photograph the sheet sharper, or describe it with --template');
    }
    const map = Homography.fit(markerPairs(markers, match.layout.markers));
    if (!map) return fail('layout-mismatch', 'the corner markers do not form a sheet (degenerate positions)');
    return ok({
      page, image, map, foundBy: 'markers', markersSeen: markers.length, layout: match.layout, layoutFromRuling: evidenceOf(match),
      cells: moveCells(match.layout), resultTicks: resultTicks(match.layout),
    });
  }
  const layout = layoutFromQr(qr);
  if (!layout.ok) return fail('not-zapis', `${layout.error}; for sheets zapis did not print, use --template`);

  const pairs = markerPairs(markers, layout.value.markers);
  // With a corner hidden, three markers fix the map near them only; the QR code's corners pull it into shape.
  const qrPairs = markers.length < 4 && qr.measured ? qrCornerPairs(qr, layout.value.qr.rect) : [];
  const map = Homography.fit([...pairs, ...qrPairs]);
  if (!map) return fail('layout-mismatch', 'the corner markers do not form a sheet (degenerate positions)');
  const residual = map.residual(pairs);
  const markerSide = meanMarkerSide(markers);
  if (residual > MAX_MARKER_RESIDUAL * markerSide) {
    return fail('layout-mismatch', `the corner markers are ${residual.toFixed(1)} px from where layout ${layout.value.layoutId} puts them: the sheet is folded or bent, or was printed by another program; flatten it, or use --template`);
  }

  return ok({
    page,
    image,
    map,
    foundBy: 'markers',
    markersSeen: markers.length,
    layout: layout.value,
    // The code as read: it carries the printed header values too, which the rebuilt layout leaves out.
    qr: qr.payload.ok ? qr.payload.value : layout.value.qr.payload,
    cells: moveCells(layout.value),
    resultTicks: resultTicks(layout.value),
  });
}

/** The ruling's evidence without the layout it names (a located sheet keeps its layout beside it). */
function evidenceOf({ layout: _layout, ...evidence }: RulingMatch): RulingEvidence {
  return evidence;
}

/** The layout a page's ruling shows, on the papers whose markers fit the ones found (see `markerMapOn`). */
export function layoutByMarkersAndRuling(image: GrayImage, markers: readonly FoundMarker[]): RulingMatch | undefined {
  return layoutByRuling(image, markerMapOn(markers));
}

/**
 * The map the found markers give a layout, or undefined when they do not fit where it prints its markers: A5's
 * lie as far apart as A4's for the page's shape (the papers have one shape), but not for the markers' own size.
 */
export function markerMapOn(markers: readonly FoundMarker[]): (paper: PaperName, layout: SheetLayout) => PageMap | undefined {
  const markerSide = meanMarkerSide(markers);
  return (_paper, layout) => {
    const pairs = markerPairs(markers, layout.markers);
    const map = Homography.fit(pairs);
    return map && map.residual(pairs) <= MAX_MARKER_RESIDUAL * markerSide ? map : undefined;
  };
}

/**
 * The marker positions depend on the paper only; each paper's default layout
 * gives a first map, best fit first, and the QR code is looked for through it.
 */
function readQrThroughMarkers(image: GrayImage, markers: readonly FoundMarker[], measureCorners: boolean): QrReading | undefined {
  const trials = PAPER_NAMES.flatMap((paper) => {
    const layout = buildSheetLayout({ paper });
    if (!layout.ok) return [];
    const pairs = markerPairs(markers, layout.value.markers);
    const map = Homography.fit(pairs);
    return map ? [{ map, qrRect: layout.value.qr.rect, residual: map.residual(pairs) }] : [];
  }).sort((a, b) => a.residual - b.residual);
  for (const { map, qrRect } of trials) {
    const reading = readQr(image, map, qrRect, measureCorners);
    if (reading) return reading;
  }
  return undefined;
}

function layoutFromQr(qr: QrReading): Result<SheetLayout, string> {
  if (!qr.payload.ok) return err(`the QR code does not hold a zapis sheet payload (${qr.payload.message})`);
  const payload: QrPayload = qr.payload.value;
  // Sheets printed by an earlier zapis are rebuilt with the version they were printed with.
  if (!isLayoutVersion(payload.v)) {
    return err(`the sheet was printed with layout version ${payload.v}, and this zapis reads versions 1 to ${LAYOUT_VERSION}`);
  }
  const geometry = parseLayoutId(payload.layout);
  if (!geometry) return err(`the QR code names an unknown layout "${payload.layout}"`);
  const layout = buildSheetLayout({
    ...geometry,
    layoutVersion: payload.v,
    language: payload.lang,
    sheet: payload.sheet,
    of: payload.of,
    ...(payload.copy === undefined ? {} : { copy: payload.copy }),
    header: { event: payload.event, round: payload.round, board: payload.board },
  });
  if (!layout.ok) return err(`the QR code's layout "${payload.layout}" cannot be built: ${layout.error.message}`);
  return ok(layout.value);
}

/** Each seen marker's four corners against its slot's square, corner for corner in the marker's own order. */
function markerPairs(markers: readonly FoundMarker[], slots: readonly MarkerSlot[]): PointPair[] {
  return markers.flatMap((marker) => {
    const slot = slots.find((candidate) => candidate.id === marker.id);
    return slot ? rectCorners(slot.rect).map((sheet, index) => ({ sheet, image: marker.corners[index] })) : [];
  });
}

/** The code's outer corners: the printed square less its four-module quiet zone. */
function qrCornerPairs(qr: QrReading, rect: Rect): PointPair[] {
  const modules = 17 + 4 * qr.version;
  const quiet = (4 * rect.width) / (modules + 8);
  const code: Rect = { x: rect.x + quiet, y: rect.y + quiet, width: rect.width - 2 * quiet, height: rect.height - 2 * quiet };
  return rectCorners(code).map((sheet, index) => ({ sheet, image: qr.corners[index] }));
}

const rectCorners = (rect: Rect): [Point, Point, Point, Point] => [
  [rect.x, rect.y], [rect.x + rect.width, rect.y], [rect.x + rect.width, rect.y + rect.height], [rect.x, rect.y + rect.height],
];

/**
 * Two markers and the QR code span the sheet when the triangle of their centres covers at least `MIN_SPAN` of the
 * image area they enclose with the page (two markers along one edge beside the code fix nothing far from that edge).
 */
function spansSheet(markers: readonly FoundMarker[], qr: QrReading): boolean {
  const centre = (points: readonly Point[]): Point => [points.reduce((sum, p) => sum + p[0], 0) / points.length, points.reduce((sum, p) => sum + p[1], 0) / points.length];
  const [a, b] = markers.map((marker) => centre(marker.corners));
  const c = centre(qr.corners);
  const triangle = Math.abs((b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1])) / 2;
  // The page's area in pixels, roughly: the markers' diagonal or side squared, by the paper's proportions.
  const span = Math.hypot(b[0] - a[0], b[1] - a[1]);
  return triangle >= MIN_SPAN * span * span;
}

function meanMarkerSide(markers: readonly FoundMarker[]): number {
  let sum = 0;
  for (const { corners } of markers) {
    for (let i = 0; i < 4; i += 1) {
      const [a, b] = [corners[i], corners[(i + 1) % 4]];
      sum += Math.hypot(b[0] - a[0], b[1] - a[1]);
    }
  }
  return sum / (4 * markers.length);
}

/** Every half-move cell of the layout, in ply order. */
export function moveCells(layout: SheetLayout): MoveCellPlace[] {
  return layout.moveGrid.rows
    .flatMap((row) => [row.white, row.black])
    .map((half): MoveCellPlace => ({ ply: half.ply, moveNumber: half.moveNumber, side: half.side, rect: half.cell, drawOffer: half.drawOffer }))
    .sort((a, b) => a.ply - b.ply);
}

export function resultTicks(layout: SheetLayout): ResultTickPlace[] {
  return layout.footer.results.map((box) => ({ result: box.result, tick: box.tick }));
}
