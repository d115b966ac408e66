/**
 * When a decoded game looks like one the beam search lost (the true game dropped at a badly read
 * stretch), from how much worse its moves fit their cells than moves could (`Lattice.surprise`, one
 * value per ply): whether to search again wider, and whether its posteriors deserve less trust.
 */
import type { DecodedGame } from './decode.js';

/**
 * A move of the decoded game that fits its cells this many nats worse than the best any move could
 * (`Lattice.surprise`) says the beam most likely dropped the true game before it: a misreading made
 * another legal move, and nothing the beam kept fits the cells after it. A higher bar leaves more lost
 * games to confidently wrong moves; a lower one searches more games again.
 */
export const LOST_SURPRISE = 9;

/**
 * A decoded game with at least `count` moves that each fit their cells more than `surprise` nats worse
 * than moves could comes from a lattice that most likely lacks the true game near them (one such move
 * is an unlucky misreading; several are a game the beam lost, which the wide search did not find
 * either). Its posteriors are conditional on what the beam kept, so each such move's doubt reaches
 * `reach` plies either side: the misreading that lost the game comes a few plies before the surprise.
 */
export const STILL_LOST = { surprise: 8, count: 3, reach: 3 } as const;

/**
 * How noisy the sheet reads, from the decoded game: the share of its moves that fit their cells a
 * misreading worse (`surprise` nats) than moves could. At most about `reference` at 5% noise per
 * character, where LOST_SURPRISE was tuned; on a noisier sheet a large surprise is an ordinary
 * misreading more often, so the bar for searching again rises in proportion (never below LOST_SURPRISE).
 * (A lost game reads noisy too, so STILL_LOST keeps its fixed bar.)
 */
const NOISE_ESTIMATE = { surprise: 3, reference: 0.15 } as const;

export function noiseScale(surprises: readonly number[]): number {
  if (surprises.length === 0) return 1;
  const misread = surprises.filter((surprise) => surprise > NOISE_ESTIMATE.surprise).length / surprises.length;
  return Math.max(1, misread / NOISE_ESTIMATE.reference);
}

/** The decoded game still looks lost after every search: its doubt reaches further (STILL_LOST). */
export function stillLost(surprises: readonly number[]): boolean {
  return surprises.filter((surprise) => surprise > STILL_LOST.surprise).length >= STILL_LOST.count;
}

/** Signs that the search lost the true game: it breaks, explains the sheet with unwritten moves and noise, or a move fits its cells far worse than moves could. */
export function looksLost(game: Pick<DecodedGame, 'moves' | 'unexplained' | 'break'>, surprises: readonly number[]): boolean {
  const unwritten = game.moves.filter((move) => move.cells.every((cell) => cell.cell === undefined)).length;
  return game.break !== undefined || unwritten >= 2 || game.unexplained.length >= 3 || Math.max(0, ...surprises) > LOST_SURPRISE * noiseScale(surprises);
}
