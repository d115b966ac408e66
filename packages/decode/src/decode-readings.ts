/**
 * The one way a scan's readings become a game: the sheets as the first reader read them (an ensemble of networks)
 * are decoded; given the same cells as a second reader read them alone, that reading is decoded too and the two are
 * cross-checked (cross-check.ts); a badly read sheet is searched again deep; and the review list is made by the risk
 * that each move is wrong (review-risk.ts). Every "search again?" choice of a scan's decode is made here.
 */
import type { LanguageCode } from '@zapis/notation';
import { crossCheck, keptReading, type CrossCheckSummary, type DecodeOutcome } from './cross-check.js';
import { searchSheets, type SearchOptions } from './decode.js';
import { SearchCache } from './search-cache.js';
import type { Sheet } from './readings.js';
import { alsoAlwaysWhenKept, DEFAULT_REVIEW_RISK, reviewByRisk, reviewRiskScores, riskOf } from './review-risk.js';
import { likelyLanguage } from './search-languages.js';

/** The readings of one game: each player's sheet. */
export interface SheetReadings {
  /** As the first reader read the cells. */
  readonly sheets: readonly Sheet[];
  /**
   * The same cells as a second reader read them on its own; given, the game is cross-checked. Called at most once,
   * and only when the second reading is decoded here.
   */
  readonly otherSheets?: () => readonly Sheet[];
}

/** How the review list is made: by each move's risk of being wrong, or every move anything doubts. */
export type ReviewBy = 'risk' | 'every-doubt';

export interface ReadingsDecodeOptions {
  /** The game's letters, or 'auto' (default). */
  readonly language?: LanguageCode | 'auto';
  /** With 'auto': the language the sheet was printed in, favoured (DecodeOptions.printedLanguage). */
  readonly printedLanguage?: LanguageCode;
  /** Moves a person confirmed: 1-based ply → SAN. */
  readonly confirmed?: ReadonlyMap<number, string>;
  /** Search a badly read sheet again with a far larger beam (default false). */
  readonly deepSearch?: boolean;
  /** With a cross-check: 'risk' (default) or 'every-doubt'. Without one the review is always 'every-doubt'. */
  readonly review?: ReviewBy;
  /** With review by risk: moves below this confidence are reviewed whatever their risk (default: the model's floor). */
  readonly reviewFloor?: number;
  /** Review by every doubt: moves below this confidence are reviewed (default DEFAULT_REVIEW_THRESHOLD). */
  readonly reviewThreshold?: number;
  /** Kept between decodes of the same readings (a review session); results are the same without it. */
  readonly reuse?: SearchCache;
  /** Decodes the second reading on another thread beside the first (the desk's second core). */
  readonly otherReading?: OtherReadingDecoder;
  /** Hears of every search of the first reading's decode (`SearchOptions.onSearch`; evaluation tools). */
  readonly onSearch?: SearchOptions['onSearch'];
}

/**
 * Where the second reading is decoded when not here. `start` gets the options that decode would run with (without a
 * reuse: the other side keeps its own) and answers undefined when it cannot take them. `result` waits for the answer
 * (undefined: decode it here after all); `cancel` says it is no longer wanted.
 */
export interface OtherReadingDecoder {
  start(options: SearchOptions): PendingDecode | undefined;
}

export interface PendingDecode {
  result(): DecodeOutcome | undefined;
  cancel(): void;
}

/** A move's risk of being wrong and the reasons it had to be doubted, whether it went to review or not. */
export interface MoveRisk {
  /** Probability (0..1) that the move is wrong, by the review model. */
  readonly risk: number;
  /** What the decoder and the cross-check doubted it for, before the risk decided. */
  readonly doubts: readonly string[];
}

export interface DecodedReadings {
  readonly decoded: DecodeOutcome;
  /** With a cross-check: the reading kept and the plies the other decoded otherwise. */
  readonly crossCheck?: CrossCheckSummary;
  readonly reviewBy: ReviewBy;
  /** With review by risk: each move's risk and doubts, by ply index. */
  readonly risks?: readonly MoveRisk[];
}

/** The plan of one cross-checked decode: both readings' options, and whether a confirmation is tried narrow first. */
interface Plan {
  readonly first: SearchOptions;
  /** The second reading's options in `language` (the first reading's game's letters when it has a game). */
  readonly second: (language: LanguageCode | undefined) => SearchOptions;
  /** A confirmed move is searched for with wider beams only when neither reading plays it. */
  readonly narrowFirst: boolean;
}

function planOf(options: ReadingsDecodeOptions, crossChecked: boolean): Plan {
  const { review: _review, reviewFloor: _floor, otherReading: _other, ...given } = options;
  const narrowFirst = crossChecked && given.confirmed !== undefined && given.confirmed.size > 0;
  // Without a reuse of the caller's, one for this decode alone: its searches (narrow, wide, deep, both readings) meet
  // mostly the same positions, whose moves are then generated once.
  const reuse = given.reuse ?? new SearchCache();
  const first: SearchOptions = { adaptToSheet: false, ...given, reuse, ...(narrowFirst ? { widenForConfirmed: false } : {}) };
  const second = (language: LanguageCode | undefined): SearchOptions => {
    // The second reading shares the first's positions and keeps its own searches: searched deep, it goes on from its
    // narrow search. A noisy reader's surprises are misreadings: going back over them only slows every correction down.
    // It does not carry the observer: its options may travel to another thread (`OtherReadingDecoder`).
    const { reuse: _firstReuse, deepSearch: _deepSearch, onSearch: _onSearch, ...rest } = first;
    return { ...rest, ...(language !== undefined ? { language } : {}), backtrack: false, reuse: reuse.forOtherReadings() };
  };
  return { first, second, narrowFirst };
}

/** Decodes `readings` as `options` say: the one strategy behind `zapis read` and the desk. */
export function decodeReadings(readings: SheetReadings, options: ReadingsDecodeOptions = {}): DecodedReadings {
  const crossChecked = readings.otherSheets !== undefined;
  const plan = planOf(options, crossChecked);
  const { decoded, crossCheck: checked } = crossChecked
    ? decodeCrossChecked(readings, plan, options)
    : { decoded: searchSheets(readings.sheets, plan.first), crossCheck: undefined };
  const reviewBy: ReviewBy = crossChecked && (options.review ?? 'risk') === 'risk' ? 'risk' : 'every-doubt';
  if (reviewBy === 'every-doubt' || !decoded.ok) return { decoded, reviewBy, ...(checked ? { crossCheck: checked } : {}) };
  const moves = decoded.value.moves;
  const scores = reviewRiskScores(moves);
  const risks = moves.map((move, index) => ({ risk: Number(riskOf(scores[index]).toFixed(4)), doubts: move.reviewReasons }));
  const reviewed = reviewByRisk(decoded.value, DEFAULT_REVIEW_RISK, options.reviewFloor, scores, alsoAlwaysWhenKept(checked?.kept));
  return { decoded: { ok: true, value: reviewed }, reviewBy, risks, ...(checked ? { crossCheck: checked } : {}) };
}

/** Both readings decoded, each searched again only where it could change what is kept, and cross-checked. */
function decodeCrossChecked(readings: SheetReadings, plan: Plan, options: ReadingsDecodeOptions): { decoded: DecodeOutcome; crossCheck: CrossCheckSummary } {
  const second = secondReading(readings, options.otherReading);
  // Until it would be kept, the second reading is not searched again wide for a game that looks lost.
  const firstTry = (secondOptions: SearchOptions): SearchOptions => (plan.narrowFirst ? { ...secondOptions, searchWideWhenLost: false } : secondOptions);
  // The second reading's first decode needs only the first reading's letters: started elsewhere now, in the letters
  // given or those the first decode searches first, it runs beside it, and is taken when the letters were right.
  const given = options.language !== undefined && options.language !== 'auto' ? options.language : undefined;
  const guessed = options.otherReading ? given ?? likelyLanguage(readings.sheets, plan.first) : undefined;
  const pending = guessed !== undefined ? second.startThere(firstTry(plan.second(guessed))) : undefined;
  let decoded: DecodeOutcome;
  try {
    decoded = searchSheets(readings.sheets, plan.first);
  } catch (error) {
    pending?.cancel();
    throw error;
  }
  const sameLetters = decoded.ok ? decoded.value.language === guessed : given !== undefined;
  if (!sameLetters) pending?.cancel();
  let alone = sameLetters ? answerOf(pending) : undefined;
  // One sheet is written in one set of piece letters: the second reading is read in the first's game's.
  const secondOptions = plan.second(decoded.ok ? decoded.value.language : undefined);
  alone ??= second.decode(firstTry(secondOptions));
  if (plan.narrowFirst && keptReading(decoded, alone) === 'alone') alone = second.decode(secondOptions);
  if (plan.first.deepSearch === true && keptReading(decoded, alone) === 'alone') alone = second.decode({ ...secondOptions, deepSearch: true });
  if (plan.narrowFirst && refusedConfirmed(decoded) && refusedConfirmed(alone)) {
    decoded = searchSheets(readings.sheets, { ...plan.first, widenForConfirmed: true });
    if (!decoded.ok) alone = second.decode({ ...secondOptions, widenForConfirmed: true });
  }
  const { decoded: kept, ...summary } = crossCheck(decoded, alone);
  return { decoded: kept, crossCheck: summary };
}

const refusedConfirmed = (outcome: DecodeOutcome): boolean => !outcome.ok && outcome.error.code === 'confirmed-illegal';

/** The second reading's decodes: elsewhere when `there` takes them, else here on its sheets (built once). */
function secondReading(readings: SheetReadings, there: OtherReadingDecoder | undefined) {
  let sheets: readonly Sheet[] | undefined;
  const startThere = (options: SearchOptions): PendingDecode | undefined => {
    const { reuse: _reuse, ...sent } = options;
    return there?.start(sent);
  };
  const decodeHere = (options: SearchOptions): DecodeOutcome => searchSheets(sheets ??= readings.otherSheets?.() ?? [], options);
  return { startThere, decode: (options: SearchOptions): DecodeOutcome => answerOf(startThere(options)) ?? decodeHere(options) };
}

/** What a decode started elsewhere answered; cancelled when no answer comes or the wait is stopped. */
function answerOf(pending: PendingDecode | undefined): DecodeOutcome | undefined {
  let outcome: DecodeOutcome | undefined;
  try {
    outcome = pending?.result();
  } finally {
    if (outcome === undefined) pending?.cancel();
  }
  return outcome;
}
