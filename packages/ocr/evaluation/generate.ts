/**
 * The evaluation set generator: real games printed on zapis sheets, written in
 * by hand (fonts with per-letter wander and writers' habits), then degraded
 * into scans and phone photos. Deterministic from the seed.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createCanvas, loadImage, type Canvas } from '@napi-rs/canvas';
import type { HeaderValues, SheetLanguage, SheetLayout } from '@zapis/sheet';
import { chooseGames, type CorpusGame, type EvaluationSet } from './corpus-games.js';
import { CLEAN_DPI, jpeg150, phonePhoto, prefilledScan, scan200, type DegradedImage } from './degrade.js';
import { fontsOf, registerFont, tuningSubset, type FontSet } from './fonts.js';
import { randomHandStyle, smallHand, type HandStyle } from './hand-style.js';
import { tickBox, writeInRect } from './handwriting.js';
import { randomPenHand } from './pen-strokes.js';
import { printBlankSheets, printFilledSheets, rasterisePdf } from './print-sheet.js';
import { Random } from './random.js';
import { TRUTH_FORMAT, type ImageKind, type SheetTruth } from './truth.js';
import { randomHabits, writeMoveByHand, type Letters, type WriterHabits } from './writer-habits.js';

export interface GenerateOptions {
  readonly set: EvaluationSet;
  readonly kinds: readonly ImageKind[];
  readonly games: number;
  readonly out: string;
  readonly seed: number;
  /**
   * Defaults: tuning fonts for the tune set, held-out fonts for the report set. A list names tuning fonts only: a
   * leave-fonts-out experiment writes with the fonts a trial network was not trained on (training/README.md).
   */
  readonly fonts?: FontSet | readonly string[];
  /** Experiments only: every writer's hand small and condensed (hand-style.ts, smallHand). */
  readonly smallHands?: boolean;
  /**
   * Both players' copies of every game, each written by its own writer on the same printed sheet (header and board
   * printed, so the QR pairs them), each degraded on its own: the arbiter's two sheets a game. Handwritten kinds only.
   */
  readonly pairs?: boolean;
  readonly onSheet?: (truth: SheetTruth, seconds: number) => void;
}

export const defaultFontSet = (set: EvaluationSet): FontSet => (set === 'tune' ? 'tuning' : 'held-out');

const SCALE = CLEAN_DPI / 72;

/** A handwritten page before degradation, with what was written on it. */
export interface HandwrittenPage {
  readonly canvas: Canvas;
  readonly layout: SheetLayout;
  /** The blank printed page, for comparisons (tests: where did the ink land). */
  readonly blank: Canvas;
  readonly written: readonly string[];
  readonly habits: WriterHabits;
  readonly hand: HandStyle;
  readonly printedHeader: Record<string, string>;
  readonly handwrittenHeader: Record<string, string>;
  readonly sheetLanguage: SheetLanguage;
  readonly touchingPlies: readonly number[];
}

const known = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === '' || value.includes('?') ? undefined : value;

/** Header fields we print or write, from the corpus tags: sheet key → value. */
function headerFromTags(tags: Readonly<Record<string, string>>): Record<string, string> {
  const entries: [string, string | undefined][] = [
    ['event', known(tags.Event)], ['site', known(tags.Site)], ['date', known(tags.Date)], ['round', known(tags.Round)],
    ['white.name', known(tags.White)], ['black.name', known(tags.Black)],
  ];
  return Object.fromEntries(entries.filter((entry): entry is [string, string] => entry[1] !== undefined));
}

function toHeaderValues(fields: Readonly<Record<string, string>>): HeaderValues {
  return {
    ...(fields.event ? { event: fields.event } : {}),
    ...(fields.site ? { site: fields.site } : {}),
    ...(fields.date ? { date: fields.date } : {}),
    ...(fields.round ? { round: fields.round } : {}),
    ...(fields.board ? { board: fields.board } : {}),
    ...(fields['white.name'] ? { white: { name: fields['white.name'] } } : {}),
    ...(fields['black.name'] ? { black: { name: fields['black.name'] } } : {}),
  };
}

async function canvasFromPng(png: Buffer): Promise<Canvas> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  return canvas;
}

function copyCanvas(source: Canvas): Canvas {
  const canvas = createCanvas(source.width, source.height);
  canvas.getContext('2d').drawImage(source, 0, 0);
  return canvas;
}

/** Prints the game's blank sheet and writes the game into it by hand. */
export async function writeGameByHand(game: CorpusGame, random: Random, fonts: readonly string[],
  force: {
    readonly copy?: 'white' | 'black'; readonly printHeader?: boolean; readonly sheetLanguage?: SheetLanguage;
    /** Training data only: the moves' letters each in a font drawn from these (see WriteOptions.letterFamilies). */
    readonly letterFonts?: readonly string[];
    /** Experiments: a small, condensed hand, drawn from its own stream so the page's other choices stay the same. */
    readonly smallHand?: Random;
    /** Training data only: the moves written with a pen's strokes (pen-strokes.ts), drawn from this stream. */
    readonly pen?: Random;
    /** A board number printed in the header (and so in the QR, which pairs White's and Black's copies by it). */
    readonly board?: string;
    /** Training data only: the writer's piece letters, whatever the habits drew (the other draws stay the same). */
    readonly letters?: Letters;
  } = {}): Promise<HandwrittenPage> {
  const drawnHabits = randomHabits(random);
  const habits = force.letters ? { ...drawnHabits, letters: force.letters } : drawnHabits;
  const drawnHand = randomHandStyle(random, fonts);
  const hand = force.smallHand ? smallHand(drawnHand, force.smallHand) : drawnHand;
  const family = await registerFont(hand.font);
  const letterFamilies = force.letterFonts ? await Promise.all(force.letterFonts.map(registerFont)) : undefined;
  const pen = force.pen ? randomPenHand(force.pen) : undefined;
  const drawnLanguage: SheetLanguage = random.chance(0.85) ? habits.letters : habits.letters === 'pl' ? 'en' : 'pl';
  const sheetLanguage = force.sheetLanguage ?? drawnLanguage;
  const fields = headerFromTags(game.tags);
  // Forced choices still draw their numbers: every other sheet comes out as before.
  const drawnHeader = random.chance(0.5);
  const printHeader = force.printHeader ?? drawnHeader;
  const printedHeader = printHeader ? { ...fields, ...(force.board ? { board: force.board } : {}) } : {};
  const handwrittenHeader = printHeader ? {} : fields;
  const drawnCopy = random.pick([undefined, 'white', 'black'] as const);
  const copy = force.copy ?? drawnCopy;
  const printed = await printBlankSheets(sheetLanguage, toHeaderValues(printedHeader), Math.ceil(game.san.length / 2), copy);
  if (printed.layouts.length !== 1) throw new Error(`game ${game.number} needs ${printed.layouts.length} sheets; only one is supported`);
  const layout = printed.layouts[0];
  const [png] = await rasterisePdf(printed.pdf, CLEAN_DPI);
  const blank = await canvasFromPng(png);
  const canvas = copyCanvas(blank);
  const context = canvas.getContext('2d');

  const written: string[] = [];
  const touchingPlies: number[] = [];
  const cells = new Map(layout.moveGrid.rows.flatMap((row) => [[row.white.ply, row.white.cell], [row.black.ply, row.black.cell]] as const));
  game.san.forEach((san, index) => {
    const ply = index + 1;
    const text = writeMoveByHand(san, habits, random);
    written.push(text);
    const cell = cells.get(ply);
    if (!cell) throw new Error(`no cell for ply ${ply}`);
    const touching = random.chance(hand.touchRate);
    if (touching) touchingPlies.push(ply);
    writeInRect(context, text, cell, hand, random, { scale: SCALE, family, touching, ...(letterFamilies ? { letterFamilies } : {}), ...(pen ? { pen } : {}) });
  });

  const headerHand: HandStyle = { ...hand, capHeight: hand.capHeight * 0.95, baseline: 0.85, indent: 0.03 };
  for (const [key, value] of Object.entries(handwrittenHeader)) {
    const slot = layout.header.find((field) => field.key === key);
    if (slot) writeInRect(context, value, slot.valueRect, headerHand, random, { scale: SCALE, family });
  }
  const tick = layout.footer.results.find((box) => box.result === game.result);
  if (tick) tickBox(context, tick.tick, hand, random, SCALE);
  return { canvas, layout, blank, written, habits, hand, printedHeader, handwrittenHeader, sheetLanguage, touchingPlies };
}

const DEGRADERS: Readonly<Record<Exclude<ImageKind, 'prefilled'>, (clean: Canvas, random: Random) => Promise<DegradedImage>>> = {
  scan200, jpeg150, phone: phonePhoto,
};

export const sheetId = (set: EvaluationSet, game: number, kind: ImageKind): string =>
  `${set}-${String(game).padStart(6, '0')}-${kind}`;

function filteringTags(kind: ImageKind, image: DegradedImage, habits?: WriterHabits): string[] {
  const tags: string[] = [kind];
  if (Math.abs(((image.rotation % 360) + 360) % 360 - 180) < 45) tags.push('upside-down');
  if (habits) {
    tags.push(`letters-${habits.letters}`, `castling-${habits.castling}`, `capture-${habits.capture === ':' ? 'colon' : 'x'}`);
    if (habits.checkRate === 0) tags.push('no-checks');
  }
  return tags;
}

/** Writes images and truth files for `options.games` games in every kind asked for; returns the truths. */
export async function generateEvaluationSet(options: GenerateOptions): Promise<SheetTruth[]> {
  await mkdir(options.out, { recursive: true });
  const fonts = typeof options.fonts === 'object' ? tuningSubset(options.fonts) : fontsOf(options.fonts ?? defaultFontSet(options.set));
  const games = await chooseGames(options.set, options.games, Random.derive(options.seed, options.set, 'games'));
  const truths: SheetTruth[] = [];
  for (const [index, game] of games.entries()) {
    // The printed board tells the games of a set apart: the QR pairs two copies by it (with the event and round).
    truths.push(...(options.pairs ? await generatePair(game, String(index + 1), options, fonts) : await generateGame(game, options, fonts)));
  }
  await writeFile(join(options.out, 'manifest.json'), `${JSON.stringify({ set: options.set, seed: options.seed, kinds: options.kinds, games: games.map((g) => g.number), sheets: truths.map((t) => t.id) }, null, 2)}\n`);
  return truths;
}

/** The images of one game in each kind asked for. */
export async function generateGame(game: CorpusGame, options: GenerateOptions, fonts: readonly string[]): Promise<SheetTruth[]> {
  const truths: SheetTruth[] = [];
  const handKinds = options.kinds.filter((kind): kind is Exclude<ImageKind, 'prefilled'> => kind !== 'prefilled');
  let started = Date.now();
  if (handKinds.length > 0) {
    const page = await writeGameByHand(game, Random.derive(options.seed, options.set, game.number, 'hand'), fonts,
      options.smallHands ? { smallHand: Random.derive(options.seed, options.set, game.number, 'small-hand') } : {});
    truths.push(...(await degradedSheets(page, game, handKinds, options, (Date.now() - started) / 1000)));
  }
  if (options.kinds.includes('prefilled')) {
    started = Date.now();
    const random = Random.derive(options.seed, options.set, game.number, 'prefilled');
    const language: SheetLanguage = random.chance(0.5) ? 'pl' : 'en';
    const printed = await printFilledSheets(pgnOf(game), language);
    if (printed.layouts.length !== 1) throw new Error(`game ${game.number} needs ${printed.layouts.length} sheets`);
    const [png] = await rasterisePdf(printed.pdf, CLEAN_DPI);
    const image = await prefilledScan(await canvasFromPng(png), random);
    const truth = await saveSheet(options, game, 'prefilled', image, {
      written: game.san.map((san) => printedMove(san, language)), font: 'dejavu-sans (zapis print)', layout: printed.layouts[0],
      header: { printed: headerFromTags(game.tags), handwritten: {} }, sheetLanguage: language, touchingPlies: [],
    });
    truths.push(truth);
    options.onSheet?.(truth, (Date.now() - started) / 1000);
  }
  return truths;
}

/** White's and Black's copies of one game in each handwritten kind asked for, each by its own writer. */
export async function generatePair(game: CorpusGame, board: string, options: GenerateOptions, fonts: readonly string[]): Promise<SheetTruth[]> {
  if (options.kinds.includes('prefilled')) throw new Error('pairs are written by hand: a pre-filled sheet is the same for both players');
  const handKinds = options.kinds.filter((kind): kind is Exclude<ImageKind, 'prefilled'> => kind !== 'prefilled');
  const truths: SheetTruth[] = [];
  // One printed sheet for the game: both copies in its language.
  const sheetLanguage: SheetLanguage = Random.derive(options.seed, options.set, game.number, 'pair-language').chance(0.5) ? 'pl' : 'en';
  for (const copy of ['white', 'black'] as const) {
    const started = Date.now();
    const page = await writeGameByHand(game, Random.derive(options.seed, options.set, game.number, 'hand', copy), fonts, {
      copy, printHeader: true, sheetLanguage, board,
      ...(options.smallHands ? { smallHand: Random.derive(options.seed, options.set, game.number, 'small-hand', copy) } : {}),
    });
    truths.push(...(await degradedSheets(page, game, handKinds, options, (Date.now() - started) / 1000, copy)));
  }
  return truths;
}

/** A handwritten page degraded into each kind and saved with its truth; a pair's copy is part of each sheet's id. */
async function degradedSheets(
  page: HandwrittenPage, game: CorpusGame, kinds: readonly Exclude<ImageKind, 'prefilled'>[], options: GenerateOptions, handSeconds: number,
  copy?: 'white' | 'black',
): Promise<SheetTruth[]> {
  const truths: SheetTruth[] = [];
  for (const kind of kinds) {
    const kindStarted = Date.now();
    const image = await DEGRADERS[kind](page.canvas, Random.derive(options.seed, options.set, game.number, kind, ...(copy ? [copy] : [])));
    const truth = await saveSheet(options, game, kind, image, {
      written: page.written, habits: page.habits, hand: page.hand, font: page.hand.font, layout: page.layout,
      header: { printed: page.printedHeader, handwritten: page.handwrittenHeader }, sheetLanguage: page.sheetLanguage,
      touchingPlies: page.touchingPlies, ...(copy ? { copy } : {}),
    });
    truths.push(truth);
    options.onSheet?.(truth, handSeconds / kinds.length + (Date.now() - kindStarted) / 1000);
  }
  return truths;
}

/** What `zapis print --game` writes for a SAN move in Polish or English (the truth's `written`; not used to draw). */
function printedMove(san: string, language: SheetLanguage): string {
  if (language !== 'pl' || san.startsWith('O-O')) return san;
  const polish: Record<string, string> = { K: 'K', Q: 'H', R: 'W', B: 'G', N: 'S' };
  return san.replace(/[KQRBN]/gu, (piece) => polish[piece] ?? piece);
}

export function pgnOf(game: CorpusGame): string {
  const tags = Object.entries(game.tags).map(([name, value]) => `[${name} "${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"]`);
  const moves = game.san.map((san, index) => (index % 2 === 0 ? `${index / 2 + 1}. ${san}` : san)).join(' ');
  return `${tags.join('\n')}\n\n${moves} ${game.result}\n`;
}

interface SheetContent {
  readonly written: readonly string[];
  readonly habits?: WriterHabits;
  readonly hand?: HandStyle;
  readonly font: string;
  readonly layout: SheetLayout;
  readonly header: SheetTruth['header'];
  readonly sheetLanguage: string;
  readonly touchingPlies: readonly number[];
  /** Pairs: which player's copy. */
  readonly copy?: 'white' | 'black';
}

async function saveSheet(
  options: GenerateOptions, game: CorpusGame, kind: ImageKind, image: DegradedImage, content: SheetContent,
): Promise<SheetTruth> {
  const id = `${sheetId(options.set, game.number, kind)}${content.copy ? `-${content.copy}` : ''}`;
  const file = `${id}.${image.format === 'png' ? 'png' : 'jpg'}`;
  await writeFile(join(options.out, file), image.bytes);
  const truth: SheetTruth = {
    format: TRUTH_FORMAT, version: 1, id, set: options.set, game: game.number, seed: options.seed, kind, file,
    san: game.san, written: content.written, result: game.result, tags: game.tags, header: content.header,
    sheetLanguage: content.sheetLanguage, layoutId: content.layout.layoutId,
    sheet: { number: content.layout.sheet.number, of: content.layout.sheet.of },
    ...(content.habits ? { habits: content.habits } : {}), ...(content.hand ? { hand: content.hand } : {}),
    font: content.font, touchingPlies: content.touchingPlies,
    image: { format: image.format, width: image.width, height: image.height, corners: image.corners, rotation: image.rotation, notes: image.notes },
    tagsForFiltering: filteringTags(kind, image, content.habits),
    ...(content.copy ? { copy: content.copy } : {}),
  };
  await writeFile(join(options.out, `${id}.json`), `${JSON.stringify(truth, null, 2)}\n`);
  return truth;
}
