/**
 * What the QR code on a sheet says: enough for a reader to pick the right
 * layout and file the scan under the right game without reading any
 * handwriting. The text is compact JSON with these keys, in this order:
 * {"layout","v","lang","event","round","board","sheet","of","copy"}.
 */
import { checkJsonText, type JsonCheckError } from './json-check.js';
import type { SheetLanguage } from './labels.js';
import { QR_PAYLOAD_SCHEMA } from './layout-schema.js';
import type { Result } from './result.js';

export type CopyColour = 'white' | 'black';

export interface QrPayload {
  readonly layout: string;
  readonly v: number;
  readonly lang: SheetLanguage;
  readonly event?: string;
  readonly round?: string;
  readonly board?: string;
  readonly sheet: number;
  readonly of: number;
  /** Whose copy this sheet is, when sheets are printed per player. */
  readonly copy?: CopyColour;
}

/** Long event names are cut so the code stays small enough to scan at 150 dpi. */
export const QR_EVENT_MAX_LENGTH = 40;

export function encodeQrPayload(payload: QrPayload): string {
  const ordered: QrPayload = {
    layout: payload.layout,
    v: payload.v,
    lang: payload.lang,
    ...(payload.event === undefined ? {} : { event: [...payload.event].slice(0, QR_EVENT_MAX_LENGTH).join('') }),
    ...(payload.round === undefined ? {} : { round: payload.round }),
    ...(payload.board === undefined ? {} : { board: payload.board }),
    sheet: payload.sheet,
    of: payload.of,
    ...(payload.copy === undefined ? {} : { copy: payload.copy }),
  };
  return JSON.stringify(ordered);
}

/** What is wrong with a QR text: every problem with its place (`QR:1:12: lang: …`). */
export type QrPayloadError = JsonCheckError;

/** Reads a decoded QR text back; anything that is not a zapis payload is an error value. */
export function parseQrPayload(text: string): Result<QrPayload, QrPayloadError> {
  return checkJsonText(QR_PAYLOAD_SCHEMA, text, {
    fileName: 'QR',
    // A code that is not ours (a URL, another program's JSON) is said in one line, not field by field.
    gate: (data) => {
      const layout = typeof data === 'object' && data !== null ? (data as { layout?: unknown }).layout : undefined;
      return typeof layout === 'string' && layout.startsWith('zapis/') ? undefined : { path: [], detail: 'not a zapis sheet code (no "layout": "zapis/…")' };
    },
    refine: (payload, report) => {
      if (payload.sheet > payload.of) report(['sheet'], `sheet ${payload.sheet} of ${payload.of}`);
    },
  });
}
