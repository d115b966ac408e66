/**
 * What the QR code on a sheet says: enough for a reader to pick the right
 * layout and file the scan under the right game without reading any
 * handwriting, and the header values printed on the sheet, exactly as printed
 * (a reader never has to OCR zapis's own print). The text is compact JSON with
 * these keys, in this order:
 * {"layout","v","lang","event","round","board","site","date","white","black","sheet","of","copy"}.
 * Sheets printed before the site, date and names were carried have none of them: they read as before.
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
  /** The printed site. */
  readonly site?: string;
  /** The printed date, in PGN's form (`2025.??.??`). */
  readonly date?: string;
  /** The printed names of the players. */
  readonly white?: string;
  readonly black?: string;
  readonly sheet: number;
  readonly of: number;
  /** Whose copy this sheet is, when sheets are printed per player. */
  readonly copy?: CopyColour;
}

/** Long event names are cut so the code stays small enough to scan at 150 dpi. */
export const QR_EVENT_MAX_LENGTH = 40;

/**
 * The most UTF-8 bytes of payload the printed header may grow the code to: what QR version 10 holds at level M (213 bytes,
 * 57 modules), still about 3 pixels a module across the printed square at 150 dpi.
 */
export const QR_PAYLOAD_MAX_BYTES = 213;

/** The printed header values the code may carry beyond event, round and board, most wanted first. */
export type QrHeaderKey = 'white' | 'black' | 'site' | 'date';
const QR_HEADER_KEYS: readonly QrHeaderKey[] = ['white', 'black', 'site', 'date'];

/**
 * The payload with each printed header value added whole while the code stays within QR_PAYLOAD_MAX_BYTES; a value
 * that does not fit is left out (never cut: a reader takes what the code says as what was printed).
 */
export function withPrintedHeader(payload: QrPayload, printed: Partial<Record<QrHeaderKey, string>>): QrPayload {
  let result = payload;
  for (const key of QR_HEADER_KEYS) {
    const value = printed[key];
    if (value === undefined || value === '') continue;
    const grown: QrPayload = { ...result, [key]: value };
    if (new TextEncoder().encode(encodeQrPayload(grown)).length <= QR_PAYLOAD_MAX_BYTES) result = grown;
  }
  return result;
}

export function encodeQrPayload(payload: QrPayload): string {
  const ordered: QrPayload = {
    layout: payload.layout,
    v: payload.v,
    lang: payload.lang,
    ...(payload.event === undefined ? {} : { event: [...payload.event].slice(0, QR_EVENT_MAX_LENGTH).join('') }),
    ...(payload.round === undefined ? {} : { round: payload.round }),
    ...(payload.board === undefined ? {} : { board: payload.board }),
    ...(payload.site === undefined ? {} : { site: payload.site }),
    ...(payload.date === undefined ? {} : { date: payload.date }),
    ...(payload.white === undefined ? {} : { white: payload.white }),
    ...(payload.black === undefined ? {} : { black: payload.black }),
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
