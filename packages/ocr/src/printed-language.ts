/**
 * The language a sheet was printed in, read from its printed words where nothing else names it: a zapis sheet whose
 * QR code could not be read prints its title and move columns' headings in its language, at places that are the same
 * in every language; a foreign sheet's grid prints its headings ("WHITE | BLACK", "Białe | Czarne") over its move
 * columns. Each language's words are scored under what the printed-text network read there, and the languages whose
 * words read clearly best are the sheet's. Words that settle nothing name no language, never a guess.
 */
import { labelsFor, SHEET_LANGUAGES, type Rect, type SheetLabels, type SheetLanguage } from '@zapis/sheet';
import type { CellReader } from './cell-reader.js';
import { latinSpellings } from './heading-words.js';
import type { LocatedSheet } from './located-sheet.js';
import { cutPrintedCell } from './printed-cell.js';
import { printedTextReading, readingScorer } from './reading-scorer.js';

/**
 * How much better (log-probability, summed over the words read) the best languages' words must read than any other
 * language's: about the odds of a word's letter or two read otherwise, so one misread letter does not decide.
 */
export const MIN_PRINTED_LANGUAGE_LEAD = 6;

/**
 * How far below what the network reads in a place (log-probability, a word on average) the best language's words may
 * read: printed words blurred in a photo read a few letters off, not a different text.
 */
const MAX_SHORTFALL_PER_WORD = 15;

/** A total at or below this spells a word the network has no letters for (a Cyrillic title): no evidence. */
const UNSPELLABLE = -1000;

/** What the sheet's printed words say of its language. */
export interface PrintedWordsLanguage {
  /** The languages whose printed words read best, or within MIN_PRINTED_LANGUAGE_LEAD of it (languages printing alike words). */
  readonly languages: readonly SheetLanguage[];
  /** How much better the best language's words read than those of the first language not named (log-probability). */
  readonly lead: number;
}

/** A printed word's place, and the labels a language prints there (any of them). */
interface WordSlot {
  readonly rect: Rect;
  readonly labels: (labels: SheetLabels) => readonly string[];
}

/** A zapis layout's title and every block's White and Black headings. */
function layoutSlots(located: LocatedSheet): WordSlot[] {
  const { layout } = located;
  if (!layout) return [];
  const own = labelsFor(layout.language);
  const headings = layout.moveGrid.blocks.flatMap((block) => block.headings.flatMap((heading): WordSlot[] => {
    if (heading.text === own.whiteMoves) return [{ rect: heading.rect, labels: (labels) => [labels.whiteMoves] }];
    if (heading.text === own.blackMoves) return [{ rect: heading.rect, labels: (labels) => [labels.blackMoves] }];
    return [];
  }));
  return [{ rect: layout.title.rect, labels: (labels) => [labels.title] }, ...headings];
}

/**
 * A foreign grid's heading row over each block's White and Black columns, which club sheets label with the moves'
 * word or the player's ("White", "Biały").
 */
function gridHeadingSlots(located: LocatedSheet): WordSlot[] {
  return (located.blocks ?? []).flatMap((block) => ([['white', block.white], ['black', block.black]] as const).map(([side, column]): WordSlot => ({
    rect: { x: column.x, y: block.firstRowTop - block.rowHeight, width: column.width, height: block.rowHeight },
    labels: (labels) => (side === 'white' ? [labels.whiteMoves, labels.whitePlayer] : [labels.blackMoves, labels.blackPlayer]),
  })));
}

/** A printed label as the recogniser may spell it: as latinSpellings, and with its spaces run together (a title's letters are spaced wide). */
const printedSpellings = (label: string): string[] => [...new Set(latinSpellings(label).flatMap((spelling) => [spelling, spelling.replace(/\s+/gu, '')]))];

/** The sheet's language as its printed words say, or undefined when they do not say it clearly. */
export async function readPrintedWordsLanguage(located: LocatedSheet, reader: CellReader): Promise<PrintedWordsLanguage | undefined> {
  const places = located.layout ? layoutSlots(located) : gridHeadingSlots(located);
  const slots = places.map((slot) => ({ slot, cut: cutPrintedCell(located.image, located.map, slot.rect) })).filter(({ cut }) => cut.inked);
  if (slots.length === 0) return undefined;
  const readings = (await reader.readCells(slots.map(({ cut }) => cut.line))).map(printedTextReading);
  const scorers = readings.map(readingScorer);
  const evidence = SHEET_LANGUAGES.map((language) => {
    const labels = labelsFor(language);
    const total = scorers.reduce((sum, score, index) => sum + Math.max(...slots[index].slot.labels(labels).flatMap(printedSpellings).map(score)), 0);
    return { language, total };
  }).sort((a, b) => b.total - a.total);
  const best = evidence[0];
  // Languages printing alike words (the same but for a diacritic the network cannot see) read about as well: all are
  // named, and the words say something only when some language reads clearly worse.
  const alike = evidence.filter((entry) => best.total - entry.total < MIN_PRINTED_LANGUAGE_LEAD);
  const next = evidence[alike.length];
  if (!next || best.total <= UNSPELLABLE) return undefined;
  // What the network itself reads best in each place: the best language's words must be near it, or the places hold
  // something else (a stain, writing over the title) and no language's words are there.
  const read = readings.reduce((sum, reading, index) => sum + Math.max(scorers[index](''), ...reading.alternatives.map((alternative) => scorers[index](alternative.text))), 0);
  if (read - best.total > MAX_SHORTFALL_PER_WORD * slots.length) return undefined;
  return { languages: alike.map((entry) => entry.language), lead: best.total - next.total };
}
