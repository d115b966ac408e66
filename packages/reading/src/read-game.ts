/**
 * One game read off its sheets: the players' pages decoded jointly by
 * @zapis/decode, and for every move the cell it was read from, in image
 * pixels, so a person can be shown exactly where to look.
 */
import { DecodeReuse, decodeSheets, likelyLanguage, type DecodeOptions, type ReviewReason, type Sheet } from '@zapis/decode';
import type { Rect, ResultCode } from '@zapis/sheet';
import type { GameGroup, PageRead } from './group-games.js';
import type { PageMap } from './page-map.js';
import type { ReadCell } from './read-sheet.js';
import { crossCheck, keptReading, type CrossCheckSummary, type DecodeOutcome } from './cross-check.js';
import { alsoAlwaysWhenKept, DEFAULT_REVIEW_RISK, reviewByRisk, reviewRiskScores, riskOf } from './review-risk.js';

/**
 * A name or date read off the header goes into the game's tags only when the
 * recogniser is at least this sure of the whole text; a doubtful reading stays
 * in `headerRead`, so a wrong name is never filed as a fact.
 */
export const HEADER_TAG_CONFIDENCE = 0.2;

export interface CellOnScan {
  readonly file: string;
  /** 1-based page of the file. */
  readonly page: number;
  /** The cell's bounding box in the page image, pixels. */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /**
   * How far the sheet's writing is turned in the image, clockwise, in quarter turns of 90°: 180 for a sheet
   * photographed upside down (absent when upright). Turn the box back by it to show the cell as written.
   */
  readonly turn?: 90 | 180 | 270;
}

/** What reading the sheets found beyond the moves (kebab-case, stable). */
export type ReadProblemCode =
  | 'read-grid-without-template' | 'read-layout-from-ruling' | 'read-cells-unused' | 'read-several-results' | 'read-results-differ' | 'read-same-sheet-again';

export interface ReadProblem {
  readonly severity: 'error' | 'warning';
  readonly code: ReadProblemCode;
  readonly message: string;
  readonly file: string;
  readonly page: number;
  readonly ply?: number;
}

export interface DecodeGroupOptions extends DecodeOptions {
  /**
   * Cells read by an ensemble are decoded twice, by the ensemble and by PP-OCR alone; the reading with fewer moves
   * in doubt is kept and every move the other decodes otherwise goes to review (cross-check.ts). `--reader auto`.
   */
  readonly crossCheck?: boolean;
  /**
   * Search a badly read sheet again with a beam 16 times as large (DecodeOptions.deepSearch; default false). Cross-checked,
   * the ensemble's decoding is, and PP-OCR alone's only where the cross-check would keep it. `zapis read` turns it on
   * (`--no-deep` off).
   */
  readonly deepSearch?: boolean;
  /**
   * How a cross-checked game's review list is made: 'risk' (default) sends the moves whose risk of being wrong reaches
   * the review model's threshold, and every correction (review-risk.ts); 'every-doubt' sends every move the decoder or
   * the cross-check has a reason to doubt. Games not cross-checked are always 'every-doubt'.
   */
  readonly review?: ReviewBy;
  /** With review by risk: moves below this confidence go to review whatever their risk (default: the model's floor, 0.9). */
  readonly reviewFloor?: number;
  /**
   * Decodes the cross-check's second reading (PP-OCR alone) elsewhere, on another thread, beside the ensemble's decode
   * here: the desk's second core. What it answers must be what `decodeOtherReading` answers with the same options.
   */
  readonly otherReading?: OtherReadingDecoder;
}

/**
 * Where the cross-check's second reading is decoded when not here. `start` is given the options the decode would run
 * with (its `reuse` left out: the other side keeps its own) and answers undefined when it cannot take them; the
 * pending decode's `result` waits for the answer (undefined: decode it here after all), and `cancel` says it is no
 * longer wanted.
 */
export interface OtherReadingDecoder {
  start(options: DecodeOptions): PendingDecode | undefined;
}

export interface PendingDecode {
  result(): DecodeOutcome | undefined;
  cancel(): void;
}

export type ReviewBy = 'risk' | 'every-doubt';

/** A move's risk of being wrong and the reasons it had to be doubted, whether it went to review or not. */
export interface MoveRisk {
  /** Probability (0..1) that the move is wrong, by the review model. */
  readonly risk: number;
  /** What the decoder and the cross-check doubted it for, before the risk decided. */
  readonly doubts: readonly ReviewReason[];
}

export interface ReadGame {
  readonly group: GameGroup;
  /** With `crossCheck`: the reading kept ('ensemble' or PP-OCR 'alone') and the plies the other decoded otherwise. */
  readonly crossCheck?: CrossCheckSummary;
  /** How the review list was made. */
  readonly reviewBy: ReviewBy;
  /** With review by risk: each move's risk and doubts, by ply index. */
  readonly risks?: readonly MoveRisk[];
  readonly decoded: DecodeOutcome;
  /** Tags read off the sheets (the QR's event, round and board; the ticked result). */
  readonly tags: Readonly<Record<string, string>>;
  readonly result?: ResultCode;
  /** The cell each player's sheet has for a ply (undefined where a player wrote nothing there). */
  readonly cells: (ply: number) => readonly (ReadCellOnScan | undefined)[];
  /** Plies after which a player marked a draw offer. */
  readonly drawOffers: readonly number[];
  /** Tags read by OCR from the header (not the QR), with the reader's confidence: a person should check them. */
  readonly headerConfidence: Readonly<Record<string, number>>;
  /** Every header field read by OCR, kept or not: a tag below HEADER_TAG_CONFIDENCE is not put in `tags`. */
  readonly headerRead: Readonly<Record<string, { readonly text: string; readonly confidence: number }>>;
  readonly problems: readonly ReadProblem[];
}

export interface ReadCellOnScan {
  readonly cell: ReadCell;
  readonly where: CellOnScan;
}

/** The axis-aligned box, in pixels, around a sheet rectangle mapped onto the image. */
export function rectOnImage(map: PageMap, rect: Rect): { x: number; y: number; width: number; height: number } {
  const corners = [[rect.x, rect.y], [rect.x + rect.width, rect.y], [rect.x + rect.width, rect.y + rect.height], [rect.x, rect.y + rect.height]]
    .map(([x, y]) => map.toImage(x, y));
  const xs = corners.map((corner) => corner[0]);
  const ys = corners.map((corner) => corner[1]);
  const x = Math.floor(Math.min(...xs)), y = Math.floor(Math.min(...ys));
  return { x, y, width: Math.ceil(Math.max(...xs)) - x, height: Math.ceil(Math.max(...ys)) - y };
}

/** How far a sheet rectangle's writing is turned on the image (clockwise quarter turns; 0 upright). */
export function turnOnImage(map: PageMap, rect: Rect): 0 | 90 | 180 | 270 {
  const [x0, y0] = map.toImage(rect.x, rect.y);
  const [x1, y1] = map.toImage(rect.x + rect.width, rect.y);
  // The direction the writing runs in (the sheet's x axis), in image pixels; y grows downwards in both.
  const quarter = ((Math.round(Math.atan2(y1 - y0, x1 - x0) / (Math.PI / 2)) % 4) + 4) % 4;
  return ([0, 90, 180, 270] as const)[quarter];
}

/** Each player's cells by ply, with where each is on its page. */
function cellsByPly(group: GameGroup): Map<number, ReadCellOnScan>[] {
  return group.players.map((player) => {
    const cells = new Map<number, ReadCellOnScan>();
    for (const page of player.pages) {
      for (const cell of page.read.cells) {
        const turn = turnOnImage(page.read.located.map, cell.place.rect);
        cells.set(cell.place.ply, {
          cell, where: { file: page.file, page: page.page, ...rectOnImage(page.read.located.map, cell.place.rect), ...(turn !== 0 ? { turn } : {}) },
        });
      }
    }
    return cells;
  });
}

/** The same cells with PP-OCR's reading alone where the cell was read by an ensemble. */
function aloneReadings(byPly: readonly Map<number, ReadCellOnScan>[]): Map<number, ReadCellOnScan>[] {
  return byPly.map((cells) => new Map([...cells].map(([ply, { cell, where }]) => [ply, { cell: cell.reading.alone ? { ...cell, reading: cell.reading.alone() } : cell, where }])));
}

function sheetsOf(group: GameGroup, byPly: readonly Map<number, ReadCellOnScan>[]): Sheet[] {
  return group.players.map((player, index) => ({
    name: player.name,
    cells: [...byPly[index].values()].sort((a, b) => a.cell.place.ply - b.cell.place.ply).map(({ cell }) => ({
      readings: cell.reading.alternatives.map((alternative) => ({ text: alternative.text, confidence: alternative.confidence })),
      source: { line: cell.place.moveNumber, column: cell.place.side === 'white' ? 1 : 2, moveNumber: cell.place.moveNumber, ply: cell.place.ply },
      ...(cell.reading.score ? { score: cell.reading.score } : {}),
      ...(cell.reading.score && cell.reading.scoreBound ? { scoreBound: cell.reading.scoreBound } : {}),
      ...(cell.reading.witnesses ? { witnesses: cell.reading.witnesses } : {}),
    })),
  }));
}

const refusedConfirmed = (outcome: DecodeOutcome): boolean => !outcome.ok && outcome.error.code === 'confirmed-illegal';

/**
 * The cross-check's second reading of a group, PP-OCR alone, decoded with the options `decodeGroup` gives it (what an
 * `OtherReadingDecoder` runs on its side, with a reuse of its own).
 */
export function decodeOtherReading(group: GameGroup, options: DecodeOptions): DecodeOutcome {
  return decodeSheets(sheetsOf(group, aloneReadings(cellsByPly(group))), options);
}

/** `decoder` asked for the other reading with `options`, its reuse left out (the other side keeps its own); undefined where it cannot take it. */
function startThere(decoder: OtherReadingDecoder | undefined, options: DecodeOptions): PendingDecode | undefined {
  const { reuse: _reuse, ...sent } = options;
  return decoder?.start(sent);
}

/** What a decode started elsewhere answered; cancelled when no answer comes or the wait is stopped (a decode ahead), as the other side need not go on. */
function answerOf(pending: PendingDecode | undefined): DecodeOutcome | undefined {
  let outcome: DecodeOutcome | undefined;
  try {
    outcome = pending?.result();
  } finally {
    if (outcome === undefined) pending?.cancel();
  }
  return outcome;
}

export function decodeGroup(group: GameGroup, options: DecodeGroupOptions = {}): ReadGame {
  const { crossCheck: crossChecking, review = 'risk', reviewFloor, otherReading, ...decodeOptions } = options;
  const problems: ReadProblem[] = [];
  let byPly = cellsByPly(group);
  let checked: CrossCheckSummary | undefined;
  const canCrossCheck = crossChecking === true && group.players.some((player) => player.pages.some((page) => page.read.cells.some((cell) => cell.reading.alone)));
  // Cross-checked, a confirmed move is searched for with wider beams only when neither decoding plays it: while one
  // does, that one is kept, and the wider searches would only slow a person's every correction down.
  const narrowFirst = canCrossCheck && decodeOptions.confirmed !== undefined && decodeOptions.confirmed.size > 0 && decodeOptions.widenForConfirmed !== false;
  const firstOptions = { adaptToSheet: false, ...decodeOptions, ...(narrowFirst ? { widenForConfirmed: false } : {}) };
  // PP-OCR alone's options but for the letters, which its decoding takes from the ensemble's game.
  const aloneOptionsIn = (language: { language?: DecodeOptions['language'] }): DecodeOptions => {
    const { reuse, ...rest } = firstOptions;
    // PP-OCR alone reads noisily: its decoding would search deep on nearly every sheet (JPEG: 0.70 → 2.19 s a sheet on
    // 36 report sheets) for a game that is seldom kept. It is searched deep only where it would be kept.
    const { deepSearch, ...aloneRest } = rest;
    // Nor does its search go back over a stretch after a surprise: in its noisy readings a surprise is a misreading,
    // and going back (up to four times a sheet) changed nothing: the same moves right and nearly the same review on 36
    // report sheets a kind, the tune set's 80 and 8 pairs. It made a desk correction's second decode 2–8 times as long
    // as the first.
    // Searched deep, it goes on from its narrow search instead of doing that again: a reuse of its own when none is given.
    // (The second decode reads other texts in the cells: it keeps what it meets in its own reuse, not the first's.)
    const aloneReuse = reuse?.forOtherReadings() ?? (deepSearch === true ? new DecodeReuse() : undefined);
    return { ...aloneRest, ...language, backtrack: false, ...(aloneReuse ? { reuse: aloneReuse } : {}) };
  };
  // After a person's confirmation it is not searched again wide where its game looks lost (a confirmed move the
  // readings did not favour), unless it would be kept. Measured on 72 report sheets (seed 5, 36 games): confirming the
  // least likely move offered at 78 flagged moves, that search changed which moves were flagged at none of them (at
  // one, how many the readings differ at); confirming the true moves of a review, it changed nothing. It was most of
  // the slowest corrections: 0.9-1.2 s for ply 10 of report-091057-phone in Node, 0.3-0.5 s without it.
  const firstAloneOptions = (aloneOptions: DecodeOptions): DecodeOptions => (narrowFirst ? { ...aloneOptions, searchWideWhenLost: false } : aloneOptions);
  // PP-OCR alone's first decode needs only the letters of the ensemble's game: started elsewhere now, in the letters
  // given or else in those the ensemble's decode searches first (most often the ones it keeps), it runs beside the
  // ensemble's. Its answer is taken only where it is what decoding it afterwards would give: the ensemble's game is in
  // those letters (or, with the letters given, there is no game and the letters given are PP-OCR alone's anyway).
  const given = decodeOptions.language !== undefined && decodeOptions.language !== 'auto' ? decodeOptions.language : undefined;
  const ensembleSheets = sheetsOf(group, byPly);
  const guessed = canCrossCheck && otherReading ? given ?? likelyLanguage(ensembleSheets, decodeOptions) : undefined;
  const pending = guessed !== undefined ? startThere(otherReading, firstAloneOptions(aloneOptionsIn({ language: guessed }))) : undefined;
  let decoded: DecodeOutcome;
  try {
    decoded = decodeSheets(ensembleSheets, firstOptions);
  } catch (error) {
    pending?.cancel();
    throw error;
  }
  const sameLetters = decoded.ok ? decoded.value.language === guessed : given !== undefined;
  if (!sameLetters) pending?.cancel();
  let alone = sameLetters ? answerOf(pending) : undefined;
  if (canCrossCheck) {
    const aloneByPly = aloneReadings(byPly);
    // One sheet is written in one set of piece letters: PP-OCR alone reads it in the letters the ensemble's game is in.
    // Left to choose, it chose others on a hard hand (Hungarian for a Polish sheet, the ensemble reading Polish), and the
    // moves it then decoded otherwise were offered as rivals that no game in the sheet's letters could play.
    const aloneOptions = aloneOptionsIn(decoded.ok ? { language: decoded.value.language } : {});
    const decodeAlone = (options: DecodeOptions): DecodeOutcome => answerOf(startThere(otherReading, options)) ?? decodeSheets(sheetsOf(group, aloneByPly), options);
    alone ??= decodeAlone(firstAloneOptions(aloneOptions));
    const { deepSearch } = firstOptions;
    if (narrowFirst && keptReading(decoded, alone) === 'alone') alone = decodeAlone(aloneOptions);
    if (deepSearch === true && keptReading(decoded, alone) === 'alone') alone = decodeAlone({ ...aloneOptions, deepSearch });
    if (narrowFirst && refusedConfirmed(decoded) && refusedConfirmed(alone)) {
      decoded = decodeSheets(sheetsOf(group, byPly), { ...firstOptions, widenForConfirmed: true });
      if (!decoded.ok) alone = decodeAlone({ ...aloneOptions, widenForConfirmed: true });
    }
    const { decoded: kept, ...summary } = crossCheck(decoded, alone);
    decoded = kept;
    if (summary.kept === 'alone') byPly = aloneByPly;
    checked = summary;
  }
  const reviewBy: ReviewBy = canCrossCheck && review === 'risk' ? 'risk' : 'every-doubt';
  let risks: MoveRisk[] | undefined;
  if (reviewBy === 'risk' && decoded.ok) {
    const before = decoded.value.moves;
    const scores = reviewRiskScores(before);
    risks = before.map((move, index) => ({ risk: Number(riskOf(scores[index]).toFixed(4)), doubts: move.reviewReasons }));
    decoded = { ok: true, value: reviewByRisk(decoded.value, DEFAULT_REVIEW_RISK, reviewFloor, scores, alsoAlwaysWhenKept(checked?.kept), decodeOptions) };
  }
  const pages = group.players.flatMap((player) => player.pages);
  for (const page of pages) {
    if (page.read.located.gridWithoutTemplate) {
      const cells = page.read.located.cells.length;
      problems.push({
        severity: 'warning', code: 'read-grid-without-template', file: page.file, page: page.page,
        message: `no zapis markers and no --template: read as a two-block move grid of ${cells / 2} moves found by its ruling, numbered from move 1; give --template if the sheet is numbered otherwise`,
      });
    }
    const ruling = page.read.located.layoutFromRuling;
    if (!ruling || !page.read.located.layout) continue;
    problems.push({
      severity: 'warning', code: 'read-layout-from-ruling', file: page.file, page: page.page,
      message: `the QR code could not be read: layout ${page.read.located.layout.layoutId} was recognised by its printed ruling ` +
        `(${Math.round(ruling.score * 100)}% of its lines found, the next best layout ${Math.round(ruling.runnerUp * 100)}%; where their lines differ, ` +
        `${Math.round(ruling.margin * 100)} points more of its own are ink); event, round and board are unknown`,
    });
  }
  for (const player of group.players) {
    if (!player.repeats) continue;
    const { page, earlier } = player.repeats;
    problems.push({
      severity: 'warning', code: 'read-same-sheet-again', file: page.file, page: page.page,
      message: `the same sheet as ${earlier.file} page ${earlier.page} (its QR names the same game, copy and sheet): read as a game of its own`,
    });
  }
  const result = resultOf(pages, problems);
  const qr = pages.find((page) => page.read.located.qr)?.read.located.qr;
  // What was read in the header, the surest reading of each tag across the sheets; the QR's values win.
  const read = new Map<string, { text: string; confidence: number }>();
  for (const page of pages) {
    for (const field of page.read.header) {
      const known = read.get(field.tag);
      if (!known || field.confidence > known.confidence) read.set(field.tag, field);
    }
  }
  const tags: Record<string, string> = {
    ...Object.fromEntries([...read].filter(([, field]) => field.confidence >= HEADER_TAG_CONFIDENCE).map(([tag, field]) => [tag, field.text])),
    ...(qr?.event ? { Event: qr.event } : {}),
    ...(qr?.round ? { Round: qr.round } : {}),
    ...(qr?.board ? { Board: qr.board } : {}),
    ...(result ? { Result: result } : {}),
  };
  const drawOffers = [...new Set(pages.flatMap((page) => page.read.cells.filter((cell) => cell.drawOffer).map((cell) => cell.place.ply)))].sort((a, b) => a - b);
  if (decoded.ok) {
    const written = Math.max(0, ...byPly.map((cells) => Math.max(0, ...cells.keys())));
    if (decoded.value.moves.length < written) {
      const page = pages[0];
      problems.push({
        severity: 'warning', code: 'read-cells-unused', file: page.file, page: page.page, ply: decoded.value.moves.length + 1,
        message: `${written - decoded.value.moves.length} written cell(s) after ply ${decoded.value.moves.length} were not explained by legal moves`,
      });
    }
  }
  return {
    group, decoded, tags, drawOffers, problems, ...(checked ? { crossCheck: checked } : {}), reviewBy, ...(risks ? { risks } : {}),
    headerRead: Object.fromEntries([...read].map(([tag, field]) => [tag, { text: field.text, confidence: Number(field.confidence.toFixed(3)) }])),
    headerConfidence: Object.fromEntries([...read].filter(([tag, field]) => field.confidence >= HEADER_TAG_CONFIDENCE && !(qr && ((tag === 'Event' && qr.event) || (tag === 'Round' && qr.round) || (tag === 'Board' && qr.board))))
      .map(([tag, field]) => [tag, Number(field.confidence.toFixed(3))])),
    ...(result ? { result } : {}),
    cells: (ply: number) => byPly.map((cells) => cells.get(ply)),
  };
}

/** The result the players ticked: agreeing ticks give it, disagreeing or several ticks are reported. */
function resultOf(pages: readonly PageRead[], problems: ReadProblem[]): ResultCode | undefined {
  const ticked = new Set<ResultCode>();
  for (const page of pages) {
    if (page.read.resultsTicked.length > 1) {
      problems.push({ severity: 'warning', code: 'read-several-results', file: page.file, page: page.page, message: `several result boxes are ticked: ${page.read.resultsTicked.join(', ')}` });
    }
    if (page.read.result) ticked.add(page.read.result);
  }
  if (ticked.size > 1) {
    const page = pages[0];
    problems.push({ severity: 'warning', code: 'read-results-differ', file: page.file, page: page.page, message: `the sheets tick different results: ${[...ticked].join(' and ')}` });
    return undefined;
  }
  return [...ticked][0];
}
