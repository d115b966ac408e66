/**
 * Every word printed on a sheet, per language: the 26 languages whose piece
 * letters the notation reads (the words themselves are in label-table.ts).
 */
import { LABEL_TABLE } from './label-table.js';

export type SheetLanguage =
  | 'pl' | 'en' | 'de' | 'fr' | 'cs' | 'es' | 'it' | 'pt' | 'ro' | 'nl' | 'sk' | 'hu' | 'sv' | 'da' | 'no'
  | 'fi' | 'is' | 'et' | 'hr' | 'sr' | 'bs' | 'sl' | 'tr' | 'ru' | 'uk' | 'bg';

/** The first five were the first sheet languages; the rest follow the notation's order. */
export const SHEET_LANGUAGES: readonly SheetLanguage[] = [
  'pl', 'en', 'de', 'fr', 'cs', 'es', 'it', 'pt', 'ro', 'nl', 'sk', 'hu', 'sv', 'da', 'no',
  'fi', 'is', 'et', 'hr', 'sr', 'bs', 'sl', 'tr', 'ru', 'uk', 'bg',
];

export const isSheetLanguage = (value: string): value is SheetLanguage =>
  (SHEET_LANGUAGES as readonly string[]).includes(value);

export interface SheetLabels {
  readonly title: string;
  readonly continuation: string;
  readonly event: string;
  readonly site: string;
  readonly date: string;
  readonly round: string;
  readonly board: string;
  readonly section: string;
  readonly timeControl: string;
  /** The players' names (header). */
  readonly whitePlayer: string;
  readonly blackPlayer: string;
  readonly rating: string;
  readonly fideId: string;
  readonly federation: string;
  readonly moveNumber: string;
  /** The move columns. */
  readonly whiteMoves: string;
  readonly blackMoves: string;
  readonly clock: string;
  /** FIDE Art. 8.1.5: a draw offer is marked with "=". */
  readonly drawOffer: string;
  readonly result: string;
  readonly whiteSignature: string;
  readonly blackSignature: string;
  readonly arbiterSignature: string;
  readonly whiteCopy: string;
  readonly blackCopy: string;
  readonly original: string;
  readonly copy: string;
  readonly notationHint: string;
  readonly sheetOf: (sheet: number, of: number) => string;
  /** Words of a readable time control ("90 min + 30 s", "40 moves"): see time-control.ts. */
  readonly minutes: string;
  readonly seconds: string;
  readonly moves: string;
  /** PGN `*180`: a sandglass (hourglass) of 180 seconds. */
  readonly sandclock: string;
  /** PGN `-`: the game is played without a clock. */
  readonly noTimeControl: string;
}

export const SHEET_LABELS: Readonly<Record<SheetLanguage, SheetLabels>> = LABEL_TABLE;

export const labelsFor = (language: SheetLanguage): SheetLabels => SHEET_LABELS[language];
