/**
 * Sheet templates: a JSON description of the move grid of a scoresheet zapis
 * did not print (a federation's sheet), so its ruling lines can be found on a
 * scan and every half-move cell cut out. The format is documented in
 * TEMPLATE.md. Lengths on the page are in millimetres (what a ruler gives);
 * everything inside the grid is a fraction of it, so the same template fits
 * a sheet printed at any scale.
 *
 * The parser checks the whole document and reports every problem with its
 * line, column and path (`grid.blocks[1].rows: expected a positive integer,
 * got "x"`); it never throws.
 */
import { type Node as JsonNode, type ParseError, parseTree } from 'jsonc-parser';
import { jsonSyntaxMessage, type ResultCode } from '@zapis/sheet';
import { err, ok, type Result } from '@zapis/core';

export const TEMPLATE_FORMAT = 'zapis-sheet-template';
export const TEMPLATE_VERSION = 1;

export type ColumnKind = 'number' | 'white' | 'black' | 'other';
export const COLUMN_KINDS: readonly ColumnKind[] = ['number', 'white', 'black', 'other'];

export interface TemplateColumn {
  readonly kind: ColumnKind;
  /** Fraction of the block's width (the columns of a block add up to 1). */
  readonly width: number;
}

export interface TemplateBlock {
  /** Move rows, the heading row not counted. */
  readonly rows: number;
  readonly firstMove: number;
  /** Left to right. */
  readonly columns: readonly TemplateColumn[];
}

/** A rectangle on the page in millimetres from its top-left corner. */
export interface MillimetreRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface TemplateGrid {
  /** Expected top-left corner of the grid's outer ruling on the page, mm (helps the search; places result boxes). */
  readonly x?: number;
  readonly y?: number;
  /** Size of the grid's outer ruling, mm; measured on the scan when left out. */
  readonly width?: number;
  readonly height?: number;
  /** Each block starts with a heading row ("No. | White | Black"). */
  readonly headingRow: boolean;
  /** Height of the heading row in move-row heights. */
  readonly headingHeight: number;
  /** Space between neighbouring blocks, as a fraction of the grid's width. */
  readonly blockGap: number;
  /** Left to right. */
  readonly blocks: readonly TemplateBlock[];
}

export interface TemplateResultBox {
  readonly result: ResultCode;
  /** The box ticked or written in, mm on the page. */
  readonly box: MillimetreRect;
}

export interface SheetTemplate {
  readonly format: typeof TEMPLATE_FORMAT;
  readonly version: number;
  readonly name?: string;
  /** Paper size in mm (default A4 portrait). */
  readonly page: { readonly width: number; readonly height: number };
  readonly grid: TemplateGrid;
  readonly resultBoxes: readonly TemplateResultBox[];
}

export interface TemplateProblem {
  /** Where in the document, e.g. `grid.blocks[1].rows`; empty for the whole document or a syntax error. */
  readonly path: string;
  /** 1-based, in the template text. */
  readonly line: number;
  readonly column: number;
  readonly detail: string;
  /** `file:line:column: path: detail`. */
  readonly message: string;
}

export interface TemplateError {
  /** Every problem, one per line. */
  readonly message: string;
  readonly problems: readonly TemplateProblem[];
}

const A4 = { width: 210, height: 297 } as const;
const MAX_BLOCKS = 12;
const MAX_ROWS = 200;
const MAX_COLUMNS = 24;
/** How far column widths may miss adding up to 1 (hand-measured fractions). */
const WIDTH_TOLERANCE = 0.01;
const RESULT_CODES: readonly ResultCode[] = ['1-0', '1/2-1/2', '0-1'];

/** Reads and checks a template; `fileName` prefixes every message. */
export function parseTemplate(text: string, fileName = 'template'): Result<SheetTemplate, TemplateError> {
  const checker = new Checker(text, fileName);
  const syntax: ParseError[] = [];
  const root = parseTree(text, syntax, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (syntax.length > 0 || !root) {
    // Only the first: the ones after it are mostly its echoes.
    if (syntax.length > 0) checker.at(syntax[0].offset, '', `JSON syntax error: ${jsonSyntaxMessage(syntax[0])}`);
    if (syntax.length === 0) checker.at(0, '', 'JSON syntax error: the file is empty');
    return checker.failure();
  }
  const template = checker.template(root);
  return template && checker.problems.length === 0 ? ok(template) : checker.failure();
}

/** Describes a JSON value for "got …" (short, as written). */
function shown(node: JsonNode): string {
  switch (node.type) {
    case 'object': return 'an object';
    case 'array': return 'a list';
    case 'null': return 'null';
    case 'string': return JSON.stringify(String(node.value).length > 30 ? `${String(node.value).slice(0, 30)}…` : node.value);
    default: return String(node.value);
  }
}

class Checker {
  readonly problems: TemplateProblem[] = [];
  private readonly lineStarts: number[] = [0];

  constructor(private readonly text: string, private readonly fileName: string) {
    for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
  }

  at(offset: number, path: string, detail: string): undefined {
    let low = 0, high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.lineStarts[mid] <= offset) low = mid; else high = mid - 1;
    }
    const line = low + 1;
    const column = offset - this.lineStarts[low] + 1;
    const message = `${this.fileName}:${line}:${column}: ${path ? `${path}: ` : ''}${detail}`;
    this.problems.push({ path, line, column, detail, message });
    return undefined;
  }

  failure(): Result<never, TemplateError> {
    return err({ message: this.problems.map((problem) => problem.message).join('\n'), problems: this.problems });
  }

  template(root: JsonNode): SheetTemplate | undefined {
    const fields = this.object(root, '', ['format', 'version', 'name', 'page', 'grid', 'resultBoxes']);
    if (!fields) return undefined;
    const format = fields.get('format');
    if (!format) this.at(root.offset, '', `missing field "format" (expected "${TEMPLATE_FORMAT}")`);
    else if (format.value !== TEMPLATE_FORMAT) this.at(format.offset, 'format', `expected "${TEMPLATE_FORMAT}", got ${shown(format)}`);
    const version = this.integer(fields, 'version', '', root, { min: 1 });
    if (version !== undefined && version > TEMPLATE_VERSION) {
      this.at(fields.get('version')!.offset, 'version', `version ${version} is newer than this reader (${TEMPLATE_VERSION})`);
    }
    const nameNode = fields.get('name');
    let name: string | undefined;
    if (nameNode) {
      if (nameNode.type === 'string') name = String(nameNode.value);
      else this.at(nameNode.offset, 'name', `expected a string, got ${shown(nameNode)}`);
    }
    const page = this.page(fields.get('page'));
    const gridNode = fields.get('grid');
    const grid = gridNode ? this.grid(gridNode, page) : this.at(root.offset, '', 'missing field "grid" (the move grid)');
    const resultBoxes = this.resultBoxes(fields.get('resultBoxes'), grid, fields.get('grid') ?? root);
    if (format?.value !== TEMPLATE_FORMAT || version === undefined || !grid || !resultBoxes) return undefined;
    return { format: TEMPLATE_FORMAT, version, ...(name === undefined ? {} : { name }), page, grid, resultBoxes };
  }

  /** The object's fields, reporting unknown ones (a typo must not be silently ignored). */
  private object(node: JsonNode, path: string, known: readonly string[]): Map<string, JsonNode> | undefined {
    if (node.type !== 'object') return this.at(node.offset, path, `expected an object, got ${shown(node)}`);
    const fields = new Map<string, JsonNode>();
    for (const property of node.children ?? []) {
      const [key, value] = property.children ?? [];
      if (!key || !value) continue;
      const name = String(key.value);
      const where = path ? `${path}.${name}` : name;
      if (!known.includes(name)) this.at(key.offset, where, `unknown field (expected one of ${known.join(', ')})`);
      else if (fields.has(name)) this.at(key.offset, where, 'field given twice');
      else fields.set(name, value);
    }
    return fields;
  }

  private number(
    fields: Map<string, JsonNode>, name: string, path: string, parent: JsonNode,
    bounds: { min?: number; above?: number; max?: number; optional?: boolean; what?: string },
  ): number | undefined {
    const where = path ? `${path}.${name}` : name;
    const node = fields.get(name);
    const what = bounds.what ?? (bounds.above === 0 ? 'a positive number' : 'a number');
    if (!node) return bounds.optional ? undefined : this.at(parent.offset, path, `missing field "${name}" (${what})`);
    const value = node.value;
    const fits = node.type === 'number' && typeof value === 'number' && Number.isFinite(value)
      && (bounds.min === undefined || value >= bounds.min) && (bounds.above === undefined || value > bounds.above)
      && (bounds.max === undefined || value <= bounds.max);
    if (!fits) return this.at(node.offset, where, `expected ${what}, got ${shown(node)}`);
    return value as number;
  }

  private integer(
    fields: Map<string, JsonNode>, name: string, path: string, parent: JsonNode,
    bounds: { min: number; max?: number; optional?: boolean },
  ): number | undefined {
    const what = bounds.max !== undefined
      ? `an integer from ${bounds.min} to ${bounds.max}`
      : bounds.min === 1 ? 'a positive integer' : `an integer of at least ${bounds.min}`;
    const value = this.number(fields, name, path, parent, { min: bounds.min, max: bounds.max, optional: bounds.optional, what });
    if (value !== undefined && !Number.isInteger(value)) return this.at(fields.get(name)!.offset, path ? `${path}.${name}` : name, `expected ${what}, got ${value}`);
    return value;
  }

  private page(node: JsonNode | undefined): { width: number; height: number } {
    if (!node) return A4;
    const fields = this.object(node, 'page', ['width', 'height']);
    if (!fields) return A4;
    const width = this.number(fields, 'width', 'page', node, { above: 0, max: 2000, what: 'a width in mm' });
    const height = this.number(fields, 'height', 'page', node, { above: 0, max: 2000, what: 'a height in mm' });
    return { width: width ?? A4.width, height: height ?? A4.height };
  }

  private grid(node: JsonNode, page: { width: number; height: number }): TemplateGrid | undefined {
    const fields = this.object(node, 'grid', ['x', 'y', 'width', 'height', 'headingRow', 'headingHeight', 'blockGap', 'firstMove', 'columns', 'blocks']);
    if (!fields) return undefined;
    const before = this.problems.length;
    const mm = (name: string, positive: boolean) => this.number(fields, name, 'grid', node, { optional: true, ...(positive ? { above: 0 } : { min: 0 }), max: 2000, what: positive ? 'a positive length in mm' : 'a length in mm (0 or more)' });
    const x = mm('x', false), y = mm('y', false), width = mm('width', true), height = mm('height', true);
    if (x !== undefined && width !== undefined && x + width > page.width + 1) this.at(fields.get('width')!.offset, 'grid.width', `the grid (x ${x} + width ${width} mm) runs off the page (width ${page.width} mm)`);
    if (y !== undefined && height !== undefined && y + height > page.height + 1) this.at(fields.get('height')!.offset, 'grid.height', `the grid (y ${y} + height ${height} mm) runs off the page (height ${page.height} mm)`);
    const headingNode = fields.get('headingRow');
    let headingRow = false;
    if (headingNode) {
      if (headingNode.type === 'boolean') headingRow = headingNode.value === true;
      else this.at(headingNode.offset, 'grid.headingRow', `expected true or false, got ${shown(headingNode)}`);
    }
    const headingHeight = this.number(fields, 'headingHeight', 'grid', node, { optional: true, above: 0, max: 10, what: 'a height in move rows (above 0, at most 10)' }) ?? 1;
    if (fields.has('headingHeight') && !headingRow && (!headingNode || headingNode.type === 'boolean')) this.at(fields.get('headingHeight')!.offset, 'grid.headingHeight', 'given but "headingRow" is false');
    const blockGap = this.number(fields, 'blockGap', 'grid', node, { optional: true, min: 0, max: 0.5, what: 'a fraction of the grid width from 0 to 0.5' }) ?? 0;
    const firstMove = this.integer(fields, 'firstMove', 'grid', node, { min: 1, optional: true }) ?? 1;
    const sharedColumnsNode = fields.get('columns');
    const sharedColumns = sharedColumnsNode ? this.columns(sharedColumnsNode, 'grid.columns') : undefined;
    const blocksNode = fields.get('blocks');
    if (!blocksNode) return this.at(node.offset, 'grid', 'missing field "blocks" (a list like [{ "rows": 30 }, { "rows": 30 }])');
    if (blocksNode.type !== 'array') return this.at(blocksNode.offset, 'grid.blocks', `expected a list of blocks, got ${shown(blocksNode)}`);
    const blockNodes = blocksNode.children ?? [];
    if (blockNodes.length === 0) return this.at(blocksNode.offset, 'grid.blocks', 'expected at least one block, got an empty list');
    if (blockNodes.length > MAX_BLOCKS) return this.at(blocksNode.offset, 'grid.blocks', `expected at most ${MAX_BLOCKS} blocks, got ${blockNodes.length}`);
    const blocks: TemplateBlock[] = [];
    let nextMove = firstMove;
    blockNodes.forEach((blockNode, index) => {
      const path = `grid.blocks[${index}]`;
      const block = this.object(blockNode, path, ['rows', 'firstMove', 'columns']);
      if (!block) return;
      const rows = this.integer(block, 'rows', path, blockNode, { min: 1, max: MAX_ROWS });
      const first = this.integer(block, 'firstMove', path, blockNode, { min: 1, optional: true });
      if (first !== undefined && first < nextMove && blocks.length > 0) {
        const previous = blocks[blocks.length - 1];
        this.at(block.get('firstMove')!.offset, `${path}.firstMove`, `move ${first} comes before the end of block ${index - 1} (moves ${previous.firstMove}-${previous.firstMove + previous.rows - 1})`);
      }
      const columnsNode = block.get('columns');
      const columns = columnsNode ? this.columns(columnsNode, `${path}.columns`) : sharedColumns;
      if (!columnsNode && !sharedColumnsNode) this.at(blockNode.offset, path, 'no columns: give "columns" in the grid (for every block) or in this block');
      if (rows === undefined || !columns) return;
      const start = first ?? nextMove;
      blocks.push({ rows, firstMove: start, columns });
      nextMove = start + rows;
    });
    if (this.problems.length > before || blocks.length !== blockNodes.length) return undefined;
    return {
      ...(x === undefined ? {} : { x }), ...(y === undefined ? {} : { y }),
      ...(width === undefined ? {} : { width }), ...(height === undefined ? {} : { height }),
      headingRow, headingHeight, blockGap, blocks,
    };
  }

  private columns(node: JsonNode, path: string): TemplateColumn[] | undefined {
    if (node.type !== 'array') return this.at(node.offset, path, `expected a list of columns, got ${shown(node)}`);
    const items = node.children ?? [];
    if (items.length === 0) return this.at(node.offset, path, 'expected at least the "white" and "black" columns, got an empty list');
    if (items.length > MAX_COLUMNS) return this.at(node.offset, path, `expected at most ${MAX_COLUMNS} columns, got ${items.length}`);
    const before = this.problems.length;
    const parsed: Array<{ kind: ColumnKind; width?: number }> = [];
    items.forEach((item, index) => {
      const where = `${path}[${index}]`;
      // Shorthand: a bare kind, e.g. "white", takes an equal share of what is left.
      if (item.type === 'string') {
        if ((COLUMN_KINDS as readonly string[]).includes(String(item.value))) parsed.push({ kind: item.value as ColumnKind });
        else this.at(item.offset, where, `expected a column kind (${COLUMN_KINDS.join(', ')}), got ${shown(item)}`);
        return;
      }
      const fields = this.object(item, where, ['kind', 'width']);
      if (!fields) return;
      const kindNode = fields.get('kind');
      if (!kindNode) { this.at(item.offset, where, `missing field "kind" (${COLUMN_KINDS.join(', ')})`); return; }
      if (!(COLUMN_KINDS as readonly string[]).includes(String(kindNode.value)) || kindNode.type !== 'string') {
        this.at(kindNode.offset, `${where}.kind`, `expected one of ${COLUMN_KINDS.join(', ')}, got ${shown(kindNode)}`);
        return;
      }
      const width = this.number(fields, 'width', where, item, { optional: true, above: 0, max: 1, what: 'a fraction of the block width (above 0, at most 1)' });
      if (fields.has('width') && width === undefined) return;
      parsed.push({ kind: kindNode.value as ColumnKind, ...(width === undefined ? {} : { width }) });
    });
    if (this.problems.length > before) return undefined;
    for (const kind of ['white', 'black'] as const) {
      const count = parsed.filter((column) => column.kind === kind).length;
      if (count !== 1) return this.at(node.offset, path, `expected exactly one "${kind}" column, got ${count}`);
    }
    if (parsed.filter((column) => column.kind === 'number').length > 1) return this.at(node.offset, path, 'expected at most one "number" column');
    const given = parsed.reduce((sum, column) => sum + (column.width ?? 0), 0);
    const open = parsed.filter((column) => column.width === undefined).length;
    if (open === 0 && Math.abs(given - 1) > WIDTH_TOLERANCE) return this.at(node.offset, path, `column widths add up to ${round(given)}, expected 1 (fractions of the block width)`);
    if (open > 0 && given >= 1 - WIDTH_TOLERANCE) return this.at(node.offset, path, `column widths add up to ${round(given)}, leaving nothing for the ${open} column(s) without a width`);
    const share = open > 0 ? (1 - given) / open : 0;
    const scale = open > 0 ? 1 : 1 / given;
    return parsed.map((column) => ({ kind: column.kind, width: (column.width ?? share) * scale }));
  }

  private resultBoxes(node: JsonNode | undefined, grid: TemplateGrid | undefined, gridNode: JsonNode): TemplateResultBox[] | undefined {
    if (!node) return [];
    if (node.type !== 'array') return this.at(node.offset, 'resultBoxes', `expected a list of boxes, got ${shown(node)}`);
    if (grid && (grid.x === undefined || grid.y === undefined || grid.width === undefined || grid.height === undefined)) {
      this.at(gridNode.offset, 'grid', 'result boxes are placed from the grid: give grid.x, grid.y, grid.width and grid.height (mm)');
    }
    const boxes: TemplateResultBox[] = [];
    const seen = new Set<string>();
    (node.children ?? []).forEach((item, index) => {
      const where = `resultBoxes[${index}]`;
      const fields = this.object(item, where, ['result', 'x', 'y', 'width', 'height']);
      if (!fields) return;
      const resultNode = fields.get('result');
      let result: ResultCode | undefined;
      if (!resultNode) this.at(item.offset, where, `missing field "result" (${RESULT_CODES.join(', ')})`);
      else if (resultNode.type !== 'string' || !(RESULT_CODES as readonly string[]).includes(String(resultNode.value))) {
        this.at(resultNode.offset, `${where}.result`, `expected one of ${RESULT_CODES.join(', ')}, got ${shown(resultNode)}`);
      } else if (seen.has(String(resultNode.value))) this.at(resultNode.offset, `${where}.result`, `a second box for ${String(resultNode.value)}`);
      else { result = resultNode.value as ResultCode; seen.add(result); }
      const x = this.number(fields, 'x', where, item, { min: 0, what: 'a length in mm (0 or more)' });
      const y = this.number(fields, 'y', where, item, { min: 0, what: 'a length in mm (0 or more)' });
      const width = this.number(fields, 'width', where, item, { above: 0, what: 'a positive length in mm' });
      const height = this.number(fields, 'height', where, item, { above: 0, what: 'a positive length in mm' });
      if (result && x !== undefined && y !== undefined && width !== undefined && height !== undefined) boxes.push({ result, box: { x, y, width, height } });
    });
    return boxes.length === (node.children ?? []).length ? boxes : undefined;
  }
}

const round = (value: number): number => Math.round(value * 1000) / 1000;
