/**
 * A decoded game as PGN export format (standard SAN). A move whose reading
 * was corrected carries what was read (`{read: Hd1}`); a move a person should
 * look at carries why, its confidence, its strongest rival and where the
 * rest of the probability is, so that what it names sums to 1
 * (`{review: corrected; confidence 0.60; or Qd8 (0.30), a move the search did not keep (0.10)}`);
 * a move a person confirmed says so (`{confirmed by a person}`).
 */
import { writePgn, type ResultText, type WritableMove } from '@zapis/notation';
import type { DecodedGame, DecodedMove, ReviewReason } from './decode.js';

export interface DecodedPgnOptions {
  readonly tags?: Readonly<Record<string, string>>;
  readonly result?: string;
  /** Comments before the first move (after the decoder's own, e.g. where the game breaks). */
  readonly comments?: readonly string[];
  /** How to name each reader of an ensemble in a dispute (`CellWitness.reader` → a name); unnamed readers stay "one reader". */
  readonly readerNames?: ReaderNames;
}

/** Readers' names for review comments, by `CellWitness.reader` (e.g. `{ 'pp-ocr': 'PP-OCR' }`). */
export type ReaderNames = Readonly<Record<string, string>>;

/** The comment on a move a person confirmed. */
export const CONFIRMED_COMMENT = 'confirmed by a person';

const RESULTS: readonly string[] = ['1-0', '0-1', '1/2-1/2', '*'];

const REASONS: Readonly<Record<ReviewReason, string>> = {
  uncertain: 'uncertain',
  corrected: 'corrected',
  disputed: 'one reader alone reads another move',
  unwritten: 'not written on the sheet',
  'readers-differ': 'the other reader reads another move here',
  'doubtful-sheet': 'much of this sheet is in doubt',
  'searches-differ': 'a second, deeper search decodes another move here',
  changed: 'changed when another move was confirmed',
};

const probabilityText = (probability: number): string => (probability > 0 && probability < 0.005 ? '<0.01' : probability.toFixed(2));

/** What was read for a corrected move: `read: Hd1`, or with two sheets `read: Hd1 (sheet 1)`. */
export function readComment(move: DecodedMove): string | undefined {
  const corrected = move.cells.filter((cell) => cell.corrected === true && cell.text !== undefined);
  if (corrected.length === 0) return undefined;
  const several = move.cells.length > 1;
  return `read: ${corrected.map((cell) => `${cell.text}${several ? ` (sheet ${cell.sheet + 1})` : ''}`).join(', ')}`;
}

/** A share of a ply's probability that prints as 0.00 says nothing. */
const SAID = 0.005;

/**
 * Where the rest of a move's probability is, each part that prints as 0.01 or more: `other moves (0.02)`,
 * `the game ends before it (0.03)` (unless the rival says so), `a move the search did not keep (0.97)`.
 */
function remainderTexts(move: DecodedMove): string[] {
  const { gameEnds, otherMoves, outsideSearch } = move.remainder;
  const parts: [string, number][] = [
    ['other moves', otherMoves],
    ...(move.rival?.kind === 'game-ends' ? [] : [['the game ends before it', gameEnds] as [string, number]]),
    ['a move the search did not keep', outsideSearch],
  ];
  return parts.filter(([, probability]) => probability >= SAID).map(([text, probability]) => `${text} (${probabilityText(probability)})`);
}

/**
 * The rival, the other alternatives and the rest, strongest first: `or Qc6 (0.02), Qa6 (<0.01)`, `or the game ends
 * before it (0.03)`, `or Nf3 (0.00), a move the search did not keep (0.97)`.
 */
export function rivalText(move: DecodedMove): string {
  const rival = move.rival;
  const rest = remainderTexts(move);
  // The only legal move here: what is left is a game that went otherwise before.
  if (!rival) return `the only legal move${rest.length > 0 ? `, unless the game went otherwise before (${probabilityText(1 - move.confidence)})` : ''}`;
  const others = move.alternatives.filter((alternative) => rival.kind !== 'move' || alternative.san !== rival.san)
    .map((alternative) => `${alternative.san} (${probabilityText(alternative.probability)})`);
  const first = rival.kind === 'move' ? `${rival.san} (${probabilityText(rival.probability)})` : `the game ends before it (${probabilityText(rival.probability)})`;
  return `or ${[first, ...others, ...rest].join(', ')}`;
}

/** What another reader's decoding has here: `the other reader reads Be7`. */
function otherReadingText(move: DecodedMove): string {
  return move.otherReading === undefined ? 'the other reader\u2019s game ends before this move' : `the other reader reads ${move.otherReading}`;
}

/**
 * What one reader of an ensemble reads on its own where it disputes the move: `one reader alone reads SB` (or
 * `nothing`); with `names` for every disputing reader, who: `PP-OCR alone reads SB`, `A and B alone read SB`.
 */
function disputedText(move: DecodedMove, names: ReaderNames | undefined): string {
  const disputing = move.cells.filter((cell) => cell.disputedBy !== undefined);
  const texts = [...new Set(disputing.map((cell) => cell.disputedBy || 'nothing'))];
  if (texts.length === 0) return REASONS.disputed;
  const readers = [...new Set(disputing.flatMap((cell) => cell.disputingReaders ?? []))];
  const named = names !== undefined && readers.length > 0 && disputing.every((cell) => (cell.disputingReaders ?? []).length > 0)
    && readers.every((reader) => names[reader] !== undefined);
  if (!named) return `one reader alone reads ${texts.join(', ')}`;
  return `${readers.map((reader) => names[reader]).join(' and ')} alone ${readers.length > 1 ? 'read' : 'reads'} ${texts.join(', ')}`;
}

/** The comment written after a move on the review list; `readerNames` names the readers of a dispute. */
export function reviewComment(move: DecodedMove, readerNames?: ReaderNames): string {
  const reasons = move.reviewReasons.map((reason) => (reason === 'readers-differ' ? otherReadingText(move)
    : reason === 'disputed' ? disputedText(move, readerNames) : REASONS[reason])).join(', ');
  const rival = rivalIsOtherReading(move) ? '' : `; ${rivalText(move)}`;
  return `review: ${reasons || 'flagged'}; confidence ${move.confidence.toFixed(2)}${rival}`;
}

/**
 * The rival is only the other reader's move (or its game ending), already named among the reasons, and has no
 * probability worth a number: nothing is left unsaid without it.
 */
function rivalIsOtherReading(move: DecodedMove): boolean {
  const rival = move.rival;
  if (!rival || !move.reviewReasons.includes('readers-differ') || rival.probability >= SAID || remainderTexts(move).length > 0) return false;
  const same = rival.kind === 'move' ? rival.san === move.otherReading : move.otherReading === undefined;
  return same && move.alternatives.every((alternative) => rival.kind === 'move' && alternative.san === rival.san);
}

export function decodedGamePgn(game: DecodedGame, options: DecodedPgnOptions = {}): string {
  const moves: WritableMove[] = game.moves.map((move) => {
    const read = readComment(move);
    const comments = [...(read ? [read] : []), ...(move.review ? [reviewComment(move, options.readerNames)] : []), ...(move.confirmed ? [CONFIRMED_COMMENT] : [])];
    return { description: move.description, ...(comments.length > 0 ? { comments } : {}) };
  });
  const result = options.result && RESULTS.includes(options.result) ? (options.result as ResultText) : undefined;
  const comments = [...(game.break ? [`decode: ${game.break.message}`] : []), ...(options.comments ?? [])];
  return writePgn({
    tags: { ...(options.tags ?? {}), ...(result ? { Result: result } : {}) },
    comments,
    moves,
    ...(result ? { result } : {}),
  });
}
