/**
 * The decoder's front door: sheets of readings (or a transcription's text) to
 * the likeliest legal game, each half-move with its posterior confidence, its
 * alternatives and a review flag; the language that explains the readings
 * best; and, when nothing legal explains them, where the game breaks.
 */
import { err, initialPosition, makeFen, ok, parseFen, type MoveDescription, type Position, type Result } from '@zapis/core';
import type { LanguageCode } from '@zapis/notation';
import {
  DEFAULT_CHANNEL_PARAMETERS, DEFAULT_LAYOUT, DEFAULT_REVIEW_THRESHOLD, type ChannelParameters, type LayoutPriors, type SpellingPriors,
} from './channel-parameters.js';
import { NoisyChannel } from './channel.js';
import { readCellsOf, searchLanguages } from './search-languages.js';
import { looksLost, noiseScale, stillLost, STILL_LOST } from './lost-game.js';
import type { MovePriorWeights } from './move-prior.js';
import { backwardPass, expectedAccuracyPath, plyMarginals } from './posterior.js';
import { settledPath } from './settled-path.js';
import { NO_REMAINDER, plyBelief, type Alternative, type Remainder } from './ply-belief.js';
import { prepareSheet, type PreparedSheet } from './prepared-sheet.js';
import { rescoreLattice } from './rescore.js';
import { cellText, type CellSource, type Sheet } from './readings.js';
import { searchLattice, type CellUse, type Lattice } from './search.js';
import { parseTranscription } from './transcription.js';
import { withTextReview } from './text-review-risk.js';
import { adaptSpelling } from './spelling-habits.js';
import { spellingPriorsOf } from './spellings.js';
import { isCorrection, isScoredCorrection } from './corrections.js';
import { bestOtherMove, GAME_END_RIVAL_PROBABILITY, readTexts, type Rival } from './rival.js';
import { noiseScaleOf, readingErrors, scaledChannelParameters, SHEET_NOISE } from './sheet-noise.js';
import { badConfirmation, unplayedConfirmation } from './confirmed-moves.js';
import type { SearchCache } from './search-cache.js';

export interface DecodeOptions {
  /**
   * The game's language, or 'auto' (default) to try the likely ones and keep the best. Of White's and Black's sheets,
   * one whose piece letters are clearly another language's is read in its own letters (sheet-languages.ts).
   */
  readonly language?: LanguageCode | 'auto';
  /** Languages 'auto' may choose from (default: ranked from the piece letters used). */
  readonly languages?: readonly LanguageCode[];
  /**
   * With 'auto': the language the sheet was printed in (its QR code, its heading words). It is always searched, and
   * favoured as `PRINTED_LANGUAGE_ODDS` says; the moves can still show the sheet was filled in other letters.
   */
  readonly printedLanguage?: LanguageCode;
  /** Channel parameters (e.g. from fitChannel) or a channel built from them. */
  readonly channel?: ChannelParameters | NoisyChannel;
  readonly layout?: LayoutPriors;
  readonly movePrior?: MovePriorWeights;
  /** Moves with a confidence below this go on the review list (default DEFAULT_REVIEW_THRESHOLD, 0.99). */
  readonly reviewThreshold?: number;
  /** Starting position (default: the initial position). */
  readonly fen?: string;
  /** How many alternatives each move lists (default 3). */
  readonly alternatives?: number;
  /**
   * Moves a person confirmed: 1-based ply → the move as standard English SAN (check marks optional).
   * Only that move is searched at its ply; the rest of the game is decoded around it. A confirmed move
   * no game the readings allow can play there, searched again with wider beams first, is an error
   * (`confirmed-illegal`) naming its ply. How badly
   * a confirmed move fits its own cells is no sign of a lost game (no search again, wider, for it).
   */
  readonly confirmed?: ReadonlyMap<number, string>;
  /**
   * Search a badly read sheet, or a game that looks lost, again with a beam 16 times as large, and keep the likelier
   * game (default false: it costs seconds on such a sheet, about as long again as reading it).
   */
  readonly deepSearch?: boolean;
  /**
   * Kept between decodes of the same sheets (a review session: a person confirms a move, the game is
   * decoded again): the positions already met are not generated again. Results are the same without it.
   */
  readonly reuse?: SearchCache;
}

/**
 * The search's own settings besides DecodeOptions: beams, re-searches and the sheet's noise. The decode strategy for
 * scans (decode-readings.ts) and the tuning scripts set them; `@zapis/decode/internal` exports them.
 */
export interface SearchOptions extends DecodeOptions {
  /** Search breadth: hypotheses within `beamWidth` nats of the best, at most `beamSize` per ply. */
  readonly beamWidth?: number;
  readonly beamSize?: number;
  /** At most this many hypotheses per layout of the cells (which cell comes next on each sheet). */
  readonly layoutSize?: number;
  /**
   * Weigh the hypotheses of a sheet that reads cleanly again with the channel's misreading rates scaled
   * down to what the sheet shows (sheet-noise.ts; default true). Without it, clean sheets get moves
   * flagged that are a misreading away from another legal move.
   */
  readonly adaptToSheet?: boolean;
  /**
   * Scored cells (images): a move is a correction when every spelling of it scores this many nats below
   * the best text the reader found in the cell (default SCORED_CORRECTION_MARGIN).
   */
  readonly scoredCorrectionMargin?: number;
  /**
   * Search again with wider beams before refusing a confirmed move (default true). A caller with a second
   * decoding of the same cells turns it off while the other decoding may still play the move (cross-check).
   */
  readonly widenForConfirmed?: boolean;
  /**
   * Search a game that looks lost again with a wider beam, and keep the likelier game (default true). A cross-check
   * turns it off for its second reading until that reading would be kept: there the wider search only changes which
   * moves the two readings differ at, and costs more than the rest of a person's correction.
   */
  readonly searchWideWhenLost?: boolean;
  /**
   * Go back over a stretch and search it again, wider, when the best game suddenly fits its cells far worse than
   * moves could (default true; `Backtracking` in search.ts). A caller turns it off for readings so noisy that their
   * surprises are misreadings, not a game the beam dropped: there it costs most of the search and changes nothing.
   */
  readonly backtrack?: boolean;
  /**
   * Hears of every search the decode runs, with its lattice (evaluation tools: where the true game left the beam). The
   * decode is the same with it or without it; the lattice is the search's own and must not be changed.
   */
  readonly onSearch?: (search: SearchSeen) => void;
}

/** One search of a decode: the beam it ran with, the letters it read the cells in, and the lattice it made. */
export interface SearchSeen {
  /** narrow: the first search; wide: a game that looked lost; deep: a sheet read badly; rescue: a confirmed move no narrower beam plays. */
  readonly beam: 'narrow' | 'wide' | 'deep' | 'rescue';
  readonly language: LanguageCode;
  readonly lattice: Lattice;
}

export type { Rival } from './rival.js';
export type { Alternative, Remainder } from './ply-belief.js';

/** Why a move is on the review list. */
export type ReviewReason =
  /** Its confidence is below the review threshold. */
  | 'uncertain'
  /** What was read is not the move (corrections.ts): an arbiter confirms what the sheet does not say. */
  | 'corrected'
  /**
   * What was read (an ensemble's reading) is the move, but one of the ensemble's readers on its own reads the cell
   * as something that is not (`CellAccount.disputedBy`): a correction by that reader's lights.
   */
  | 'disputed'
  /** No sheet has a cell for it. */
  | 'unwritten'
  /**
   * The same cells read by another reader decode to another move here (or the game ends before it): set by a
   * caller that decodes twice and compares, such as `@zapis/ocr`'s cross-checked reading; the decoder never sets it.
   */
  | 'readers-differ'
  /**
   * Sent to review by the risk that the move is wrong, with no other reason of its own: much of its game is in doubt
   * (`@zapis/ocr`'s review by risk, which also lists every move of a game mostly on the list); the decoder never sets it.
   */
  | 'doubtful-sheet'
  /**
   * The deep search (`DecodeOptions.deepSearch`) found a likelier game than the first search, and the first search's
   * game has another move here (or ends before it): the searches differ, so a person looks.
   */
  | 'searches-differ'
  /**
   * A move the game as read held with no doubt, that a person's confirmation of another move changed (`@zapis/desk`):
   * the person sees it rather than have it change unseen; the decoder never sets it.
   */
  | 'changed';

/** How one sheet accounts for a half-move. */
export interface CellAccount {
  readonly sheet: number;
  readonly use: CellUse;
  /** Index of the cell holding the move, when one does. */
  readonly cell?: number;
  readonly text?: string;
  readonly source?: CellSource;
  /** The cell's reading is not the move, marks aside (corrections.ts): the decoder corrected it. */
  readonly corrected?: boolean;
  /** The cell's reading is the move, but one reader of an ensemble on its own calls it a correction ('disputed'). */
  readonly disputed?: boolean;
  /** What that reader reads in the cell, when it says ('' : nothing). */
  readonly disputedBy?: string;
  /** Every reader that disputes the move, by name (`CellWitness.reader`), when the readers are named. */
  readonly disputingReaders?: readonly string[];
}

export interface DecodedMove {
  /** 1-based: 1.e4 is ply 1. */
  readonly ply: number;
  readonly moveNumber: number;
  readonly side: 'white' | 'black';
  /** Standard English SAN. */
  readonly san: string;
  readonly uci: string;
  /** What any notation needs to write the move (for PGN or another language). */
  readonly description: MoveDescription;
  /** The position before the move. */
  readonly fen: string;
  /**
   * Posterior probability that this move (as SAN) is the one played at this ply (0..1). It, the alternatives'
   * probabilities and the remainder are one distribution: together they make 1, and no alternative is likelier.
   */
  readonly confidence: number;
  /** Other moves at this ply, likeliest first. */
  readonly alternatives: readonly Alternative[];
  /** Where the rest of the ply's probability is: games ending before it, other moves, a move outside the search. */
  readonly remainder: Remainder;
  /** A person should look: low confidence, a corrected reading, or nobody wrote the move. */
  readonly review: boolean;
  /** Why it is on the review list (empty when it is not). */
  readonly reviewReasons: readonly ReviewReason[];
  /** What was read is not this move (some cell's `corrected`): the texts are in `cells`. */
  readonly corrected: boolean;
  /** A person confirmed this move (`DecodeOptions.confirmed`): confidence 1, never on the review list. */
  readonly confirmed: boolean;
  /** The strongest rival of a move on the review list; none when the move was the only legal one. */
  readonly rival?: Rival;
  /** With the reason 'readers-differ': the move another reader's decoding has at this ply (absent: its game ends before). */
  readonly otherReading?: string;
  readonly cells: readonly CellAccount[];
}

export interface UnexplainedCell {
  readonly sheet: number;
  readonly cell: number;
  readonly text: string;
  readonly source?: CellSource;
  /** The ply after which the cell stands. */
  readonly afterPly: number;
}

/** Where the readings stop making sense (the rest could not be explained by any legal moves). */
export interface GameBreak {
  readonly ply: number;
  readonly sheet: number;
  readonly cell: number;
  readonly text: string;
  readonly source?: CellSource;
  readonly fen: string;
  readonly message: string;
}

export interface DecodedGame {
  readonly language: LanguageCode;
  /** log P(readings) under each language tried, best first. */
  readonly languageScores: readonly { readonly language: LanguageCode; readonly logEvidence: number }[];
  readonly moves: readonly DecodedMove[];
  /** Final position. */
  readonly fen: string;
  /** Plies (1-based) on the review list. */
  readonly review: readonly number[];
  /** Cells read as noise (holding no move). */
  readonly unexplained: readonly UnexplainedCell[];
  readonly break?: GameBreak;
  /** The factor the channel's misreading rates were scaled by for this sheet (1: as given; sheet-noise.ts). */
  readonly channelScale: number;
}

export interface DecodeError {
  readonly code: 'no-readings' | 'bad-fen' | 'bad-option' | 'confirmed-illegal';
  readonly message: string;
  /** The ply the error is at (`confirmed-illegal`: the confirmed move that cannot be played). */
  readonly ply?: number;
}

/** A search's breadth: hypotheses within `width` nats of the best, at most `size` a ply (`layoutSize` per layout). */
interface Beam {
  readonly width: number;
  readonly size: number;
  readonly layoutSize: number;
}

/** The second, wider search for games the first one seems to have lost. */
const WIDE_BEAM: Beam = { width: 14, size: 128, layoutSize: 10 };
/**
 * The search again for a sheet that reads badly (`DecodeOptions.deepSearch`): there the narrow beam fills with
 * combinations of a few old, unsettled doubts (a6 or e6, Rb8 or Re8, …) and drops the true game where it falls a
 * little behind, though it explains the sheet far better in the end. As narrow, 16 times as many hypotheses: more
 * of a lost game comes back the more it keeps, at a cost of seconds a sheet.
 */
const DEEP_BEAM: Beam = { width: 9, size: 1024, layoutSize: 64 };
/**
 * A sheet reads badly when its decoded game misfits more of its cells than the lost-game bar was tuned at
 * (`noiseScale` above 1: over 15% of its moves fit their cells a misreading worse than moves could). The deep
 * search is for such sheets and for games that look lost.
 */
const BADLY_READ = 1;
/**
 * The last search for a confirmed move neither beam could play: a move misread as another one far from it
 * (Qd3 read as Bd3) falls more than the wide beam's 14 nats behind, and every game that leads to the confirmed
 * move with it. Only a confirmed move nothing narrower plays pays for it (seconds on a long sheet read badly).
 */
const RESCUE_BEAM: Beam = { width: 30, size: 256, layoutSize: 10 };

/** The caller set the beam itself: no wider search of ours follows. */
const beamsGiven = (options: SearchOptions): boolean =>
  options.beamWidth !== undefined || options.beamSize !== undefined || options.layoutSize !== undefined;

interface LanguageRun {
  readonly language: LanguageCode;
  readonly lattice: Lattice;
  readonly channel: NoisyChannel;
  readonly channelScale: number;
  /** The sheets as prepared for `channel`, and the spelling priors searched with. */
  readonly prepared: readonly PreparedSheet[];
  readonly spelling: SpellingPriors;
  /** Searched with the wide beam already (a confirmed move the narrow one could not play): no wider search follows. */
  readonly searchedWide?: true;
}

interface BuiltGame {
  readonly game: DecodedGame;
  /** Per ply of the game, how much worse its move fits its cells than moves could (`Lattice.surprise`). */
  readonly surprises: readonly number[];
}

/** @internal The channel the options name, or the default one. */
export function channelOf(option: DecodeOptions['channel']): NoisyChannel {
  if (option instanceof NoisyChannel) return option;
  return option ? NoisyChannel.create(option) : defaultChannel();
}

let sharedDefaultChannel: NoisyChannel | undefined;
const defaultChannel = (): NoisyChannel => (sharedDefaultChannel ??= NoisyChannel.create(DEFAULT_CHANNEL_PARAMETERS));

/** Scaled channels by parameters and scale (rounded to SCALE_STEP: a few per channel). */
const scaledChannels = new WeakMap<ChannelParameters, Map<number, NoisyChannel>>();
const SCALE_STEP = 0.05;

function scaledChannel(channel: NoisyChannel, scale: number): { channel: NoisyChannel; scale: number } {
  const rounded = Number((Math.max(1, Math.round(scale / SCALE_STEP)) * SCALE_STEP).toFixed(2));
  let byScale = scaledChannels.get(channel.parameters);
  if (!byScale) scaledChannels.set(channel.parameters, (byScale = new Map()));
  let scaled = byScale.get(rounded);
  if (!scaled) byScale.set(rounded, (scaled = NoisyChannel.create(scaledChannelParameters(channel.parameters, rounded))));
  return { channel: scaled, scale: rounded };
}

/** How far a surprise reaches (plies either side; see STILL_LOST), and how many nats of it a correct move may show. */
const DOUBT_REACH = 0;
const DOUBT_ALLOWANCE = 7;

/** Per ply, the factor (0..1] a move's posterior is trusted by: small near a large surprise (search.ts). */
function searchDoubt(surprises: readonly number[], reach: number): number[] {
  return surprises.map((_, index) => {
    let worst = 0;
    for (let k = Math.max(0, index - reach); k <= Math.min(surprises.length - 1, index + reach); k++) worst = Math.max(worst, surprises[k]);
    return Math.exp(-Math.max(0, worst - DOUBT_ALLOWANCE));
  });
}

/**
 * The move's rival on the review list: the game ending here when that is likelier than any alternative, else the
 * likeliest alternative, else the best other legal move (`otherMove`), told on the same distribution as the move's
 * confidence (`probabilityOf`).
 */
function rivalOf(belief: ReturnType<typeof plyBelief>, otherMove: () => string | undefined, probabilityOf: (san: string) => number): Rival | undefined {
  const best = belief.alternatives[0];
  const { gameEnds } = belief.remainder;
  if (gameEnds >= GAME_END_RIVAL_PROBABILITY && gameEnds > (best?.probability ?? 0)) return { kind: 'game-ends', probability: gameEnds };
  if (best) return { kind: 'move', san: best.san, probability: best.probability };
  const other = otherMove();
  return other ? { kind: 'move', san: other, probability: probabilityOf(other) } : undefined;
}

function buildGame(start: Position, sheets: readonly Sheet[], run: LanguageRun, scores: DecodedGame['languageScores'], options: SearchOptions): BuiltGame {
  const { lattice, language } = run;
  backwardPass(lattice);
  const marginals = plyMarginals(lattice);
  // Moves are counted right one by one: the game with the most right on average, not the single likeliest.
  // Each move is told with a posterior in which no other move is likelier (settledPath).
  const { path, posteriors } = settledPath(lattice, expectedAccuracyPath(lattice, marginals), marginals);
  const surprises = path.map((edge) => lattice.surprise(edge));
  const lost = stillLost(surprises);
  const doubt = searchDoubt(surprises, lost ? STILL_LOST.reach : DOUBT_REACH);
  const threshold = options.reviewThreshold ?? DEFAULT_REVIEW_THRESHOLD;
  const alternativeCount = options.alternatives ?? 3;
  const confirmedPlies = new Set(options.confirmed?.keys() ?? []);
  const position = start.clone();
  const moves: DecodedMove[] = [];
  const unexplained: UnexplainedCell[] = [];
  path.forEach((edge, index) => {
    const ply = index + 1;
    const fen = makeFen(position);
    const side = position.turn;
    const moveNumber = position.fullmoves;
    const { san, description } = edge.candidate;
    const cells: CellAccount[] = edge.steps.map((step, sheet) => {
      for (const noise of step.noise) {
        const cell = sheets[sheet].cells[noise];
        unexplained.push({ sheet, cell: noise, text: cellText(cell), afterPly: ply - 1, ...(cell.source ? { source: cell.source } : {}) });
      }
      if (step.cell < 0) return { sheet, use: step.use };
      const cell = sheets[sheet].cells[step.cell];
      const following = step.use === 'split' ? sheets[sheet].cells[step.cell + 1] : undefined;
      const text = following ? `${cellText(cell)} ${cellText(following)}` : cellText(cell);
      const readings = following
        ? cell.readings.flatMap((first) => following.readings.map((second) => `${first.text}${second.text}`))
        : cell.readings.map((reading) => reading.text);
      const prepared = step.use === 'split' ? undefined : run.prepared[sheet]?.cells[step.cell];
      const scored = prepared?.score && prepared.ceiling !== undefined ? { score: prepared.score, ceiling: prepared.ceiling } : undefined;
      const corrected = scored
        ? isScoredCorrection(scored.score, scored.ceiling, description, language, options.scoredCorrectionMargin)
        : isCorrection(readings, description, language);
      // A reader of an ensemble that alone would call it a correction: the move goes to review as disputed.
      const objectors = scored && !corrected
        ? (cell.witnesses ?? []).filter((witness) => isScoredCorrection(witness.score, witness.ceiling, description, language, options.scoredCorrectionMargin))
        : [];
      const objecting = objectors[0];
      const named = objectors.every((witness) => witness.reader !== undefined);
      return {
        sheet, use: step.use, cell: step.cell, text, corrected,
        ...(objecting ? { disputed: true, ...(objecting.reads !== undefined ? { disputedBy: objecting.reads } : {}) } : {}),
        ...(objecting && named ? { disputingReaders: objectors.map((witness) => witness.reader as string) } : {}),
        ...(cell.source ? { source: cell.source } : {}),
      };
    });
    const seen = cells.some((account) => account.cell !== undefined);
    const corrected = cells.some((account) => account.corrected === true);
    const disputed = cells.some((account) => account.disputed === true);
    // The posterior holds only what the beam kept; where nothing it kept fits the readings, the true
    // game may have been dropped, so the move is trusted less. Not a move read as written (unless the
    // game still looks lost): its surprise is its prior's, which says nothing of a dropped game.
    const asWritten = seen && !corrected && !disputed && !lost;
    const confirmed = confirmedPlies.has(ply);
    // The doubt takes from every move of the ply alike: what it takes is a move outside the search (ply-belief.ts).
    const belief = plyBelief(posteriors[index] ?? [], san, alternativeCount, asWritten ? 1 : doubt[index]);
    const confidence = confirmed ? 1 : belief.probability;
    const reviewReasons: ReviewReason[] = confirmed ? [] : [
      ...(confidence < threshold ? ['uncertain' as const] : []),
      ...(corrected ? ['corrected' as const] : []),
      ...(disputed ? ['disputed' as const] : []),
      ...(seen ? [] : ['unwritten' as const]),
    ];
    const rival = reviewReasons.length > 0
      ? rivalOf(belief, () => bestOtherMove(position, edge.from.lastCaptureSquare, san, readTexts(cells), language, run.channel, options.movePrior, options.reuse),
        (other) => plyBelief(posteriors[index] ?? [], other, 0, asWritten ? 1 : doubt[index]).probability)
      : undefined;
    moves.push({
      ply, moveNumber, side, san, uci: edge.candidate.uci, description, fen, confidence,
      // A confirmed move is the move: nothing is left for another.
      alternatives: confirmed ? [] : belief.alternatives,
      remainder: confirmed ? NO_REMAINDER : belief.remainder,
      review: reviewReasons.length > 0,
      reviewReasons,
      corrected,
      confirmed,
      ...(rival ? { rival } : {}),
      cells,
    });
    position.playUnchecked(edge.candidate.move);
  });
  const final = lattice.bestFinal;
  let broken: GameBreak | undefined;
  if (final?.abandoned) {
    for (let sheet = 0; sheet < sheets.length && !broken; sheet++) {
      const pending = final.cursors[2 * sheet + 1];
      const cellIndex = pending >= 0 ? pending : final.cursors[2 * sheet];
      const cell = sheets[sheet].cells[cellIndex];
      if (!cell) continue;
      broken = {
        ply: path.length + 1, sheet, cell: cellIndex, text: cellText(cell), fen: makeFen(position),
        message: `no legal move explains '${cellText(cell)}' or the readings after it (ply ${path.length + 1}); the game breaks here`,
        ...(cell.source ? { source: cell.source } : {}),
      };
    }
  }
  const game: DecodedGame = {
    language,
    languageScores: scores,
    moves,
    fen: makeFen(position),
    review: moves.filter((move) => move.review).map((move) => move.ply),
    unexplained,
    ...(broken ? { break: broken } : {}),
    channelScale: run.channelScale,
  };
  return { game, surprises };
}

interface SearchSetup {
  readonly start: Position;
  readonly sheets: readonly Sheet[];
  readonly layout: LayoutPriors;
  readonly options: SearchOptions;
}

/** The search of one language with one channel (the beam as the options say, or `beam`). */
function searchRun(setup: SearchSetup, language: LanguageCode, channel: NoisyChannel, channelScale: number, beam?: Beam): LanguageRun {
  const { options, layout, sheets } = setup;
  const prepared = sheets.map((sheet) => prepareSheet(sheet, channel, layout));
  const spelling = adaptSpelling(sheets, spellingPriorsOf(language));
  const lattice = searchLattice(setup.start, prepared, {
    language, channel, layout, spelling,
    ...(options.movePrior ? { movePrior: options.movePrior } : {}),
    ...(options.confirmed && options.confirmed.size > 0 ? { confirmed: options.confirmed } : {}),
    ...(options.reuse ? { reuse: options.reuse } : {}),
    ...(options.backtrack === false ? { backtrack: false as const } : {}),
    ...(beam ? { beamWidth: beam.width, beamSize: beam.size, layoutSize: beam.layoutSize } : {
      ...(options.beamWidth !== undefined ? { beamWidth: options.beamWidth } : {}),
      ...(options.beamSize !== undefined ? { beamSize: options.beamSize } : {}),
      ...(options.layoutSize !== undefined ? { layoutSize: options.layoutSize } : {}),
    }),
  });
  options.onSearch?.({ beam: beam === undefined ? 'narrow' : beam === WIDE_BEAM ? 'wide' : beam === DEEP_BEAM ? 'deep' : 'rescue', language, lattice });
  return { language, lattice, channel, channelScale, prepared, spelling };
}

/**
 * The deep search's game with every move the first search decoded otherwise (or not at all) on the review list
 * ('searches-differ'), the first search's move as its rival when it has none: the deep game is the likelier, but
 * where two searches of the same readings part, the sheet does not settle the move.
 */
function withSearchesDiffering(game: DecodedGame, first: DecodedGame): DecodedGame {
  const moves = game.moves.map((move, index): DecodedMove => {
    const other = first.moves[index];
    if (move.confirmed || other?.san === move.san) return move;
    // Its probability is the deep search's, as the move's confidence is (0: the deep search kept nothing of it worth listing).
    const kept = other ? move.alternatives.find((alternative) => alternative.san === other.san)?.probability ?? 0 : 0;
    const rival: Rival | undefined = move.rival ?? (other ? { kind: 'move', san: other.san, probability: kept } : undefined);
    return { ...move, review: true, reviewReasons: [...move.reviewReasons, 'searches-differ'], ...(rival ? { rival } : {}) };
  });
  return { ...game, moves, review: moves.filter((move) => move.review).map((move) => move.ply) };
}

/**
 * Decodes with the language's run already searched; searches once more, wider, when the game looks lost.
 * Returns the game and the run it was built from.
 */
function decodeRun(setup: SearchSetup, run: LanguageRun, scores: DecodedGame['languageScores']): { game: DecodedGame; run: LanguageRun } {
  const { options } = setup;
  const built = buildGame(setup.start, setup.sheets, run, scores, options);
  if (run.searchedWide || beamsGiven(options)) return { game: built.game, run };
  // A move a person confirmed explains its own cells' misfit: it is no sign the beam lost the game.
  const confirmed = options.confirmed;
  const surprises = confirmed ? built.surprises.map((surprise, index) => (confirmed.has(index + 1) ? 0 : surprise)) : built.surprises;
  const lost = looksLost(built.game, surprises);
  const deep = options.deepSearch === true && (lost || noiseScale(surprises) > BADLY_READ);
  if (!deep && (!lost || options.searchWideWhenLost === false)) {
    // Searched only to be kept (SearchCache.primeWideSearch): the game stays the narrow search's.
    if (options.reuse?.searchesWideToo) searchRun(setup, run.language, run.channel, run.channelScale, WIDE_BEAM);
    return { game: built.game, run };
  }
  // The beam may have dropped the true game at a badly read stretch: search again, wider or deeper, and keep
  // whichever search explains the readings with the likelier game.
  let kept = run;
  let keptDeep = false;
  for (const beam of [...(lost ? [WIDE_BEAM] : []), ...(deep ? [DEEP_BEAM] : [])]) {
    const retry = searchRun(setup, run.language, run.channel, run.channelScale, beam);
    if (retry.lattice.bestScore > kept.lattice.bestScore) {
      kept = retry;
      keptDeep = beam === DEEP_BEAM;
    }
  }
  if (kept === run) return { game: built.game, run };
  const game = buildGame(setup.start, setup.sheets, kept, scores, options).game;
  return { game: keptDeep ? withSearchesDiffering(game, built.game) : game, run: kept };
}

/**
 * Decodes one game from one sheet, or from both players' sheets (two readings
 * of every half-move, decoded jointly).
 */
export function decodeSheets(input: Sheet | readonly Sheet[], options: DecodeOptions = {}): Result<DecodedGame, DecodeError> {
  return withTextReview(searchSheets(input, options), input);
}

/** `decodeSheets` with the search's own settings (SearchOptions). */
export function searchSheets(input: Sheet | readonly Sheet[], options: SearchOptions = {}): Result<DecodedGame, DecodeError> {
  const given: readonly Sheet[] = Array.isArray(input) ? input : [input as Sheet];
  const readSheets = readCellsOf(given);
  if (readSheets.length === 0 || readSheets.every((sheet) => sheet.cells.length === 0)) {
    return err({ code: 'no-readings', message: 'no readings to decode' });
  }
  if (readSheets.length > 2) return err({ code: 'bad-option', message: 'at most two sheets (White’s and Black’s) per game' });
  let start = initialPosition();
  if (options.fen !== undefined) {
    const parsed = parseFen(options.fen);
    if (!parsed.ok) return err({ code: 'bad-fen', message: `bad starting position: ${parsed.error.message}` });
    start = parsed.value;
  }
  const badConfirmed = badConfirmation(options.confirmed);
  if (badConfirmed) return err({ code: 'bad-option', message: badConfirmed });
  const channel = channelOf(options.channel);
  const { sheets, languages } = searchLanguages(readSheets, options);
  const setup: SearchSetup = { start, sheets, layout: options.layout ?? DEFAULT_LAYOUT, options };
  const widen = !beamsGiven(options) && options.widenForConfirmed !== false;
  const runs = languages.map((language): LanguageRun => {
    // The narrow beam may have dropped every game that leads to a confirmed move (a badly read stretch before
    // it): a person's move is refused only when the wider searches cannot play it either.
    let run = searchRun(setup, language, channel, 1);
    for (const beam of widen ? [WIDE_BEAM, RESCUE_BEAM] : []) {
      if (!unplayedConfirmation(options.confirmed, run.lattice.plies.length - 1)) break;
      const wider = searchRun(setup, language, channel, 1, beam);
      if (wider.lattice.plies.length > run.lattice.plies.length) run = { ...wider, searchedWide: true as const };
    }
    return run;
  });
  runs.sort((a, b) => withPrintedLanguage(b, options) - withPrintedLanguage(a, options));
  const scores = runs.map((run) => ({ language: run.language, logEvidence: run.lattice.logEvidence }));
  const unplayed = unplayedConfirmation(options.confirmed, runs[0].lattice.plies.length - 1);
  if (unplayed) return err(confirmedIllegal(unplayed, start));
  const { game, run } = decodeRun(setup, runs[0], scores);
  // A sheet that reads more cleanly than the channel expects: the lattice weighed again with the channel
  // it shows; only when some move is in doubt (a sharper channel makes moves surer, nothing else changes).
  // Scored cells (images) have no noisy channel to sharpen.
  const scored = sheets.some((sheet) => sheet.cells.some((cell) => cell.score !== undefined));
  if (scored || options.adaptToSheet === false || !game.moves.some((move) => move.reviewReasons.includes('uncertain'))) return ok(game);
  // A game the deep search changed reads too noisily to be sharpened (and its 'searches-differ' marks stay).
  if (game.moves.some((move) => move.reviewReasons.includes('searches-differ'))) return ok(game);
  const scale = noiseScaleOf(readingErrors(game, sheets), channel.parameters);
  if (scale >= SHEET_NOISE.rescaleBelow) return ok(game);
  const sharper = scaledChannel(run.channel, scale);
  // Rescoring changes the lattice's nodes in place: a later search must not go on from them.
  options.reuse?.forgetSearch(run.lattice);
  const prepared = sheets.map((sheet) => prepareSheet(sheet, sharper.channel, setup.layout));
  const lattice = rescoreLattice(run.lattice, {
    language: run.language, spelling: run.spelling,
    before: { channel: run.channel, sheets: run.prepared }, after: { channel: sharper.channel, sheets: prepared },
  });
  const rescored: LanguageRun = { ...run, lattice, channel: sharper.channel, channelScale: sharper.scale, prepared };
  return ok(buildGame(start, sheets, rescored, scores, options).game);
}

/**
 * A sheet is filled in the letters it was printed in this many times as often as in any other: a prior on the
 * language, weaker than what a game's worth of piece letters shows.
 */
export const PRINTED_LANGUAGE_ODDS = 20;

/** A language run's evidence with the prior of the sheet's printed language. */
const withPrintedLanguage = (run: LanguageRun, options: DecodeOptions): number =>
  run.lattice.logEvidence + (run.language === options.printedLanguage ? Math.log(PRINTED_LANGUAGE_ODDS) : 0);

/** The error for a confirmed move no game the readings allow can play at its ply. */
function confirmedIllegal(unplayed: { ply: number; san: string }, start: Position): DecodeError {
  // Plies count from the starting position: its side to move plays ply 1.
  const index = unplayed.ply - 1 + (start.turn === 'black' ? 1 : 0);
  const moveNumber = start.fullmoves + Math.floor(index / 2);
  const written = `${moveNumber}${index % 2 === 0 ? '.' : '...'} ${unplayed.san}`;
  return {
    code: 'confirmed-illegal', ply: unplayed.ply,
    message: `the confirmed move ${written} (ply ${unplayed.ply}) cannot be played: it is not legal after any game the readings and the other confirmed moves allow before it`,
  };
}

export interface DecodedTranscription {
  readonly index: number;
  readonly line: number;
  readonly tags: Readonly<Record<string, string>>;
  readonly result?: string;
  readonly decoded: Result<DecodedGame, DecodeError>;
}

/** Decodes every game of a transcription's text. */
export function decodeText(text: string, options: DecodeOptions = {}): DecodedTranscription[] {
  return parseTranscription(text).map((game) => ({
    index: game.index,
    line: game.line,
    tags: game.tags,
    ...(game.result ? { result: game.result } : {}),
    decoded: decodeSheets(game.sheet, options),
  }));
}
