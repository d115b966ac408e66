/**
 * Whether an unknown word stands for a move somebody meant to write: a letter and a digit (`Rd9`, `6b6`, `Nç6`,
 * `Bb5=`), or castling with too many parts (`0-0-0-0`). Such a word holds its ply (`UnreadableMoveToken`), so the
 * moves after it are numbered as written. Words without both (`resigns`, `@`, HTML debris) are debris, not moves.
 */
const LETTER_AND_DIGIT = /\p{L}.*\d|\d.*\p{L}/u;
const CASTLING_LIKE = /^[0Oo](?:-[0Oo])+/;

export function isMoveShaped(text: string): boolean {
  return LETTER_AND_DIGIT.test(text) || CASTLING_LIKE.test(text);
}
