/**
 * What `zapis convert` says about a game it could not convert whole: every
 * error, and every piece of text that was not converted, located and quoted,
 * with what was done about it (text that is not a move is kept as written in
 * a comment). A batch does not know its games' numbers in the file, so each
 * problem is kept in two halves around `game N`, and the thread that writes
 * them in order puts the number in (formatProblem).
 */
import { notConverted, type GameReport } from '@zapis/game';

export interface ConvertProblem {
  /** The game's number in its batch part, from 1. */
  readonly game: number;
  /** `file:line:column: severity[code]: ` */
  readonly head: string;
  /** What follows `game N`. */
  readonly tail: string;
}

export function formatProblem(problem: ConvertProblem, gameNumber: number): string {
  return `${problem.head}game ${gameNumber}${problem.tail}`;
}

/**
 * The problems of one game, in source order, and how many are errors.
 * `source` is what the report's offsets point into; `shift` is added to its
 * lines (the file line of its first line, less one); `game` numbers the game.
 */
export function conversionProblems(report: GameReport, source: string, shift: number, game: number): { problems: ConvertProblem[]; errors: number } {
  const items = notConverted(report, source);
  const entries: { offset: number; problem: ConvertProblem }[] = [];
  const where = (line: number, column: number): string => `${report.file}:${line + shift}:${column}`;
  let errors = 0;
  for (const item of items) {
    if (item.severity === 'error') errors++;
    entries.push({
      offset: item.offset,
      problem: {
        game,
        head: `${where(item.line, item.column)}: ${item.severity}[${item.code}]: `,
        tail: `: not converted: '${item.text.replace(/\s+/g, ' ')}' (${item.message}); kept as written in a comment`,
      },
    });
  }
  const covered = (offset: number): boolean => items.some((item) => offset >= item.offset && offset < item.offset + Math.max(item.text.length, 1));
  for (const diagnostic of report.diagnostics) {
    if (diagnostic.severity !== 'error' || covered(diagnostic.offset)) continue;
    errors++;
    const ply = diagnostic.ply !== undefined ? `, ply ${diagnostic.ply}` : '';
    const text = diagnostic.text !== undefined && !diagnostic.message.includes(`'${diagnostic.text}'`) ? ` '${diagnostic.text}':` : '';
    entries.push({
      offset: diagnostic.offset,
      problem: { game, head: `${where(diagnostic.line, diagnostic.column)}: error[${diagnostic.code}]: `, tail: `${ply}:${text} ${diagnostic.message}` },
    });
  }
  entries.sort((a, b) => a.offset - b.offset);
  return { problems: entries.map((entry) => entry.problem), errors };
}
