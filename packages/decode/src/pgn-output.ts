/**
 * A decoded game as PGN export format (standard SAN), with a comment on each
 * move a person should look at: its confidence and the alternatives.
 */
import { writePgn, type ResultText, type WritableMove } from '@zapis/notation';
import type { DecodedGame, DecodedMove } from './decode.js';

export interface DecodedPgnOptions {
  readonly tags?: Readonly<Record<string, string>>;
  readonly result?: string;
}

const RESULTS: readonly string[] = ['1-0', '0-1', '1/2-1/2', '*'];

/** The comment written after a doubtful move. */
export function reviewComment(move: DecodedMove): string {
  const alternatives = move.alternatives.map((alternative) => `${alternative.san} ${alternative.probability.toFixed(2)}`).join(', ');
  const unwritten = move.cells.every((cell) => cell.cell === undefined) ? '; not written on the sheet' : '';
  return `review: confidence ${move.confidence.toFixed(2)}${alternatives ? `; alternatives ${alternatives}` : ''}${unwritten}`;
}

export function decodedGamePgn(game: DecodedGame, options: DecodedPgnOptions = {}): string {
  const moves: WritableMove[] = game.moves.map((move) => ({
    description: move.description,
    ...(move.review ? { comments: [reviewComment(move)] } : {}),
  }));
  const result = options.result && RESULTS.includes(options.result) ? (options.result as ResultText) : undefined;
  const comments = game.break ? [`decode: ${game.break.message}`] : [];
  return writePgn({
    tags: { ...(options.tags ?? {}), ...(result ? { Result: result } : {}) },
    comments,
    moves,
    ...(result ? { result } : {}),
  });
}
