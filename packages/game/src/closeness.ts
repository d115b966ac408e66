/**
 * How far a written token is from a legal move, counted in the parts a writer
 * gets wrong one at a time: the piece letter, the target file, the target rank,
 * the origin file or rank, the promotion piece, the castling side. "One wrong
 * letter" is distance 1 whatever the language, which is what candidates and
 * repairs need.
 */
import { castleSide, isCastle, moveFrom, movePromotion, moveTarget, type Move, type Role } from '@zapis/core';
import type { LanguageCode, MoveReading, MoveToken } from '@zapis/notation';
import { namesNoPiece, readingFitsLanguages, type LegalMoves } from './resolve.js';

export function readingDistance(reading: MoveReading, move: Move, role: Role, ignoreRole: boolean): number {
  if (reading.castle !== undefined || isCastle(move)) {
    if (reading.castle !== undefined && isCastle(move)) return reading.castle === castleSide(move) ? 0 : 1;
    return 3;
  }
  const from = moveFrom(move);
  const to = moveTarget(move);
  let distance = 0;
  if (!ignoreRole && reading.piece !== role) distance++;
  if (reading.to !== undefined) {
    if ((reading.to & 7) !== (to & 7)) distance++;
    if (reading.to >> 3 !== to >> 3) distance++;
  } else if (reading.toFile !== undefined && reading.toFile !== (to & 7)) {
    distance++;
  }
  if (reading.fromFile !== undefined && reading.fromFile !== (from & 7)) distance++;
  if (reading.fromRank !== undefined && reading.fromRank !== from >> 3) distance++;
  if (reading.promotion !== movePromotion(move)) distance++;
  return distance;
}

/** The smallest distance from any allowed reading of the token to the move. */
export function tokenDistance(
  token: MoveToken,
  move: Move,
  legal: LegalMoves,
  languages: ReadonlySet<LanguageCode> | undefined,
): number {
  let best = Infinity;
  const role = legal.roleOf(move);
  for (const reading of token.readings) {
    if (!readingFitsLanguages(reading, languages)) continue;
    best = Math.min(best, readingDistance(reading, move, role, namesNoPiece(token, reading)));
  }
  return best;
}

/** Legal moves ordered by closeness to the token, at most `limit`, each with its distance. */
export function closestMoves(
  token: MoveToken,
  legal: LegalMoves,
  languages: ReadonlySet<LanguageCode> | undefined,
  limit: number,
  maxDistance = 2,
): { move: Move; distance: number }[] {
  const scored: { move: Move; distance: number }[] = [];
  for (let i = 0; i < legal.count; i++) {
    const move = legal.moves[i];
    const distance = tokenDistance(token, move, legal, languages);
    if (distance <= maxDistance) scored.push({ move, distance });
  }
  scored.sort((a, b) => a.distance - b.distance);
  return scored.slice(0, limit);
}
