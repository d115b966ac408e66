/** Castling slots: colour * 2 + side, side 0 = king side (towards h), 1 = queen side (towards a). */
export const KING_SIDE = 0;
export const QUEEN_SIDE = 1;
export const castleSlot = (colorIndex: number, side: number): number => colorIndex * 2 + side;
