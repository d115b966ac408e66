/**
 * Where a player's writing ends. A sheet hands over its cells up to the last one with ink in it, the empty cells
 * before it included: inside a game an empty cell is a gap, a move the player left out, which the decoder fills and
 * reports. But a player who leaves moves out leaves one or two, not rows of them: ink after a long run of empty
 * cells (a stray mark, glare on a box far down the sheet) is not the game going on, and decoding it would fill every
 * empty cell before it with an invented move. So each player's cells end before the first run of more than
 * LONGEST_GAP empty cells, and the written cells cut off are reported where they are.
 */
import type { CellsByPly, ReadCellOnScan } from './cells-on-scan.js';
import { plySpan, type ReadProblem } from './sheet-problems.js';

/** The most empty cells in a row a game keeps as gaps: a whole move (two cells) and one more. */
export const LONGEST_GAP = 3;

/** Each player's cells up to the first run of more than LONGEST_GAP empty ones, and a warning for each player cut. */
export function withoutStrayWriting(byPly: CellsByPly): { readonly byPly: Map<number, ReadCellOnScan>[]; readonly problems: ReadProblem[] } {
  const problems: ReadProblem[] = [];
  const kept = byPly.map((cells) => {
    const ordered = [...cells.values()].sort((a, b) => a.cell.place.ply - b.cell.place.ply);
    let run = 0;
    let end = ordered.length;
    // Counted from the first written cell: empty cells before it are the game's first moves, read too faintly.
    const first = ordered.findIndex(({ cell }) => cell.written);
    for (let index = Math.max(0, first); index < ordered.length; index++) {
      run = ordered[index].cell.written ? 0 : run + 1;
      if (run > LONGEST_GAP) {
        end = index - run + 1;
        break;
      }
    }
    const strays = ordered.slice(end).filter(({ cell }) => cell.written);
    if (strays.length === 0) return new Map(cells);
    const [from, to] = [strays[0], strays[strays.length - 1]].map(({ cell }) => cell.place.ply);
    const empty = from - ordered[end - 1].cell.place.ply - 1;
    problems.push({
      severity: 'warning', code: 'read-cells-stray', file: strays[0].where.file, page: strays[0].where.page, ply: from,
      message: `${strays.length} cell(s) with ink ${plySpan(from, to)}, after ${empty} empty cells, ` +
        `were not read as moves: a game's writing ends before more than ${LONGEST_GAP} empty cells in a row`,
    });
    return new Map(ordered.slice(0, end).map((entry) => [entry.cell.place.ply, entry]));
  });
  return { byPly: kept, problems };
}
