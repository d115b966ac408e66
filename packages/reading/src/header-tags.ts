/**
 * A game's tags from its sheets: the QR's event, round and board, the ticked result, and the header fields read by
 * OCR, the surest reading of each across the sheets. The QR's values win over a reading.
 */
import type { QrPayload, ResultCode } from '@zapis/sheet';
import type { PageRead } from './group-games.js';

/**
 * A name or date read off the header goes into the game's tags only when the recogniser is at least this sure of
 * the whole text; a doubtful reading stays in `headerRead`, so a wrong name is never filed as a fact.
 */
export const HEADER_TAG_CONFIDENCE = 0.2;

export interface HeaderTags {
  readonly tags: Readonly<Record<string, string>>;
  /** Tags read by OCR from the header (not the QR), with the reader's confidence: a person should check them. */
  readonly headerConfidence: Readonly<Record<string, number>>;
  /** Every header field read by OCR, kept or not. */
  readonly headerRead: Readonly<Record<string, { readonly text: string; readonly confidence: number }>>;
}

const QR_TAGS = { Event: 'event', Round: 'round', Board: 'board' } as const;

const givenByQr = (qr: QrPayload | undefined, tag: string): boolean =>
  qr !== undefined && tag in QR_TAGS && Boolean(qr[QR_TAGS[tag as keyof typeof QR_TAGS]]);

export function headerTags(pages: readonly PageRead[], result: ResultCode | undefined): HeaderTags {
  const qr = pages.find((page) => page.read.located.qr)?.read.located.qr;
  const read = new Map<string, { text: string; confidence: number }>();
  for (const page of pages) {
    for (const field of page.read.header) {
      const known = read.get(field.tag);
      if (!known || field.confidence > known.confidence) read.set(field.tag, field);
    }
  }
  const sure = [...read].filter(([, field]) => field.confidence >= HEADER_TAG_CONFIDENCE);
  const tags: Record<string, string> = {
    ...Object.fromEntries(sure.map(([tag, field]) => [tag, field.text])),
    ...(qr?.event ? { Event: qr.event } : {}),
    ...(qr?.round ? { Round: qr.round } : {}),
    ...(qr?.board ? { Board: qr.board } : {}),
    ...(result ? { Result: result } : {}),
  };
  return {
    tags,
    headerRead: Object.fromEntries([...read].map(([tag, field]) => [tag, { text: field.text, confidence: Number(field.confidence.toFixed(3)) }])),
    headerConfidence: Object.fromEntries(sure.filter(([tag]) => !givenByQr(qr, tag)).map(([tag, field]) => [tag, Number(field.confidence.toFixed(3))])),
  };
}
