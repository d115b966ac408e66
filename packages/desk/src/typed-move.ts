/**
 * A move a person typed, read in the position it is for: any notation the
 * notation package knows (Polish letters, `:` captures, long form, `0-0`,
 * English SAN), as @zapis/game reads a game's move. The language asked for is
 * tried first, then English (an arbiter may type either); an illegal move is
 * an error saying why, never another language's reading made to fit.
 */
import { parsePgn, type LanguageCode } from '@zapis/notation';
import { analyseGame } from '@zapis/game';
import { parseFen } from '@zapis/core';

export type TypedMove = { ok: true; san: string } | { ok: false; message: string };

/** Check, mate and annotation marks ending a typed move (`+`, `#`, `++`, the Polish mate `X`, `!?`). */
const TRAILING_MARKS = /(?:[+#!?]|(?<=[\dA-Z])X)+$/u;

/**
 * The typed text without the marks that end it: they never change which move it names (a wrong mark is a warning,
 * not another move), so two texts with the same stem read as the same move, or neither as one. While a person types,
 * the desk need not read a text again when only a mark was added.
 */
export function typedMoveStem(text: string): string {
  return text.trim().replace(TRAILING_MARKS, '');
}

/** PGN's own syntax (tags, comments, variations, escapes) has no place in one move. */
const NOT_IN_A_MOVE = /[[\]{}();%"\\<>]/;

export function parseTypedMove(fen: string, text: string, language?: string): TypedMove {
  const typed = text.trim();
  if (typed === '') return { ok: false, message: 'type a move' };
  if (NOT_IN_A_MOVE.test(typed) || /\s/.test(typed.replace(/^\d+\s*\.+\s*/, ''))) return { ok: false, message: `'${typed}' is not one move` };
  const position = parseFen(fen);
  if (!position.ok) return { ok: false, message: `bad position: ${position.error.message}` };
  const languages: (LanguageCode | 'auto')[] = language === undefined || language === 'auto' ? ['auto'] : [...new Set([language as LanguageCode, 'en' as const])];
  let first: string | undefined;
  for (const tried of languages) {
    const [game] = parsePgn(`[SetUp "1"]\n[FEN "${fen}"]\n\n${typed} *\n`);
    if (!game) break;
    const report = analyseGame(game, { language: tried, repair: false, variations: false });
    const error = report.diagnostics.find((diagnostic) => diagnostic.severity === 'error');
    if (!error && report.plies === 1) return { ok: true, san: report.san[0] };
    if (!error) {
      first ??= report.plies === 0 ? `'${typed}' is not a move` : `'${typed}' is more than one move`;
      continue;
    }
    // The first language's reason is the one to show (an English retry fails for other letters).
    first ??= error.message;
  }
  return { ok: false, message: first ?? `'${typed}' is not a move` };
}
