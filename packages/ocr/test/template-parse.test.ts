import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTemplate, type SheetTemplate } from '../src/template.js';
import { gridLines, gridRectPoints, templateCells, templateResultTicks } from '../src/template-geometry.js';

const examplePath = new URL('../fixtures/templates/federation-2x30.json', import.meta.url);
const exampleText = readFileSync(examplePath, 'utf8');

const minimal = (grid: Record<string, unknown>, extra: Record<string, unknown> = {}): string =>
  JSON.stringify({ format: 'zapis-sheet-template', version: 1, grid, ...extra }, null, 2);

const columns = [{ kind: 'number', width: 0.2 }, { kind: 'white', width: 0.4 }, { kind: 'black', width: 0.4 }];

/** The single problem reported, or a failure naming what came back. */
function problemsOf(text: string) {
  const parsed = parseTemplate(text, 'sheet.json');
  if (parsed.ok) throw new Error('expected the template to be refused');
  return parsed.error.problems;
}

describe('parseTemplate: the committed example', () => {
  it('reads the federation 2 × 30 template', () => {
    const parsed = parseTemplate(exampleText, 'federation-2x30.json');
    expect(parsed.ok).toBe(true);
    const template = (parsed as { value: SheetTemplate }).value;
    expect(template.grid.blocks.map((block) => [block.rows, block.firstMove])).toEqual([[30, 1], [30, 31]]);
    expect(template.grid.headingRow).toBe(true);
    expect(template.resultBoxes.map((box) => box.result)).toEqual(['1-0', '1/2-1/2', '0-1']);
    // 2 blocks × 3 columns share their middle edge: 7 verticals; heading + 30 rows: 32 horizontals.
    const lines = gridLines(template.grid);
    expect(lines.columns).toHaveLength(7);
    expect(lines.rows).toHaveLength(32);
    expect(lines.columns[3]).toBeCloseTo(0.5);
    const cells = templateCells(template, gridRectPoints(template));
    expect(cells).toHaveLength(120);
    expect(cells.map((cell) => cell.ply)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    // 31...(black) sits at the top of the right block, below the heading, in its black column.
    const move31Black = cells.find((cell) => cell.moveNumber === 31 && cell.side === 'black')!;
    const mm = (points: number) => (points * 25.4) / 72;
    expect(mm(move31Black.rect.x)).toBeCloseTo(15 + 90 + 0.57 * 90, 5);
    expect(mm(move31Black.rect.y)).toBeCloseTo(72 + 6.5, 5);
    expect(mm(move31Black.rect.width)).toBeCloseTo(0.43 * 90, 5);
    expect(mm(move31Black.rect.height)).toBeCloseTo(6.5, 5);
    expect(mm(templateResultTicks(template)[2].tick.x)).toBeCloseTo(150, 5);
  });

  it('accepts the short forms: bare column kinds, widths shared out, firstMove continued', () => {
    const parsed = parseTemplate(minimal({ firstMove: 61, columns: ['number', 'white', 'black', 'other'], blocks: [{ rows: 20 }, { rows: 20 }, { rows: 20 }] }));
    expect(parsed.ok).toBe(true);
    const { grid } = (parsed as { value: SheetTemplate }).value;
    expect(grid.blocks.map((block) => block.firstMove)).toEqual([61, 81, 101]);
    expect(grid.blocks[0].columns.map((column) => column.width)).toEqual([0.25, 0.25, 0.25, 0.25]);
    const withWidths = parseTemplate(minimal({ columns: [{ kind: 'number', width: 0.1 }, 'white', 'black'], blocks: [{ rows: 30 }] }));
    expect(withWidths.ok && withWidths.value.grid.blocks[0].columns.map((column) => column.width)).toEqual([0.1, 0.45, 0.45]);
  });
});

describe('parseTemplate: every bad template gets a located message', () => {
  it('JSON syntax: line and column of the trailing comma', () => {
    const text = '{\n  "format": "zapis-sheet-template",\n  "version": 1,\n}\n';
    const [problem] = problemsOf(text);
    expect(problem.line).toBe(4);
    expect(problem.column).toBe(1);
    expect(problem.message).toBe('sheet.json:4:1: JSON syntax error: expected a quoted field name (a trailing comma?)');
    expect(problemsOf(text)).toHaveLength(1);
  });

  it('JSON syntax: an unterminated document and an empty file', () => {
    expect(problemsOf('{ "format": "zapis-sheet-template", "grid": {')[0].message).toMatch(/^sheet\.json:1:\d+: JSON syntax error/);
    expect(problemsOf('')[0].message).toMatch(/^sheet\.json:1:1: JSON syntax error/);
    expect(problemsOf('[1, 2]')[0].message).toBe('sheet.json:1:1: expected an object, got a list');
  });

  it('a wrong type names its path, what was expected and what was given', () => {
    const text = minimal({ columns, blocks: [{ rows: 30 }, { rows: 'x' }] });
    const problems = problemsOf(text);
    expect(problems.map((problem) => problem.detail)).toEqual(['expected an integer from 1 to 200, got "x"']);
    expect(problems[0].path).toBe('grid.blocks[1].rows');
    const line = text.split('\n').findIndex((row) => row.includes('"x"')) + 1;
    expect(problems[0].message).toBe(`sheet.json:${line}:17: grid.blocks[1].rows: expected an integer from 1 to 200, got "x"`);
  });

  it('missing fields are named at their parent', () => {
    const problems = problemsOf(JSON.stringify({ version: 1, grid: { columns, blocks: [{}] } }));
    expect(problems.map((problem) => `${problem.path}: ${problem.detail}`)).toEqual([
      ': missing field "format" (expected "zapis-sheet-template")',
      'grid.blocks[0]: missing field "rows" (an integer from 1 to 200)',
    ]);
    expect(problemsOf(minimal({ columns }))[0].detail).toMatch(/^missing field "blocks"/);
    expect(problemsOf(JSON.stringify({ format: 'zapis-sheet-template', version: 1 }))[0].detail).toMatch(/^missing field "grid"/);
  });

  it('zero rows, a fractional row count and an empty block list', () => {
    expect(problemsOf(minimal({ columns, blocks: [{ rows: 0 }] }))[0].message).toMatch(/grid\.blocks\[0\]\.rows: expected an integer from 1 to 200, got 0$/);
    expect(problemsOf(minimal({ columns, blocks: [{ rows: 2.5 }] }))[0].detail).toBe('expected an integer from 1 to 200, got 2.5');
    expect(problemsOf(minimal({ columns, blocks: [] }))[0].detail).toBe('expected at least one block, got an empty list');
  });

  it('inconsistent columns: widths, a missing side, a side twice, an unknown kind', () => {
    const detail = (grid: Record<string, unknown>) => problemsOf(minimal(grid)).map((problem) => `${problem.path}: ${problem.detail}`);
    expect(detail({ columns: [{ kind: 'number', width: 0.2 }, { kind: 'white', width: 0.4 }, { kind: 'black', width: 0.3 }], blocks: [{ rows: 30 }] }))
      .toEqual(['grid.columns: column widths add up to 0.9, expected 1 (fractions of the block width)']);
    expect(detail({ columns: [{ kind: 'number', width: 0.6 }, { kind: 'white', width: 0.5 }, 'black'], blocks: [{ rows: 30 }] }))
      .toEqual(['grid.columns: column widths add up to 1.1, leaving nothing for the 1 column(s) without a width']);
    expect(detail({ columns: ['number', 'white'], blocks: [{ rows: 30 }] })).toEqual(['grid.columns: expected exactly one "black" column, got 0']);
    expect(detail({ columns: ['white', 'black', 'white'], blocks: [{ rows: 30 }] })).toEqual(['grid.columns: expected exactly one "white" column, got 2']);
    expect(detail({ columns: ['number', 'white', 'clock', 'black'], blocks: [{ rows: 30 }] }))
      .toEqual(['grid.columns[2]: expected a column kind (number, white, black, other), got "clock"']);
    expect(detail({ blocks: [{ rows: 30 }] })).toEqual(['grid.blocks[0]: no columns: give "columns" in the grid (for every block) or in this block']);
  });

  it('overlapping move numbers, unknown fields, a wrong format tag and a future version', () => {
    const detail = (text: string) => problemsOf(text).map((problem) => `${problem.path}: ${problem.detail}`);
    expect(detail(minimal({ columns, blocks: [{ rows: 30 }, { rows: 30, firstMove: 20 }] })))
      .toEqual(['grid.blocks[1].firstMove: move 20 comes before the end of block 0 (moves 1-30)']);
    expect(detail(minimal({ columns, blocks: [{ row: 30 }] }))).toEqual([
      'grid.blocks[0].row: unknown field (expected one of rows, firstMove, columns)',
      'grid.blocks[0]: missing field "rows" (an integer from 1 to 200)',
    ]);
    expect(detail(JSON.stringify({ format: 'zapis-sheet-layout', version: 1, grid: { columns, blocks: [{ rows: 3 }] } })))
      .toEqual(['format: expected "zapis-sheet-template", got "zapis-sheet-layout"']);
    expect(detail(JSON.stringify({ format: 'zapis-sheet-template', version: 2, grid: { columns, blocks: [{ rows: 3 }] } })))
      .toEqual(['version: version 2 is newer than this reader (1)']);
  });

  it('result boxes need the grid placed on the page, and valid results', () => {
    const detail = (text: string) => problemsOf(text).map((problem) => `${problem.path}: ${problem.detail}`);
    const box = { x: 10, y: 280, width: 8, height: 6 };
    expect(detail(minimal({ columns, blocks: [{ rows: 30 }] }, { resultBoxes: [{ result: '1-0', ...box }] })))
      .toEqual(['grid: result boxes are placed from the grid: give grid.x, grid.y, grid.width and grid.height (mm)']);
    const placed = { x: 10, y: 60, width: 190, height: 200, columns, blocks: [{ rows: 30 }] };
    expect(detail(minimal(placed, { resultBoxes: [{ result: '2-0', ...box }, { result: '0-1', ...box, width: -1 }] }))).toEqual([
      'resultBoxes[0].result: expected one of 1-0, 1/2-1/2, 0-1, got "2-0"',
      'resultBoxes[1].width: expected a positive length in mm, got -1',
    ]);
    expect(detail(minimal({ ...placed, x: 30 })))
      .toEqual(['grid.width: the grid (x 30 + width 190 mm) runs off the page (width 210 mm)']);
  });

  it('reports every problem of the document at once, one per line of the message', () => {
    const parsed = parseTemplate(minimal({ headingRow: 'yes', columns: ['white'], blocks: [{ rows: -1 }] }), 'bad.json');
    expect(parsed.ok).toBe(false);
    const message = parsed.ok ? '' : parsed.error.message;
    expect(message.split('\n')).toHaveLength(3);
    expect(message).toMatch(/^bad\.json:\d+:\d+: grid\.headingRow: expected true or false, got "yes"$/m);
    expect(message).toMatch(/grid\.columns: expected exactly one "black" column, got 0$/m);
    expect(message).toMatch(/grid\.blocks\[0\]\.rows: expected an integer from 1 to 200, got -1$/m);
  });

  it('never throws, whatever the text', () => {
    const texts = ['null', '42', '"grid"', '{"grid": null}', '{"grid": {"blocks": [null, 3, "x"]}}', '{"format": 1, "version": "1", "page": []}',
      '{"grid": {"columns": [{}, {"kind": null}, {"kind": "white", "width": "wide"}], "blocks": {}}}', '\u0000\u0001', '{"a":1}{"b":2}'];
    for (const text of texts) {
      const parsed = parseTemplate(text, 't.json');
      expect(parsed.ok, text).toBe(false);
      if (!parsed.ok) for (const problem of parsed.error.problems) expect(problem.message, text).toMatch(/^t\.json:\d+:\d+: /);
    }
  });
});
