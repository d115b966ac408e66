/**
 * What a conversion cannot carry over as moves, found in the source: the rest
 * of a game after the move where replay stopped, tokens that are not moves
 * (`blah`, a stray `)`, a quoted string, a NAG before any move), the rest of a
 * variation that stops at an illegal move, variations nested too deep to
 * replay, and escape lines (`%…`, which PGN readers skip). Each is located
 * and kept as written, so the writer can put it in a comment: nothing is
 * dropped silently.
 */
import type { MoveNode, SourceSpan, Variation } from '@zapis/notation';
import type { GameReport } from './analyse.js';
import type { Diagnostic } from './diagnostic.js';
import type { ReplayedLine, ReplayedMove } from './replay.js';

export interface NotConverted {
  /** Where the text starts in the source. */
  readonly offset: number;
  readonly line: number;
  readonly column: number;
  /** The text as written. */
  readonly text: string;
  /** The diagnostic code that explains it, or 'escape-line'. */
  readonly code: string;
  readonly severity: 'error' | 'warning';
  readonly message: string;
}

/** Syntax problems whose text the writer keeps anyway (the comment, the variation) or that have no text. */
const KEPT_BY_THE_WRITER: ReadonlySet<string> = new Set(['unterminated-comment', 'unclosed-variation']);

interface Region {
  readonly start: number;
  readonly end: number;
}

const inside = (offset: number, regions: readonly Region[]): boolean => regions.some((region) => offset >= region.start && offset < region.end);

/** Line and column of `offset`, counted from a span whose line and column are known. */
function placeOf(source: string, known: SourceSpan, offset: number): { line: number; column: number } {
  let line = known.line;
  let lineStart = known.offset - (known.column - 1);
  for (let i = known.offset; i < offset; i++) {
    if (source.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** Where a node's text begins, its move number included. */
const startSpan = (node: MoveNode): SourceSpan => node.moveNumber?.span ?? node.span;
const nodeStart = (node: MoveNode): number => startSpan(node).offset;

function findError(diagnostics: readonly Diagnostic[], offset: number): Diagnostic | undefined {
  return diagnostics.find((diagnostic) => diagnostic.severity === 'error' && diagnostic.offset === offset);
}

/** Variations of `line` (and their variations) that replay did not finish or did not enter. */
function unfinishedVariations(
  moves: readonly ReplayedMove[], report: GameReport, source: string, found: NotConverted[], regions: Region[],
): void {
  for (const move of moves) {
    const replayed = new Set<Variation>(move.variations.map((line) => line.source));
    for (const variation of move.token.variations) {
      if (replayed.has(variation)) continue;
      // Not entered (nested too deep): the whole variation, parentheses included.
      const text = source.slice(variation.span.offset, variation.span.offset + variation.span.length);
      const warning = report.diagnostics.find((diagnostic) => diagnostic.code === 'variation-too-deep' && diagnostic.offset === move.token.span.offset);
      found.push({
        offset: variation.span.offset, line: variation.span.line, column: variation.span.column, text,
        code: warning?.code ?? 'variation-too-deep', severity: 'warning', message: warning?.message ?? 'the variation was not replayed',
      });
      regions.push({ start: variation.span.offset, end: variation.span.offset + variation.span.length });
    }
    for (const line of move.variations) unfinishedLine(line, report, source, found, regions);
  }
}

function unfinishedLine(line: ReplayedLine, report: GameReport, source: string, found: NotConverted[], regions: Region[]): void {
  unfinishedVariations(line.moves, report, source, found, regions);
  if (line.complete) return;
  const nodes = line.source.moves;
  const first = nodes[line.moves.length];
  if (first === undefined) return;
  const start = nodeStart(first);
  const span = line.source.span;
  // The variation's closing parenthesis stays with the variation.
  const end = source[span.offset + span.length - 1] === ')' ? span.offset + span.length - 1 : span.offset + span.length;
  const error = findError(report.diagnostics, first.span.offset);
  found.push({
    offset: start, line: startSpan(first).line, column: startSpan(first).column, text: source.slice(start, end).trim(),
    code: error?.code ?? 'not-replayed', severity: 'error', message: error?.message ?? 'the variation could not be replayed from here',
  });
  regions.push({ start, end });
}

/** Everything of the game's source that its replayed moves, comments and variations do not carry. */
export function notConverted(report: GameReport, source: string): NotConverted[] {
  const game = report.parsed;
  const found: NotConverted[] = [];
  const regions: Region[] = [];
  const gameEnd = game.span.offset + game.span.length;

  // The rest of the mainline after the move where replay stopped.
  const stop = game.moves[report.moves.length];
  if (stop !== undefined) {
    const start = nodeStart(stop);
    const last = game.moves[game.moves.length - 1];
    const end = game.result && game.result.span.offset > start ? game.result.span.offset : last.span.offset + last.span.length;
    const error = findError(report.diagnostics, stop.span.offset);
    found.push({
      offset: start, line: startSpan(stop).line, column: startSpan(stop).column, text: source.slice(start, end).trim(),
      code: error?.code ?? 'not-replayed', severity: 'error', message: error?.message ?? 'the game could not be replayed from here',
    });
    regions.push({ start, end: gameEnd });
  }
  unfinishedVariations(report.moves, report, source, found, regions);

  for (const problem of game.problems) {
    const { span } = problem;
    if (span.length === 0 || KEPT_BY_THE_WRITER.has(problem.code) || inside(span.offset, regions)) continue;
    found.push({
      offset: span.offset, line: span.line, column: span.column, text: source.slice(span.offset, span.offset + span.length),
      code: problem.code, severity: 'error', message: problem.message,
    });
  }

  // Escape lines: a % in the first column, to the end of the line (PGN standard 6).
  const text = source.slice(game.span.offset, gameEnd);
  for (const match of text.matchAll(/(?:^|\n)(%[^\r\n]*)/g)) {
    const offset = game.span.offset + (match.index ?? 0) + (match[0].startsWith('\n') ? 1 : 0);
    if (inside(offset, regions)) continue;
    found.push({
      offset, ...placeOf(source, game.span, offset), text: match[1],
      code: 'escape-line', severity: 'warning', message: 'an escape line, which PGN readers skip',
    });
  }
  return found.sort((a, b) => a.offset - b.offset);
}
