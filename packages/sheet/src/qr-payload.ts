/**
 * What the QR code on a sheet says: enough for a reader to pick the right
 * layout and file the scan under the right game without reading any
 * handwriting. The text is compact JSON with these keys, in this order:
 * {"layout","v","lang","event","round","board","sheet","of","copy"}.
 */
import { err, ok, type Result } from './result.js';
import { isSheetLanguage, type SheetLanguage } from './labels.js';

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

export interface QrPayloadError {
  readonly message: string;
}

const optionalString = (value: unknown): value is string | undefined => value === undefined || typeof value === 'string';

/** Reads a decoded QR text back; anything that is not a zapis payload is an error value. */
export function parseQrPayload(text: string): Result<QrPayload, QrPayloadError> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return err({ message: 'QR text is not JSON' });
  }
  if (typeof data !== 'object' || data === null) return err({ message: 'QR payload is not an object' });
  const record = data as Record<string, unknown>;
  const { layout, v, lang, event, round, board, sheet, of, copy } = record;
  if (typeof layout !== 'string' || !layout.startsWith('zapis/')) return err({ message: 'not a zapis layout id' });
  if (typeof v !== 'number') return err({ message: 'missing layout version' });
  if (typeof lang !== 'string' || !isSheetLanguage(lang)) return err({ message: `unknown language ${String(lang)}` });
  if (!optionalString(event) || !optionalString(round) || !optionalString(board)) return err({ message: 'event, round and board must be strings' });
  if (typeof sheet !== 'number' || typeof of !== 'number') return err({ message: 'sheet and of must be numbers' });
  if (copy !== undefined && copy !== 'white' && copy !== 'black') return err({ message: 'copy must be white or black' });
  return ok({ layout, v, lang, event, round, board, sheet, of, copy });
}
