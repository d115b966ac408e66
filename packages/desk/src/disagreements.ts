/**
 * Where White's and Black's sheets of one game say different things: one
 * sheet has the move and the other not, or one reads as the decoded move and
 * the other does not, or both were corrected from different texts. Spelling
 * alone (`Sf3` on one, `Nf3` on the other) is no disagreement.
 */
import type { DecodedMove } from '@zapis/decode';

const bare = (text: string | null): string => (text ?? '').replace(/\s+/g, '').replace(/[+#!?]+$/, '');

export function disagreementAt(move: DecodedMove, reads: readonly (string | null)[]): boolean {
  if (move.cells.length < 2) return false;
  const [first, second] = move.cells;
  const seen = [first.cell !== undefined, second.cell !== undefined];
  if (!seen[0] && !seen[1]) return false;
  if (seen[0] !== seen[1]) return true;
  const corrected = [first.corrected === true, second.corrected === true];
  if (corrected[0] !== corrected[1]) return true;
  return corrected[0] && bare(reads[0]) !== bare(reads[1]);
}
