/**
 * One game read off its sheets: the players' pages decoded jointly by @zapis/decode's one strategy for scans
 * (`decodeReadings`: cross-check, deep search, review by risk), with every move's cell on the scan, the tags read off
 * the sheets, and what reading them found.
 */
import { decodeReadings, type CrossCheckSummary, type DecodeOutcome, type MoveRisk, type ReadingsDecodeOptions, type ReviewBy } from '@zapis/decode';
import type { SearchOptions } from '@zapis/decode';
import { searchSheets } from '@zapis/decode/internal';
import type { ResultCode } from '@zapis/sheet';
import { aloneReadings, cellsByPly, readByEnsemble, type CellsByPly, type ReadCellOnScan } from './cells-on-scan.js';
import { decoderSheets } from './decoder-sheets.js';
import { withoutStrayWriting } from './end-of-writing.js';
import type { GameGroup, PageRead } from './group-games.js';
import { headerTags, type HeaderTags } from './header-tags.js';
import { printedLanguage } from './printed-language.js';
import { locationProblems, repeatProblems, tickedResult, unusedCellsProblem, type ReadProblem } from './sheet-problems.js';

export interface DecodeGroupOptions extends ReadingsDecodeOptions {
  /**
   * Cells read by an ensemble are decoded twice, by the ensemble and by its first reader (PP-OCR) alone, and the two
   * decodings cross-checked (`--reader auto`). Without it, or with another reader, the game is decoded once.
   */
  readonly crossCheck?: boolean;
}

export interface ReadGame extends HeaderTags {
  readonly group: GameGroup;
  /** With a cross-check: the reading kept ('ensemble' or PP-OCR 'alone') and the plies the other decoded otherwise. */
  readonly crossCheck?: CrossCheckSummary;
  /** How the review list was made. */
  readonly reviewBy: ReviewBy;
  /** With review by risk: each move's risk and doubts, by ply index. */
  readonly risks?: readonly MoveRisk[];
  readonly decoded: DecodeOutcome;
  readonly result?: ResultCode;
  /** The cell each player's sheet has for a ply (undefined where a player wrote nothing there). */
  readonly cells: (ply: number) => readonly (ReadCellOnScan | undefined)[];
  /** Plies after which a player marked a draw offer. */
  readonly drawOffers: readonly number[];
  readonly problems: readonly ReadProblem[];
}

/**
 * The cross-check's second reading of a group, PP-OCR alone, decoded with the options the strategy gives it (what an
 * `OtherReadingDecoder` runs on its side).
 */
export function decodeOtherReading(group: GameGroup, options: SearchOptions): DecodeOutcome {
  return searchSheets(decoderSheets(group, aloneReadings(gameCells(group).byPly)), options);
}

/** Each player's cells of the game, by ply, ending where the writing ends (end-of-writing.ts), and what was cut off. */
const gameCells = (group: GameGroup): ReturnType<typeof withoutStrayWriting> => withoutStrayWriting(cellsByPly(group));

export function decodeGroup(group: GameGroup, options: DecodeGroupOptions = {}): ReadGame {
  const { crossCheck: crossChecking, ...decodeOptions } = options;
  const { byPly, problems: strays } = gameCells(group);
  let aloneByPly: CellsByPly | undefined;
  const alone = (): CellsByPly => (aloneByPly ??= aloneReadings(byPly));
  const crossChecked = crossChecking === true && readByEnsemble(group);
  const printed = printedLanguage(group);
  const { decoded, crossCheck, reviewBy, risks } = decodeReadings({
    sheets: decoderSheets(group, byPly),
    ...(crossChecked ? { otherSheets: () => decoderSheets(group, alone()) } : {}),
  }, { ...(printed ? { printedLanguage: printed } : {}), ...decodeOptions });
  const shown = crossCheck?.kept === 'alone' ? alone() : byPly;
  const pages = group.players.flatMap((player) => player.pages);
  const ticked = tickedResult(pages);
  const problems = [...locationProblems(pages), ...repeatProblems(group), ...ticked.problems, ...strays, ...unusedCells(pages, shown, decoded)];
  return {
    group, decoded, drawOffers: drawOffers(group), problems, ...(crossCheck ? { crossCheck } : {}), reviewBy, ...(risks ? { risks } : {}),
    ...headerTags(pages, ticked.result),
    ...(ticked.result ? { result: ticked.result } : {}),
    cells: (ply: number) => shown.map((cells) => cells.get(ply)),
  };
}

function unusedCells(pages: readonly PageRead[], byPly: CellsByPly, decoded: DecodeOutcome): ReadProblem[] {
  if (!decoded.ok) return [];
  const decodedPlies = decoded.value.moves.length;
  // The cells run to the last written one, with the empty cells before it: only the written ones are unexplained.
  const unexplained = byPly.flatMap((cells) => [...cells.values()].filter(({ cell }) => cell.written && cell.place.ply > decodedPlies)
    .map(({ cell }) => cell.place.ply));
  return unusedCellsProblem(pages, unexplained, decodedPlies);
}

/** Plies after which a player marked a draw offer, in order. */
const drawOffers = (group: GameGroup): number[] =>
  [...new Set(group.players.flatMap((player) => player.pages.flatMap((page) => page.read.cells.filter((cell) => cell.drawOffer).map((cell) => cell.place.ply))))]
    .sort((a, b) => a - b);
