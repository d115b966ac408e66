/**
 * A full game report as the record reports carry: lines moved to the file's
 * numbering, offsets replaced by the caret width and the source line.
 */
import type { GameReport } from '@zapis/game';
import type { GameRecord } from './record.js';
import type { WrittenMove } from './rule-contract.js';

const MAX_SOURCE_LINE = 400;

/** The text of the line holding `offset` (whose column is known), cut for display. */
export function sourceLineAt(text: string, offset: number, column: number): string {
  const start = Math.max(0, offset - (column - 1));
  let end = start;
  const limit = Math.min(text.length, start + MAX_SOURCE_LINE + 1);
  while (end < limit && text.charCodeAt(end) !== 10 && text.charCodeAt(end) !== 13) end++;
  return text.slice(start, end);
}

/**
 * `text` is what the report's offsets point into; `shift` is added to its lines
 * (the file line of the text's first line, less one); `index` numbers the game.
 */
export function recordFromReport(report: GameReport, text: string, shift: number, index: number): GameRecord {
  return {
    file: report.file,
    index,
    line: report.line + shift,
    tags: report.tags,
    language: report.language,
    status: report.status,
    plies: report.plies,
    san: report.san,
    fen: report.fen,
    ...(report.outcome ? { outcome: `${report.outcome.result} ${report.outcome.reason}` } : {}),
    diagnostics: report.diagnostics.map(({ offset, length, ...rest }) => ({
      ...rest,
      line: rest.line + shift,
      width: Math.max(1, length),
      sourceLine: sourceLineAt(text, offset, rest.column),
    })),
    ...(report.repairs.length > 0 ? { repairs: report.repairs.map((repair) => ({ ...repair, line: repair.line + shift })) } : {}),
  };
}


/** The mainline as written, with places, for the archive rules. */
export function writtenMoves(report: GameReport, shift: number): WrittenMove[] {
  return report.moves.map((move) => ({
    text: move.token.text,
    san: move.san,
    ply: move.ply,
    moveNumber: move.moveNumber,
    side: move.side,
    line: move.token.span.line + shift,
    column: move.token.span.column,
  }));
}
