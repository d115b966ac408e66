/** A square index 0..63: a1 = 0, b1 = 1, …, h1 = 7, a2 = 8, …, h8 = 63. */
export type Square = number;

export const FILE_NAMES = 'abcdefgh';
export const RANK_NAMES = '12345678';

export const squareFile = (square: Square): number => square & 7;
export const squareRank = (square: Square): number => square >> 3;
export const squareAt = (file: number, rank: number): Square => (rank << 3) | file;

export function squareName(square: Square): string {
  return FILE_NAMES[square & 7] + RANK_NAMES[square >> 3];
}

/** Parses `e4` style names; anything else is `undefined`. */
export function parseSquare(name: string): Square | undefined {
  if (name.length !== 2) return undefined;
  const file = name.charCodeAt(0) - 97;
  const rank = name.charCodeAt(1) - 49;
  if (file < 0 || file > 7 || rank < 0 || rank > 7) return undefined;
  return squareAt(file, rank);
}

/** True when the square is a light square (h1 is light). */
export const isLightSquare = (square: Square): boolean => ((square & 7) + (square >> 3)) % 2 === 1;
