/**
 * How the replayed game stands at its end, as @zapis/core's gameOutcome
 * decides it: checkmate, stalemate, a dead position told from the material
 * (FIDE Art. 5.2.2), fivefold repetition, 75 moves (Art. 9.6).
 */
import { repetitions } from './export-san';
import { hasLegalMove } from './moves-to';
import { BISHOP, KNIGHT, LIGHT_BISHOPS, PAWN, PIECE_COUNTS, QUEEN, ROOK, halfmoves, isCheck } from './position';

export const NO_OUTCOME = 0;
export const CHECKMATE = 1;
export const STALEMATE = 2;
export const DEAD_POSITION = 3;
export const FIVEFOLD_REPETITION = 4;
export const SEVENTY_FIVE_MOVES = 5;

@inline function bothSides(role: i32): i32 {
  return unchecked(PIECE_COUNTS[role]) + unchecked(PIECE_COUNTS[role | 8]);
}

/** K v K, K+N v K, K+B v K, and kings with bishops all on squares of one colour. */
function isDeadByMaterial(): bool {
  if (bothSides(PAWN) + bothSides(ROOK) + bothSides(QUEEN) > 0) return false;
  const knights = bothSides(KNIGHT);
  const bishops = bothSides(BISHOP);
  if (knights + bishops <= 1) return true;
  if (knights > 0) return false;
  const light = unchecked(PIECE_COUNTS[LIGHT_BISHOPS]) + unchecked(PIECE_COUNTS[LIGHT_BISHOPS + 1]);
  return light === 0 || light === bishops;
}

export function finalOutcome(): i32 {
  const check = isCheck();
  if (!hasLegalMove(check)) return check ? CHECKMATE : STALEMATE;
  if (isDeadByMaterial()) return DEAD_POSITION;
  if (repetitions() >= 5) return FIVEFOLD_REPETITION;
  if (halfmoves >= 150) return SEVENTY_FIVE_MOVES;
  return NO_OUTCOME;
}
