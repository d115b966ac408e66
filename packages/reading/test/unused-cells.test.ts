/**
 * The warning for written cells past the last move decoded counts the written cells only: the cells a sheet hands
 * over run to its last written one, with the empty cells before it, and those are not writing the game left out.
 */
import { describe, expect, it } from 'vitest';
import { unusedCellsProblem } from '../src/sheet-problems.js';

const page = { file: 'sheet.jpg', page: 1 };

describe('written cells the game does not explain', () => {
  it('counts the written cells and names where they are, not every cell up to the last', () => {
    const [problem] = unusedCellsProblem([page], [66, 116], 64);
    expect(problem).toEqual({
      severity: 'warning', code: 'read-cells-unused', file: 'sheet.jpg', page: 1, ply: 66,
      message: '2 written cell(s) from ply 66 to ply 116, after the last move decoded (ply 64), were not explained by legal moves',
    });
  });

  it('names a single cell by its ply, and says nothing when every written cell was explained', () => {
    expect(unusedCellsProblem([page], [21], 20).map((problem) => problem.message))
      .toEqual(['1 written cell(s) at ply 21, after the last move decoded (ply 20), were not explained by legal moves']);
    expect(unusedCellsProblem([page], [], 20)).toEqual([]);
  });
});
