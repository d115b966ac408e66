import { describe, expect, it } from 'vitest';
import { LAYOUT_VERSION, buildSheetLayout, parseLayoutJson, parseLayoutsJson, serialiseLayout, serialiseLayouts, type SheetLayout } from '../src/index.js';

function layout(): SheetLayout {
  const result = buildSheetLayout({ style: 'boxed', language: 'de', header: { event: 'Schachbundesliga' } });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('layout JSON', () => {
  it('round-trips, with units and origin stated', () => {
    const original = layout();
    const json = serialiseLayout(original);
    const parsed = parseLayoutJson(json);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value).toEqual(original);
    const raw = JSON.parse(json) as Record<string, unknown>;
    expect(raw).toMatchObject({ format: 'zapis-sheet-layout', units: 'pt', origin: 'top-left', version: LAYOUT_VERSION });
    // Every rectangle a reader needs is plain numbers.
    const cell = (raw.moveGrid as { rows: Array<{ black: { characterBoxes: unknown[] } }> }).rows[59].black.characterBoxes[6];
    expect(cell).toEqual({ x: expect.any(Number), y: expect.any(Number), width: expect.any(Number), height: expect.any(Number) });
  });

  it('refuses what a reader cannot trust', () => {
    const good = JSON.parse(serialiseLayout(layout())) as Record<string, unknown>;
    expect(parseLayoutJson('{').ok).toBe(false);
    expect(parseLayoutJson('[]').ok).toBe(false);
    const newer = parseLayoutJson(JSON.stringify({ ...good, version: LAYOUT_VERSION + 1 }));
    expect(newer.ok).toBe(false);
    if (!newer.ok) expect(newer.error.message).toMatch(/newer/);
    expect(parseLayoutJson(JSON.stringify({ ...good, origin: 'bottom-left' })).ok).toBe(false);
    expect(parseLayoutJson(JSON.stringify({ ...good, layoutId: 'nope' })).ok).toBe(false);
    expect(parseLayoutJson(JSON.stringify({ ...good, markers: [] })).ok).toBe(false);
  });
});

describe('layout JSON: the whole document is checked, every problem placed', () => {
  const good = (): Record<string, unknown> => JSON.parse(serialiseLayout(layout())) as Record<string, unknown>;
  const problemsOf = (text: string) => {
    const parsed = parseLayoutJson(text, 'sheet.json');
    expect(parsed.ok).toBe(false);
    return parsed.ok ? [] : parsed.error.problems;
  };

  it('a layout without paper is refused with the field named, not accepted to fail in the renderer', () => {
    const { paper: _paper, ...withoutPaper } = good();
    const [problem, ...rest] = problemsOf(JSON.stringify(withoutPaper));
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ path: 'paper', line: 1, column: 1, detail: 'missing field "paper"' });
    expect(problem.message).toBe('sheet.json:1:1: paper: missing field "paper"');
  });

  it('places a wrong value deep in the move grid at its line and column', () => {
    const document = good();
    const grid = document.moveGrid as { rows: Array<{ white: { cell: Record<string, unknown> } }> };
    grid.rows[3].white.cell.width = 'wide';
    const text = JSON.stringify(document, null, 2);
    const [problem] = problemsOf(text);
    expect(problem.path).toBe('moveGrid.rows[3].white.cell.width');
    expect(problem.detail).toBe('expected number, got "wide"');
    // The line and column are where "wide" stands in the text.
    const lines = text.split('\n');
    expect(lines[problem.line - 1].slice(problem.column - 1)).toBe('"wide",');
  });

  it('lists every problem at once, an unknown field among them', () => {
    const document = good();
    (document.paper as Record<string, unknown>).width = -5;
    document.colour = 'red';
    (document.markers as Array<Record<string, unknown>>)[2].bits = [[0, 1, 2]];
    const problems = problemsOf(JSON.stringify(document, null, 2));
    expect(problems.map((problem) => `${problem.path}: ${problem.detail}`)).toEqual([
      'paper.width: expected a positive number, got -5',
      'markers[2].bits[0][2]: expected 0 (black) or 1 (white), got 2',
      'colour: unknown field',
    ]);
  });

  it('checks what the schema cannot: the id, one marker per corner, rows in move order', () => {
    const document = good();
    const markers = document.markers as Array<Record<string, unknown>>;
    markers[1].corner = markers[0].corner;
    const rows = (document.moveGrid as { rows: Array<Record<string, unknown>> }).rows;
    rows[5].moveNumber = 99;
    const problems = problemsOf(JSON.stringify(document));
    expect(problems.map((problem) => problem.path)).toEqual(['markers[1].corner', 'moveGrid.rows[5].moveNumber', 'moveGrid.rows[5].white', 'moveGrid.rows[5].black']);
  });

  it('a syntax error gives its line and column', () => {
    const [problem] = problemsOf('{\n  "format": "zapis-sheet-layout",\n  "version": 1,,\n}');
    expect(problem).toMatchObject({ line: 3, column: 16, path: '' });
    expect(problem.detail).toMatch(/^JSON syntax error/);
    expect(problemsOf('')[0].detail).toMatch(/empty/);
  });

  it('a newer layout says so, and nothing about fields it may have added', () => {
    const problems = problemsOf(JSON.stringify({ ...good(), version: LAYOUT_VERSION + 1, newField: true }));
    expect(problems).toHaveLength(1);
    expect(problems[0].detail).toMatch(/newer than this reader/);
  });
});

describe('several layouts (the sheets of a round)', () => {
  it('read back as written, one or many', () => {
    const sheets = [layout(), layout()];
    expect(parseLayoutsJson(serialiseLayouts(sheets))).toEqual({ ok: true, value: sheets });
    expect(parseLayoutsJson(serialiseLayout(sheets[0]))).toEqual({ ok: true, value: [sheets[0]] });
  });

  it('name the sheet of each problem', () => {
    const sheets = JSON.parse(serialiseLayouts([layout(), layout()])) as Record<string, unknown>[];
    delete sheets[1].paper;
    const parsed = parseLayoutsJson(JSON.stringify(sheets, null, 2), 'round.json');
    expect(parsed.ok === false && parsed.error.problems.map((problem) => `${problem.path}: ${problem.detail}`)).toEqual(['[1].paper: missing field "paper"']);
    const newer = parseLayoutsJson(JSON.stringify([sheets[0], { ...sheets[0], version: LAYOUT_VERSION + 1 }]));
    expect(newer.ok === false && newer.error.problems[0].path).toBe('[1].version');
    expect(parseLayoutsJson('[]').ok).toBe(false);
  });
});
