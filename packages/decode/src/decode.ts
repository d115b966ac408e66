/**
 * The decoder's front door: sheets of readings (or a transcription's text) to
 * the likeliest legal game, each half-move with its posterior confidence, its
 * alternatives and a review flag; the language that explains the readings
 * best; and, when nothing legal explains them, where the game breaks.
 */
import { err, initialPosition, makeFen, ok, parseFen, type MoveDescription, type Position, type Result } from '@zapis/core';
import type { LanguageCode } from '@zapis/notation';
import {
  DEFAULT_CHANNEL_PARAMETERS, DEFAULT_LAYOUT, DEFAULT_REVIEW_THRESHOLD, type ChannelParameters, type LayoutPriors,
} from './channel-parameters.js';
import { NoisyChannel } from './channel.js';
import { languageCandidates } from './language-candidates.js';
import { looksLost, stillLost, STILL_LOST } from './lost-game.js';
import type { MovePriorWeights } from './move-prior.js';
import { backwardPass, expectedAccuracyPath, plyMarginals, type MoveProbability } from './posterior.js';
import { prepareSheet } from './prepared-sheet.js';
import { cellText, type CellSource, type Sheet } from './readings.js';
import { searchLattice, type CellUse, type Lattice } from './search.js';
import { parseTranscription } from './transcription.js';
import { adaptSpelling } from './spelling-habits.js';
import { spellingPriorsOf } from './spellings.js';

export interface DecodeOptions {
  /** The sheets' language, or 'auto' (default) to try the likely ones and keep the best. */
  readonly language?: LanguageCode | 'auto';
  /** Languages 'auto' may choose from (default: ranked from the piece letters used). */
  readonly languages?: readonly LanguageCode[];
  /** Channel parameters (e.g. from fitChannel) or a channel built from them. */
  readonly channel?: ChannelParameters | NoisyChannel;
  readonly layout?: LayoutPriors;
  readonly movePrior?: MovePriorWeights;
  /** Moves with a confidence below this go on the review list (default DEFAULT_REVIEW_THRESHOLD, 0.99). */
  readonly reviewThreshold?: number;
  /** Starting position (default: the initial position). */
  readonly fen?: string;
  /** Search breadth: hypotheses within `beamWidth` nats of the best, at most `beamSize` per ply. */
  readonly beamWidth?: number;
  readonly beamSize?: number;
  /** At most this many hypotheses per layout of the cells (which cell comes next on each sheet). */
  readonly layoutSize?: number;
  /** How many alternatives each move lists (default 3). */
  readonly alternatives?: number;
}

export interface Alternative {
  readonly san: string;
  readonly probability: number;
}

/** How one sheet accounts for a half-move. */
export interface CellAccount {
  readonly sheet: number;
  readonly use: CellUse;
  /** Index of the cell holding the move, when one does. */
  readonly cell?: number;
  readonly text?: string;
  readonly source?: CellSource;
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
  /** Posterior probability that this is the move played at this ply (0..1). */
  readonly confidence: number;
  /** Other moves at this ply, likeliest first. */
  readonly alternatives: readonly Alternative[];
  /** A person should look: low confidence, or nobody wrote the move. */
  readonly review: boolean;
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
}

export interface DecodeError {
  readonly code: 'no-readings' | 'bad-fen' | 'bad-option';
  readonly message: string;
}

/** The second, wider search for games the first one seems to have lost. */
const WIDE_BEAM = { width: 14, size: 128, layoutSize: 10 } as const;

interface LanguageRun {
  readonly language: LanguageCode;
  readonly lattice: Lattice;
}

interface BuiltGame {
  readonly game: DecodedGame;
  /** Per ply of the game, how much worse its move fits its cells than moves could (`Lattice.surprise`). */
  readonly surprises: readonly number[];
}

function channelOf(option: DecodeOptions['channel']): NoisyChannel {
  if (option instanceof NoisyChannel) return option;
  return option ? NoisyChannel.create(option) : defaultChannel();
}

let sharedDefaultChannel: NoisyChannel | undefined;
const defaultChannel = (): NoisyChannel => (sharedDefaultChannel ??= NoisyChannel.create(DEFAULT_CHANNEL_PARAMETERS));

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

/** Other moves at a ply, likeliest first, one per SAN (paths through different positions may write the same move). */
function alternativesOf(marginals: readonly MoveProbability[], chosen: string, count: number): Alternative[] {
  const bySan = new Map<string, number>();
  for (const entry of marginals) if (entry.san !== chosen) bySan.set(entry.san, (bySan.get(entry.san) ?? 0) + entry.probability);
  return [...bySan].filter(([, probability]) => probability >= 0.001).sort((a, b) => b[1] - a[1]).slice(0, count)
    .map(([san, probability]) => ({ san, probability }));
}

function buildGame(start: Position, sheets: readonly Sheet[], run: LanguageRun, scores: DecodedGame['languageScores'], options: DecodeOptions): BuiltGame {
  const { lattice } = run;
  backwardPass(lattice);
  const marginals = plyMarginals(lattice);
  // Moves are counted right one by one: the game with the most right on average, not the single likeliest.
  const path = expectedAccuracyPath(lattice, marginals);
  const surprises = path.map((edge) => lattice.surprise(edge));
  const doubt = searchDoubt(surprises, stillLost(surprises) ? STILL_LOST.reach : DOUBT_REACH);
  const threshold = options.reviewThreshold ?? DEFAULT_REVIEW_THRESHOLD;
  const alternativeCount = options.alternatives ?? 3;
  const position = start.clone();
  const moves: DecodedMove[] = [];
  const unexplained: UnexplainedCell[] = [];
  path.forEach((edge, index) => {
    const ply = index + 1;
    const fen = makeFen(position);
    const side = position.turn;
    const moveNumber = position.fullmoves;
    const here = marginals[index] ?? [];
    const chosen = here.find((entry) => entry.uci === edge.candidate.uci && entry.san === edge.candidate.san);
    // The posterior holds only what the beam kept; where nothing it kept fits the readings, the true
    // game may have been dropped, so the move is trusted less.
    const confidence = Math.min(1, Math.max(0, (chosen?.probability ?? 0) * doubt[index]));
    const cells: CellAccount[] = edge.steps.map((step, sheet) => {
      for (const noise of step.noise) {
        const cell = sheets[sheet].cells[noise];
        unexplained.push({ sheet, cell: noise, text: cellText(cell), afterPly: ply - 1, ...(cell.source ? { source: cell.source } : {}) });
      }
      if (step.cell < 0) return { sheet, use: step.use };
      const cell = sheets[sheet].cells[step.cell];
      const text = step.use === 'split' ? `${cellText(cell)} ${cellText(sheets[sheet].cells[step.cell + 1])}` : cellText(cell);
      return { sheet, use: step.use, cell: step.cell, text, ...(cell.source ? { source: cell.source } : {}) };
    });
    const seen = cells.some((account) => account.cell !== undefined);
    moves.push({
      ply, moveNumber, side, san: edge.candidate.san, uci: edge.candidate.uci, description: edge.candidate.description, fen, confidence,
      alternatives: alternativesOf(here, edge.candidate.san, alternativeCount),
      review: confidence < threshold || !seen,
      cells,
    });
    position.play(edge.candidate.move);
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
    language: run.language,
    languageScores: scores,
    moves,
    fen: makeFen(position),
    review: moves.filter((move) => move.review).map((move) => move.ply),
    unexplained,
    ...(broken ? { break: broken } : {}),
  };
  return { game, surprises };
}

/**
 * Decodes one game from one sheet, or from both players' sheets (two readings
 * of every half-move, decoded jointly).
 */
export function decodeSheets(input: Sheet | readonly Sheet[], options: DecodeOptions = {}): Result<DecodedGame, DecodeError> {
  const given: readonly Sheet[] = Array.isArray(input) ? input : [input as Sheet];
  const sheets = given.map((sheet) => ({ ...sheet, cells: sheet.cells.filter((cell) => cell.readings.some((reading) => reading.text.trim() !== '')) }));
  if (sheets.length === 0 || sheets.every((sheet) => sheet.cells.length === 0)) {
    return err({ code: 'no-readings', message: 'no readings to decode' });
  }
  if (sheets.length > 2) return err({ code: 'bad-option', message: 'at most two sheets (White’s and Black’s) per game' });
  let start = initialPosition();
  if (options.fen !== undefined) {
    const parsed = parseFen(options.fen);
    if (!parsed.ok) return err({ code: 'bad-fen', message: `bad starting position: ${parsed.error.message}` });
    start = parsed.value;
  }
  const channel = channelOf(options.channel);
  const layout = options.layout ?? DEFAULT_LAYOUT;
  const prepared = sheets.map((sheet) => prepareSheet(sheet, channel, layout));
  const languages = options.language && options.language !== 'auto'
    ? [options.language]
    : options.languages && options.languages.length > 0 ? [...options.languages] : languageCandidates(sheets);
  const runs: LanguageRun[] = [];
  for (const language of languages) {
    const lattice = searchLattice(start, prepared, {
      language, channel, layout, spelling: adaptSpelling(sheets, spellingPriorsOf(language)),
      ...(options.movePrior ? { movePrior: options.movePrior } : {}),
      ...(options.beamWidth !== undefined ? { beamWidth: options.beamWidth } : {}),
      ...(options.beamSize !== undefined ? { beamSize: options.beamSize } : {}),
      ...(options.layoutSize !== undefined ? { layoutSize: options.layoutSize } : {}),
    });
    runs.push({ language, lattice });
  }
  runs.sort((a, b) => b.lattice.logEvidence - a.lattice.logEvidence);
  const scores = runs.map((run) => ({ language: run.language, logEvidence: run.lattice.logEvidence }));
  const built = buildGame(start, sheets, runs[0], scores, options);
  if (options.beamWidth !== undefined || options.beamSize !== undefined || options.layoutSize !== undefined || !looksLost(built.game, built.surprises)) return ok(built.game);
  // The beam may have dropped the true game at a badly read stretch: search once more, wider, and keep
  // whichever explains the readings with the likelier game.
  const language = runs[0].language;
  const wide = searchLattice(start, prepared, {
    language, channel, layout, spelling: adaptSpelling(sheets, spellingPriorsOf(language)),
    ...(options.movePrior ? { movePrior: options.movePrior } : {}),
    beamWidth: WIDE_BEAM.width, beamSize: WIDE_BEAM.size, layoutSize: WIDE_BEAM.layoutSize,
  });
  if (wide.bestScore <= runs[0].lattice.bestScore) return ok(built.game);
  return ok(buildGame(start, sheets, { language, lattice: wide }, scores, options).game);
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
