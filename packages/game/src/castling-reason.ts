/** Why castling is not legal, in words: the arbiter wants "f8 is occupied", not a list of possibilities. */
import { squareName, type Position } from '@zapis/core';

export function castlingReason(position: Position, side: 'king' | 'queen'): string {
  const color = position.turn;
  const enemy = color === 'white' ? 'black' : 'white';
  const rook = position.castlingRook(color, side);
  const sideName = side === 'king' ? 'king-side' : 'queen-side';
  if (rook === undefined) return `${color} has lost the right to castle ${sideName} (the king or that rook has moved)`;
  if (position.isCheck()) return 'the king is in check';
  const king = position.kingSquare(color);
  const backRank = king & 56;
  const kingTo = backRank + (side === 'king' ? 6 : 2);
  const rookTo = backRank + (side === 'king' ? 5 : 3);
  const span = (a: number, b: number): number[] => {
    const squares: number[] = [];
    for (let square = Math.min(a, b); square <= Math.max(a, b); square++) squares.push(square);
    return squares;
  };
  const blocked = [...new Set([...span(king, kingTo), ...span(rook, rookTo)])]
    .filter((square) => square !== king && square !== rook && position.pieceAt(square) !== undefined);
  if (blocked.length > 0) return `${blocked.map(squareName).join(' and ')} ${blocked.length > 1 ? 'are' : 'is'} occupied`;
  const attacked = span(king, kingTo).filter((square) => square !== king && position.isAttacked(square, enemy));
  if (attacked.length > 0) return `the king would cross or land on an attacked square (${attacked.map(squareName).join(', ')})`;
  return 'a rook behind the castling rook would attack the king';
}
