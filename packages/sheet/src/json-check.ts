/**
 * Checking a JSON document a user hands in against a valibot schema, with
 * every problem placed: its JSON path (`moveGrid.rows[3].white.cell`) and its
 * line and column in the text. valibot checks the shape (types, ranges,
 * required and unknown fields); jsonc-parser, which keeps offsets, places it.
 * Never throws: bad input is an error value.
 */
import { findNodeAtLocation, type Node as JsonNode, type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import * as v from 'valibot';
import { err, ok, type Result } from './result.js';

export interface JsonProblem {
  /** Where in the document, e.g. `moveGrid.rows[3].number`; empty for the whole document or a syntax error. */
  readonly path: string;
  /** 1-based, in the text. */
  readonly line: number;
  readonly column: number;
  readonly detail: string;
  /** `file:line:column: path: detail`. */
  readonly message: string;
}

export interface JsonCheckError {
  /** Every problem, one per line. */
  readonly message: string;
  readonly problems: readonly JsonProblem[];
}

/** At most this many problems are listed: a wrong file gives thousands, and the first ones say enough. */
const MAX_PROBLEMS = 20;

type Segment = string | number;

/** `a.b[2].c` from path segments. */
export function jsonPathText(segments: readonly Segment[]): string {
  let text = '';
  for (const segment of segments) text += typeof segment === 'number' ? `[${segment}]` : text === '' ? segment : `.${segment}`;
  return text;
}

const SYNTAX_MESSAGES: Readonly<Record<string, string>> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'bad number',
  PropertyNameExpected: 'expected a quoted field name (a trailing comma?)',
  ValueExpected: 'expected a value (a trailing comma?)',
  ColonExpected: "expected ':'",
  CommaExpected: "expected ',' (or a closing bracket)",
  CloseBraceExpected: "expected '}'",
  CloseBracketExpected: "expected ']'",
  EndOfFileExpected: 'unexpected text after the end of the document',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'bad \\u escape',
  InvalidEscapeCharacter: 'bad escape',
  InvalidCharacter: 'control character in a string',
};

/** A JSON syntax error (jsonc-parser's) in words a person can act on. */
export function jsonSyntaxMessage(problem: ParseError | undefined): string {
  const code = problem ? printParseErrorCode(problem.error) : 'ValueExpected';
  return SYNTAX_MESSAGES[code] ?? code;
}

/** Turns offsets into 1-based lines and columns, and collects problems. */
class ProblemList {
  readonly problems: JsonProblem[] = [];
  private readonly lineStarts: number[] = [0];

  constructor(text: string, private readonly fileName: string) {
    for (let index = 0; index < text.length; index += 1) if (text.charCodeAt(index) === 10) this.lineStarts.push(index + 1);
  }

  add(offset: number, path: string, detail: string): void {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    const line = low + 1;
    const column = offset - this.lineStarts[low] + 1;
    this.problems.push({ path, line, column, detail, message: `${this.fileName}:${line}:${column}: ${path ? `${path}: ` : ''}${detail}` });
  }

  failure(): Result<never, JsonCheckError> {
    const shown = this.problems.slice(0, MAX_PROBLEMS);
    const more = this.problems.length - shown.length;
    const lines = shown.map((problem) => problem.message);
    if (more > 0) lines.push(`${this.fileName}: … and ${more} more problem${more === 1 ? '' : 's'}`);
    return err({ message: lines.join('\n'), problems: this.problems });
  }
}

/** A short "got …" for a value as it was written. */
function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return JSON.stringify(value.length > 30 ? `${value.slice(0, 30)}…` : value);
  return String(value);
}

type AnyIssue = v.BaseIssue<unknown>;

/** The issue in words: what was expected and what was there. */
function issueDetail(issue: AnyIssue, segments: readonly Segment[]): string {
  const key = segments.at(-1);
  const objectIssue = issue.type === 'object' || issue.type === 'strict_object' || issue.type === 'loose_object';
  if (objectIssue && issue.expected === 'never' && typeof key === 'string') return 'unknown field';
  if (objectIssue && issue.input === undefined && typeof key === 'string') return `missing field "${key}"`;
  // Messages given in a schema's pipe are already words; valibot's own ones get "expected … got …".
  if (issue.kind === 'validation' && !issue.message.startsWith('Invalid ')) return `${issue.message}, got ${shown(issue.input)}`;
  return `expected ${issue.expected ?? issue.type}, got ${shown(issue.input)}`;
}

/** The node the issue is about, or its nearest ancestor that exists (a missing field is placed at its object). */
function nodeFor(root: JsonNode, segments: readonly Segment[], atKey = false): JsonNode {
  for (let length = segments.length; length > 0; length -= 1) {
    const node = findNodeAtLocation(root, segments.slice(0, length) as Segment[]);
    if (node) {
      // For an unknown field point at its name, not its value.
      const property = atKey && length === segments.length && node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
      return property ?? node;
    }
  }
  return root;
}

export interface JsonCheckOptions<T> {
  /** Prefixes every message: the file name as the user gave it. */
  readonly fileName?: string;
  /** A check before the schema's that stops there when it fails (e.g. a version this reader does not know). */
  readonly gate?: (data: unknown) => { readonly path: readonly Segment[]; readonly detail: string } | undefined;
  /** Checks beyond the shape (e.g. one field against another), on the value that passed the schema. */
  readonly refine?: (value: T, report: (path: readonly Segment[], detail: string) => void) => void;
}

/**
 * Parses `text` and checks it against `schema`: the checked value, or every
 * problem with its path, line and column.
 */
export function checkJsonText<TSchema extends v.GenericSchema>(
  schema: TSchema,
  text: string,
  options: JsonCheckOptions<v.InferOutput<TSchema>> = {},
): Result<v.InferOutput<TSchema>, JsonCheckError> {
  const problems = new ProblemList(text, options.fileName ?? 'JSON');
  const syntax: ParseError[] = [];
  const root = parseTree(text, syntax, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (text.trim() === '') {
    problems.add(0, '', 'JSON syntax error: the text is empty');
    return problems.failure();
  }
  if (syntax.length > 0 || root === undefined) {
    // Only the first: the ones after it are mostly its echoes.
    const first = syntax[0];
    problems.add(first?.offset ?? 0, '', `JSON syntax error: ${jsonSyntaxMessage(first)}`);
    return problems.failure();
  }
  // JSON.parse for the value: the same text parsed without error above, and it keeps `__proto__` a plain key.
  const data: unknown = JSON.parse(text);
  const stop = options.gate?.(data);
  if (stop) {
    problems.add(nodeFor(root, stop.path).offset, jsonPathText(stop.path), stop.detail);
    return problems.failure();
  }
  const checked = v.safeParse(schema, data, { abortEarly: false });
  if (!checked.success) {
    for (const issue of checked.issues as readonly AnyIssue[]) {
      const segments = (issue.path ?? []).map((item) => item.key as Segment);
      const detail = issueDetail(issue, segments);
      problems.add(nodeFor(root, segments, detail === 'unknown field').offset, jsonPathText(segments), detail);
    }
    return problems.failure();
  }
  const value = checked.output as v.InferOutput<TSchema>;
  options.refine?.(value, (segments, detail) => problems.add(nodeFor(root, segments).offset, jsonPathText(segments), detail));
  return problems.problems.length > 0 ? problems.failure() : ok(value);
}
