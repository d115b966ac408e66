/**
 * The rule a newcomer can count on: no function in the packages' and apps' sources is longer than
 * MAX_FUNCTION_LINES, but for data tables and measured hot paths, which say so directly above them:
 *
 *   // length: data table
 *   // length: hot path, kept whole: <the bench figure that splitting it lost>
 */
import ts from 'typescript';

export const MAX_FUNCTION_LINES = 120;

/** A function over the limit without a marker. */
export interface LongFunction {
  readonly file: string;
  /** 1-based line where the function starts. */
  readonly line: number;
  readonly name: string;
  readonly lines: number;
}

/** A marker comment: a data table, or a hot path with the bench figure (a number) that keeps it whole. */
const MARKER = /^(?:\/\/|\/\*+)\s*length:\s*(?:data table\b|hot path\b.*\d)/;

type FunctionLike = ts.FunctionLikeDeclaration;

function isFunctionLike(node: ts.Node): node is FunctionLike {
  return ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node)
    || ts.isConstructorDeclaration(node) || ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node);
}

/** The node whose leading comments belong to the function: its own, or the declaration or property that holds it. */
function commentedNode(node: FunctionLike): ts.Node {
  let at: ts.Node = node;
  while (ts.isVariableDeclaration(at.parent) || ts.isVariableDeclarationList(at.parent) || ts.isVariableStatement(at.parent)
    || ts.isPropertyAssignment(at.parent) || ts.isPropertyDeclaration(at.parent) || ts.isExportAssignment(at.parent)
    || ts.isParenthesizedExpression(at.parent)) {
    at = at.parent;
  }
  return at;
}

function nameOf(node: FunctionLike): string {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (node.name) return node.name.getText();
  const holder = node.parent;
  if ((ts.isVariableDeclaration(holder) || ts.isPropertyAssignment(holder) || ts.isPropertyDeclaration(holder)) && holder.name) return holder.name.getText();
  return '<anonymous>';
}

function hasMarker(source: ts.SourceFile, node: FunctionLike): boolean {
  const text = source.getFullText();
  const ranges = ts.getLeadingCommentRanges(text, commentedNode(node).getFullStart()) ?? [];
  return ranges.some((range) => MARKER.test(text.slice(range.pos, range.end)));
}

/** The functions of one source text longer than `limit` lines (first line to last, both counted) and not marked. */
export function longFunctions(file: string, text: string, limit = MAX_FUNCTION_LINES): LongFunction[] {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (isFunctionLike(node) && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > limit && !hasMarker(source, node)) found.push({ file, line: first + 1, name: nameOf(node), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
