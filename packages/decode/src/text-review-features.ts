/**
 * What the risk that a doubted move of a transcription is wrong is computed from (text-review-risk.ts): how sure
 * the decoder is of it and of its rival; how far what was read is from the move, and from the other legal moves
 * (a one-glyph slip that only this move explains, a reading another legal move explains as well, or one naming
 * the square another legal move goes to); and the doubt around it, nearby and over the whole game.
 */
import { englishSan } from '@zapis/core/internal';
import { parseFen, squareName, type MoveDescription } from '@zapis/core';
import type { LanguageCode } from '@zapis/notation';
import { distance } from 'fastest-levenshtein';
import { describeLegalMoves } from './candidate-moves.js';
import { readingContent, writtenContents } from './corrections.js';
import type { DecodedGame, DecodedMove } from './decode.js';

/** The features, in the model's order. */
export const TEXT_REVIEW_FEATURES = [
  'log(1 - confidence)',
  'log(probability of the rival)',
  'glyphs between the reading and the move',
  'other legal moves as near the reading as the move',
  'glyphs between the reading and the nearest other legal move, beyond those to the move',
  'the reading names another legal move’s square, not the move’s',
  'log(1 - lowest confidence two plies either side)',
  'share of the game’s moves the decoder doubts',
] as const;

/** Edit distances beyond this say nothing more (a reading that far off is explained by no move in particular). */
const FARTHEST = 4;
/** Probabilities are floored here before their logarithm: the decoder's posteriors round to 1 below it. */
const SMALLEST = 1e-5;
/** How many plies either side make a move's neighbourhood. */
const NEAR = 2;

const logOf = (probability: number): number => Math.log(Math.max(SMALLEST, probability));

/** The strongest rival's probability: the search's likeliest other move, or the game ending before it. */
function rivalProbability(move: DecodedMove): number {
  return Math.max(move.rival?.probability ?? 0, move.alternatives[0]?.probability ?? 0);
}

/** How what was read relates to the legal moves of the position (a cell's reading, spaces and marks aside). */
interface ReadingFit {
  /** Glyphs between the reading and the nearest way of writing the move. */
  readonly toMove: number;
  /** Other legal moves the reading is as near to (or nearer). */
  readonly asNear: number;
  /** Glyphs between the reading and the nearest way of writing any other legal move. */
  readonly toOther: number;
  /** The reading ends in a square, not the move's, that another legal move goes to. */
  readonly otherSquare: boolean;
}

const SQUARE = /[a-h][1-8]/g;

function nearestWriting(content: string, description: MoveDescription, language: LanguageCode): number {
  let nearest = FARTHEST;
  for (const written of writtenContents(description, language)) nearest = Math.min(nearest, distance(content, written));
  return nearest;
}

function readingFit(text: string, chosen: MoveDescription, others: readonly MoveDescription[], language: LanguageCode): ReadingFit {
  const content = readingContent(text);
  const toMove = nearestWriting(content, chosen, language);
  let asNear = 0;
  let toOther = FARTHEST;
  for (const other of others) {
    const near = nearestWriting(content, other, language);
    if (near <= toMove) asNear++;
    toOther = Math.min(toOther, near);
  }
  const squares = content.match(SQUARE);
  const lastSquare = squares?.[squares.length - 1];
  const otherSquare = chosen.castle === undefined && lastSquare !== undefined && lastSquare !== squareName(chosen.to)
    && others.some((other) => squareName(other.to) === lastSquare);
  return { toMove, asNear, toOther, otherSquare };
}

/** The worst-read cell's fit (the one farthest from the move); none when no sheet wrote the move. */
function moveFit(move: DecodedMove, language: LanguageCode): ReadingFit | undefined {
  const texts = move.cells.flatMap((cell) => (cell.text !== undefined ? [cell.text.replace(/\s+/g, '')] : []));
  if (texts.length === 0) return undefined;
  const position = parseFen(move.fen);
  if (!position.ok) return undefined;
  const legal = describeLegalMoves(position.value);
  const chosen = legal.find((description) => englishSan(description) === move.san);
  if (!chosen) return undefined;
  const others = legal.filter((description) => description !== chosen);
  return texts.map((text) => readingFit(text, chosen, others, language))
    .reduce((worst, fit) => (fit.toMove > worst.toMove ? fit : worst));
}

/**
 * Each move's features (TEXT_REVIEW_FEATURES order), for the moves `wanted` says (the others get none: working out
 * how a reading fits every legal move is for the moves the decoder doubts).
 */
export function textReviewFeatures(game: DecodedGame, wanted: (move: DecodedMove, index: number) => boolean): (number[] | undefined)[] {
  const moves = game.moves;
  const doubted = moves.filter((move) => move.reviewReasons.length > 0).length / Math.max(1, moves.length);
  return moves.map((move, index) => {
    if (!wanted(move, index)) return undefined;
    const fit = moveFit(move, game.language);
    let lowest = 1;
    for (let k = Math.max(0, index - NEAR); k <= Math.min(moves.length - 1, index + NEAR); k++) {
      if (k !== index) lowest = Math.min(lowest, moves[k].confidence);
    }
    return [
      logOf(1 - move.confidence),
      logOf(rivalProbability(move)),
      fit?.toMove ?? 0,
      fit?.asNear ?? 0,
      fit ? fit.toOther - fit.toMove : 0,
      fit?.otherSquare ? 1 : 0,
      logOf(1 - lowest),
      doubted,
    ];
  });
}
