/**
 * Moves written other than in export SAN (`0-0`, `e2-e4`, `Sf3`, `e8Q`, `exd6 e.p.` …),
 * as ONE finding per game at the first such move: an archive converted by a
 * tool that writes its own style would otherwise get a warning per move.
 *
 * Not said twice: a move that already carries a per-move diagnostic from
 * @zapis/game explaining how it departs from SAN (missing or extra x, +, #,
 * over-disambiguation, a foreign piece letter, a missing promotion piece) is
 * left out of the count; those codes stay the per-move report, this one
 * reports the rest. Turning a mark code off does not move its moves here:
 * it means the project accepts that style.
 */
import type { RecordDiagnostic } from '../record.js';
import type { RuleInput, WrittenMove } from '../rule-contract.js';

/** Game codes that already say, per move, how the move's text departs from SAN. */
export const MOVE_STYLE_CODES: ReadonlySet<string> = new Set([
  'missing-capture-mark', 'extra-capture-mark', 'missing-check-mark', 'extra-check-mark',
  'missing-mate-mark', 'false-mate-mark', 'over-disambiguation', 'extra-en-passant-mark',
  'wrong-piece-letter', 'missing-promotion-piece', 'missing-destination-rank',
]);

/** Lines beyond 2^26 characters do not occur; the key stays an exact integer. */
const placeKey = (line: number, column: number): number => line * 67_108_864 + column;

export interface NonExportMoves {
  readonly count: number;
  readonly first: WrittenMove;
}

/** The moves of the mainline not in export SAN and not already reported; undefined when none. */
export function findNonExportMoves(input: RuleInput): NonExportMoves | undefined {
  const written = input.written;
  if (written === undefined) return undefined; // The fast path reads export SAN only.
  let reported: Set<number> | undefined;
  let count = 0;
  let first: WrittenMove | undefined;
  for (const move of written) {
    if (move.text === move.san) continue;
    reported ??= placesOfStyleDiagnostics(input.record.diagnostics);
    if (reported.has(placeKey(move.line, move.column))) continue;
    count++;
    first ??= move;
  }
  return first === undefined ? undefined : { count, first };
}

function placesOfStyleDiagnostics(diagnostics: readonly RecordDiagnostic[]): Set<number> {
  const places = new Set<number>();
  for (const diagnostic of diagnostics) {
    if (MOVE_STYLE_CODES.has(diagnostic.code)) places.add(placeKey(diagnostic.line, diagnostic.column));
  }
  return places;
}

export const moveLabel = (move: Pick<WrittenMove, 'moveNumber' | 'side'>): string =>
  `${move.moveNumber}${move.side === 'white' ? '.' : '...'}`;

export function nonExportMessage(found: NonExportMoves, moves: number): string {
  const { count, first } = found;
  const share = count === moves ? (count === 1 ? 'The only move' : `All ${count} moves`) : `${count} of ${moves} moves`;
  const verb = count === 1 ? 'is' : 'are';
  return `${share} ${verb} not in export SAN; the first is ${moveLabel(first)} '${first.text}' (export SAN: ${first.san})`;
}
