/**
 * A game's tags from its sheets: the header values the QR code carries (what zapis printed: event, site, date, round,
 * board, names), the ticked result, and the header fields read by OCR where the code carries nothing, the surest
 * reading of each across the sheets. A printed value is never replaced by a reading. Every tag has PGN's form; what
 * could not be put in it, or was read too unsurely, is `?` (the Seven Tag Roster's unknown) and said in `headerNotes`.
 */
import { HEADER_READER_LETTERS } from '@zapis/ocr';
import type { QrPayload, ResultCode, SheetLanguage } from '@zapis/sheet';
import type { PageRead } from './group-games.js';
import { lettersUnreadable, mayHaveLostLetters } from './header-letters.js';
import { headerValue } from './header-values.js';

/**
 * A header field read by OCR is filed as its tag only when the recogniser gives the whole text at least this
 * probability and the text has the tag's form (header-values.ts). Otherwise the tag stays unknown (`?`) and the
 * game's PGN comment says what was read and why it was not filed: a wrong name is never filed as a fact. A filed
 * reading on a sheet whose language has letters the reader cannot write (Polish ł, ż, …) is named in the same
 * comment, to be checked.
 */
export const HEADER_TAG_CONFIDENCE = 0.2;

export interface HeaderTags {
  readonly tags: Readonly<Record<string, string>>;
  /** Tags read by OCR from the header (not the QR), with the reader's confidence: a person should check them. */
  readonly headerConfidence: Readonly<Record<string, number>>;
  /** Every header field read by OCR, kept or not. */
  readonly headerRead: Readonly<Record<string, { readonly text: string; readonly confidence: number }>>;
  /**
   * What a person should check in the header (the game's PGN comment): each field left unknown and what was read
   * there, then the filed readings that may have lost letters of the sheet's language, in one note.
   */
  readonly headerNotes: readonly string[];
}

/** The tags the QR code can carry, by its key. */
const QR_TAGS: readonly (readonly [string, keyof QrPayload & ('event' | 'site' | 'date' | 'round' | 'board' | 'white' | 'black')])[] = [
  ['Event', 'event'], ['Site', 'site'], ['Date', 'date'], ['Round', 'round'], ['Board', 'board'], ['White', 'white'], ['Black', 'black'],
];

/** Tags in the order notes about them are given: the Seven Tag Roster's, then the rest. */
const NOTE_ORDER = ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Board', 'WhiteElo', 'BlackElo'];

/** A confidence to three places, cut rather than rounded: one just below HEADER_TAG_CONFIDENCE never shows as it. */
const rounded = (confidence: number): number => Math.floor(confidence * 1000 + 1e-9) / 1000;

export function headerTags(pages: readonly PageRead[], result: ResultCode | undefined, now = Date.now()): HeaderTags {
  const qr = pages.find((page) => page.read.located.qr)?.read.located.qr;
  const tags: Record<string, string> = {};
  const headerConfidence: Record<string, number> = {};
  const notes = new Map<string, string>();

  // What zapis printed, exactly as the code says; only a date or round not in PGN's form is said instead of filed.
  const printed = new Set<string>();
  for (const [tag, key] of QR_TAGS) {
    const value = qr?.[key];
    if (value === undefined || value.trim() === '') continue;
    printed.add(tag);
    const checked = tag === 'Date' || tag === 'Round' ? headerValue(tag, value, Number.POSITIVE_INFINITY) : { value };
    if ('value' in checked) tags[tag] = checked.value;
    else notes.set(tag, `${tag} "?": the sheet has ${JSON.stringify(value)}, ${checked.doubt}`);
  }

  const read = new Map<string, { text: string; confidence: number }>();
  for (const page of pages) {
    for (const field of page.read.header) {
      const known = read.get(field.tag);
      if (!known || field.confidence > known.confidence) read.set(field.tag, { text: field.text, confidence: field.confidence });
    }
  }
  const unreadable = lettersUnreadable(sheetLanguage(pages, qr) ?? 'en', HEADER_READER_LETTERS);
  const lettersToCheck: string[] = [];
  for (const [tag, field] of read) {
    if (printed.has(tag)) continue;
    const checked = headerValue(tag, field.text, now);
    const was = `read ${JSON.stringify(field.text)} (confidence ${rounded(field.confidence)})`;
    if ('doubt' in checked) notes.set(tag, `${tag} "?": ${was}, ${checked.doubt}`);
    else if (field.confidence < HEADER_TAG_CONFIDENCE) notes.set(tag, `${tag} "?": ${was}, too unsure to file`);
    else {
      tags[tag] = checked.value;
      headerConfidence[tag] = rounded(field.confidence);
      if (mayHaveLostLetters(checked.value, unreadable)) lettersToCheck.push(tag);
    }
  }
  if (result) tags.Result = result;
  const lettersNote = lettersToCheck.length === 0 ? [] : [
    `${listed(lettersToCheck.sort((a, b) => noteRank(a) - noteRank(b)).map((tag) => `${tag} ${JSON.stringify(tags[tag])}`))} ` +
    `${lettersToCheck.length === 1 ? 'was' : 'were'} read by a reader without ${unreadable.join(' ')}: check ${lettersToCheck.length === 1 ? 'its' : 'their'} letters`,
  ];

  return {
    tags,
    headerRead: Object.fromEntries([...read].map(([tag, field]) => [tag, { text: field.text, confidence: rounded(field.confidence) }])),
    headerConfidence,
    headerNotes: [...[...notes].sort(([a], [b]) => noteRank(a) - noteRank(b)).map(([, note]) => note), ...lettersNote],
  };
}

const listed = (items: readonly string[]): string => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

const noteRank = (tag: string): number => (NOTE_ORDER.includes(tag) ? NOTE_ORDER.indexOf(tag) : NOTE_ORDER.length);

/** The language the sheets were printed in: the QR code's, else the layout's. */
function sheetLanguage(pages: readonly PageRead[], qr: QrPayload | undefined): SheetLanguage | undefined {
  return qr?.lang ?? pages.find((page) => page.read.located.layout)?.read.located.layout?.language;
}
