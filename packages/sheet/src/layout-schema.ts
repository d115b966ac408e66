/**
 * The whole layout JSON document as a valibot schema: every field the
 * renderer and the reader use, with its type and range. Unknown fields are
 * errors: a layout is written by zapis, so an unknown field is a typo or a
 * newer writer, and the version check covers the newer writer.
 * The type checks at the end keep this schema and SheetLayout in step.
 */
import * as v from 'valibot';
import type { HeaderFieldKey } from './header.js';
import { SHEET_LANGUAGES } from './labels.js';
import { LAYOUT_FORMAT, SHEET_STYLES, type SheetLayout } from './layout.js';
import { CORNERS } from './markers.js';
import { PAPER_NAMES } from './paper.js';

const length = v.pipe(v.number(), v.finite('expected a finite number'), v.minValue(0, 'expected a length of 0 or more'));
const coordinate = v.pipe(v.number(), v.finite('expected a finite number'));
const positive = v.pipe(v.number(), v.finite('expected a finite number'), v.gtValue(0, 'expected a positive number'));
const wholeFromOne = v.pipe(v.number(), v.integer('expected a whole number'), v.minValue(1, 'expected a whole number of 1 or more'));
const side = v.picklist(['white', 'black']);

/** Every header field a layout may hold (the type check below keeps it complete). */
const HEADER_FIELD_KEYS = [
  'event', 'site', 'date', 'round', 'board', 'section', 'timeControl',
  'white.name', 'white.rating', 'white.fideId', 'white.federation', 'black.name', 'black.rating', 'black.fideId', 'black.federation',
] as const satisfies readonly HeaderFieldKey[];

const rect = v.strictObject({ x: coordinate, y: coordinate, width: length, height: length });

const textSlot = v.strictObject({
  text: v.string(),
  rect,
  size: positive,
  align: v.picklist(['left', 'center', 'right']),
  bold: v.boolean(),
});

const headerField = v.strictObject({
  key: v.picklist(HEADER_FIELD_KEYS),
  label: v.string(),
  rect,
  labelRect: rect,
  valueRect: rect,
  value: v.optional(v.string()),
});

const halfMove = v.strictObject({
  moveNumber: wholeFromOne,
  side,
  ply: wholeFromOne,
  cell: rect,
  characterBoxes: v.array(rect),
  clock: v.optional(rect),
  drawOffer: rect,
  rect,
});

const moveRow = v.strictObject({ moveNumber: wholeFromOne, number: rect, white: halfMove, black: halfMove });

const moveBlock = v.strictObject({
  rect,
  headings: v.array(textSlot),
  headingRect: rect,
  firstMove: wholeFromOne,
  lastMove: wholeFromOne,
});

const moveGrid = v.strictObject({
  rect,
  blocks: v.pipe(v.array(moveBlock), v.minLength(1, 'expected at least one block')),
  rows: v.pipe(v.array(moveRow), v.minLength(1, 'expected at least one move row')),
  firstMove: wholeFromOne,
  lastMove: wholeFromOne,
  rowHeight: positive,
});

const footer = v.strictObject({
  resultLabel: textSlot,
  results: v.array(v.strictObject({ result: v.picklist(['1-0', '1/2-1/2', '0-1']), label: v.string(), rect, tick: rect })),
  signatures: v.array(v.strictObject({ signer: v.picklist(['white', 'black', 'arbiter']), label: v.string(), rect })),
  sheetOf: textSlot,
  copyMarks: v.array(v.strictObject({ kind: v.picklist(['original', 'copy']), label: v.string(), tick: rect, labelRect: rect })),
  layoutTag: textSlot,
});

const bit = v.pipe(v.number(), v.check((value) => value === 0 || value === 1, 'expected 0 (black) or 1 (white)'));

const marker = v.strictObject({
  corner: v.picklist(CORNERS),
  dictionary: v.string(),
  id: v.pipe(v.number(), v.integer('expected a whole number'), v.minValue(0, 'expected a marker id of 0 or more')),
  rect,
  cells: v.pipe(v.number(), v.integer('expected a whole number'), v.minValue(3, 'expected at least 3 cells')),
  bits: v.array(v.array(bit)),
});

/** The QR code's JSON (qr-payload.ts): also checked alone, when a scan's code is read. */
export const QR_PAYLOAD_SCHEMA = v.strictObject({
  layout: v.string(),
  v: wholeFromOne,
  lang: v.picklist(SHEET_LANGUAGES),
  event: v.optional(v.string()),
  round: v.optional(v.string()),
  board: v.optional(v.string()),
  site: v.optional(v.string()),
  date: v.optional(v.string()),
  white: v.optional(v.string()),
  black: v.optional(v.string()),
  sheet: wholeFromOne,
  of: wholeFromOne,
  copy: v.optional(side),
});

export const SHEET_LAYOUT_SCHEMA = v.strictObject({
  format: v.literal(LAYOUT_FORMAT),
  layoutId: v.string(),
  version: wholeFromOne,
  units: v.literal('pt'),
  origin: v.literal('top-left'),
  paper: v.strictObject({ name: v.picklist(PAPER_NAMES), width: positive, height: positive }),
  margin: length,
  style: v.picklist(SHEET_STYLES),
  language: v.picklist(SHEET_LANGUAGES),
  sheet: v.strictObject({ number: wholeFromOne, of: wholeFromOne, copy: v.optional(side) }),
  title: textSlot,
  subtitle: v.optional(textSlot),
  notationHint: textSlot,
  header: v.array(headerField),
  moveGrid,
  footer,
  markers: v.pipe(v.array(marker), v.length(4, 'expected the four corner markers')),
  qr: v.strictObject({ rect, payload: QR_PAYLOAD_SCHEMA, text: v.string() }),
});

export type CheckedLayout = v.InferOutput<typeof SHEET_LAYOUT_SCHEMA>;

// The schema and the type must describe the same document: a field added to one and not the other fails here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type DeepMutable<T> = T extends readonly (infer Item)[] ? DeepMutable<Item>[] : T extends object ? { -readonly [K in keyof T]: DeepMutable<T[K]> } : T;
const schemaMatchesLayout: Same<DeepMutable<SheetLayout>, DeepMutable<CheckedLayout>> = true;
void schemaMatchesLayout;
