/**
 * Pieces are small integers so the board can live in a typed array:
 * code = role | (colour << 3), with 0 for an empty square.
 */
export type Color = 'white' | 'black';
export type Role = 'pawn' | 'knight' | 'bishop' | 'rook' | 'queen' | 'king';
export type PromotionRole = 'knight' | 'bishop' | 'rook' | 'queen';

export interface Piece {
  readonly color: Color;
  readonly role: Role;
}

export const WHITE = 0;
export const BLACK = 1;

export const PAWN = 1;
export const KNIGHT = 2;
export const BISHOP = 3;
export const ROOK = 4;
export const QUEEN = 5;
export const KING = 6;

export const ROLES: readonly Role[] = ['pawn', 'knight', 'bishop', 'rook', 'queen', 'king'];

export const pieceCode = (colorIndex: number, roleIndex: number): number => roleIndex | (colorIndex << 3);
export const codeRole = (code: number): number => code & 7;
export const codeColor = (code: number): number => code >> 3;

export const colorName = (colorIndex: number): Color => (colorIndex === WHITE ? 'white' : 'black');
export const colorIndex = (color: Color): number => (color === 'white' ? WHITE : BLACK);
export const roleName = (roleIndex: number): Role => ROLES[roleIndex - 1];
export const roleIndex = (role: Role): number => ROLES.indexOf(role) + 1;

export function pieceFromCode(code: number): Piece | undefined {
  if (code === 0) return undefined;
  return { color: colorName(code >> 3), role: roleName(code & 7) };
}
