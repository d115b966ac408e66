/**
 * One scoresheet's text to the analysed game reconciliation compares, or the
 * reason it cannot be compared at all: not text, no game, several games and
 * none chosen, or no move written. A sheet that is text with moves is always
 * read; its errors travel in its report, located, for the arbiter to see.
 */
import { parsePgn, type LanguageCode } from '@zapis/notation';
import { analyseGame, type GameReport } from './analyse.js';

export interface SheetOptions {
  /** The file name the report and every location carry. */
  readonly file: string;
  readonly language?: LanguageCode | 'auto';
  /** Which game (1-based) of a file holding several; required when it holds more than one. */
  readonly game?: number;
}

export type SheetReading =
  | { readonly ok: true; readonly report: GameReport; readonly gameCount: number }
  | { readonly ok: false; readonly reason: string; readonly line?: number; readonly column?: number; readonly gameCount?: number };

/** Binary files (images, archives, executables) hold NUL bytes; text never does. */
function firstNul(text: string): number {
  return text.indexOf('\u0000');
}

export function readSheet(text: string, options: SheetOptions): SheetReading {
  const nul = firstNul(text);
  if (nul >= 0) return { ok: false, reason: `is not a text file (a NUL byte at offset ${nul})` };
  const games = parsePgn(text);
  if (games.length === 0) return { ok: false, reason: 'holds no game' };
  if (options.game === undefined && games.length > 1) {
    return { ok: false, reason: `holds ${games.length} games: say which one to compare (1 to ${games.length})`, gameCount: games.length };
  }
  const chosen = options.game ?? 1;
  const game = games[chosen - 1];
  if (game === undefined || chosen < 1) {
    return { ok: false, reason: `holds ${games.length} game${games.length === 1 ? '' : 's'}, so there is no game ${chosen}`, gameCount: games.length };
  }
  if (game.moves.length === 0) {
    const problem = game.problems[0];
    const detail = problem ? `; the first problem: ${problem.message}` : '';
    const place = problem ? { line: problem.span.line, column: problem.span.column } : { line: game.span.line, column: game.span.column };
    return { ok: false, reason: `game ${chosen} has no move written${detail}`, ...place };
  }
  return { ok: true, report: analyseGame(game, { file: options.file, language: options.language ?? 'auto', variations: false }), gameCount: games.length };
}
