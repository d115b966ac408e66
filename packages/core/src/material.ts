/**
 * The cheaply decidable dead positions (FIDE Art. 5.2.2) and, for the time-forfeit
 * rule (Art. 6.9), whether one side still has any way to give mate.
 */
import { BISHOP, KING, KNIGHT, WHITE, BLACK, codeColor, codeRole, colorIndex, type Color } from './pieces.js';
import type { Position } from './position.js';
import { isLightSquare } from './squares.js';

interface MaterialCount {
  /** Anything but king, knights and bishops: pawns, rooks, queens. */
  heavyOrPawn: number;
  knights: number;
  lightBishops: number;
  darkBishops: number;
}

function countMaterial(position: Position): [MaterialCount, MaterialCount] {
  const counts: [MaterialCount, MaterialCount] = [
    { heavyOrPawn: 0, knights: 0, lightBishops: 0, darkBishops: 0 },
    { heavyOrPawn: 0, knights: 0, lightBishops: 0, darkBishops: 0 },
  ];
  const board = position._board;
  for (let square = 0; square < 64; square++) {
    const code = board[square];
    if (code === 0) continue;
    const count = counts[codeColor(code)];
    const role = codeRole(code);
    if (role === KING) continue;
    if (role === KNIGHT) count.knights++;
    else if (role === BISHOP) {
      if (isLightSquare(square)) count.lightBishops++;
      else count.darkBishops++;
    } else count.heavyOrPawn++;
  }
  return counts;
}

const minors = (count: MaterialCount): number => count.knights + count.lightBishops + count.darkBishops;

/**
 * True for positions where neither side can mate by any series of legal moves and
 * that can be told from the material alone: K v K, K+N v K, K+B v K, and kings with
 * any number of bishops all standing on squares of one colour.
 */
export function isDeadByMaterial(position: Position): boolean {
  const [white, black] = countMaterial(position);
  if (white.heavyOrPawn + black.heavyOrPawn > 0) return false;
  if (minors(white) + minors(black) <= 1) return true;
  if (white.knights + black.knights > 0) return false;
  const light = white.lightBishops + black.lightBishops;
  const dark = white.darkBishops + black.darkBishops;
  return light === 0 || dark === 0;
}

/**
 * False when `color` certainly cannot mate by any series of legal moves (a lone
 * king; a single minor piece, or bishops of one square colour, against a lone king
 * or against bishops of that same colour). True means mate is not ruled out cheaply.
 */
export function hasMatingMaterial(position: Position, color: Color): boolean {
  const counts = countMaterial(position);
  const own = counts[colorIndex(color)];
  const other = counts[colorIndex(color) === WHITE ? BLACK : WHITE];
  if (own.heavyOrPawn > 0) return true;
  if (minors(own) === 0) return false;
  const otherIsBare = other.heavyOrPawn === 0 && minors(other) === 0;
  if (otherIsBare && minors(own) === 1) return false;
  if (own.knights > 0) return true;
  // Only bishops: they mate only with help from a piece of the other square colour.
  const ownLight = own.lightBishops > 0;
  const ownDark = own.darkBishops > 0;
  if (ownLight && ownDark) return true;
  if (other.heavyOrPawn > 0 || other.knights > 0) return true;
  return ownLight ? other.darkBishops > 0 : other.lightBishops > 0;
}
