/**
 * A text game decoded as `zapis decode` decodes it (decodeSheets on the
 * transcription's sheets), with the moves a person confirmed, to a DeskGame.
 */
import { decodeSheets, readComment, reviewComment, type DecodedGame, type DecodedMove, type DecodeError } from '@zapis/decode';
import type { Result } from '@zapis/core';
import { deskMoves, reviewState, type SheetsAtMove } from './build-desk-game.js';
import type { Confirmations } from './confirmations.js';
import type { DeskDecodeOptions } from './decode-options.js';
import type { DeskDiagnostic, DeskGame } from './desk-game.js';
import type { DeskTextSource } from './game-source.js';
import { gameTitle } from './game-title.js';

export interface DecodeAttempt {
  readonly decoded: Result<DecodedGame, DecodeError>;
  readonly game: Omit<DeskGame, 'rejected'>;
}

/** The review diagnostics `zapis decode` gives (info-level noise cells are in `unexplained`). */
export function reviewDiagnostics(decoded: DecodedGame): DeskDiagnostic[] {
  const diagnostics: DeskDiagnostic[] = decoded.moves.filter((move) => move.review).map((move) => {
    const written = move.cells.some((cell) => cell.cell !== undefined);
    const read = readComment(move);
    return {
      severity: 'warning' as const, code: !written ? 'decode-unwritten' : move.corrected ? 'decode-corrected' : 'decode-review', ply: move.ply,
      message: `${move.moveNumber}${move.side === 'white' ? '.' : '...'} ${move.san}${read ? ` (${read})` : ''}: ${reviewComment(move)}`,
    };
  });
  if (decoded.break) diagnostics.push({ severity: 'error', code: 'decode-break', message: decoded.break.message, ply: decoded.break.ply });
  return diagnostics;
}

export function decodeTextSource(source: DeskTextSource, confirmed: Confirmations, options: DeskDecodeOptions): DecodeAttempt {
  const decoded = decodeSheets(source.sheets, {
    ...(options.language ? { language: options.language } : {}),
    ...(options.reviewThreshold !== undefined ? { reviewThreshold: options.reviewThreshold } : {}),
    ...(confirmed.size > 0 ? { confirmed } : {}),
    ...(options.reuse ? { reuse: options.reuse } : {}),
  });
  const sheetsAt = (move: DecodedMove): SheetsAtMove => ({
    read: move.cells.map((account) => account.text ?? null),
    cells: move.cells.map(() => null),
    readAlternatives: move.cells.map((account) => {
      const cell = account.cell !== undefined && account.use !== 'split' ? source.sheets[account.sheet]?.cells[account.cell] : undefined;
      if (cell) return cell.readings.map((reading) => ({ text: reading.text, confidence: reading.confidence ?? 1 }));
      return account.text !== undefined ? [{ text: account.text, confidence: 1 }] : [];
    }),
  });
  const value = decoded.ok ? decoded.value : undefined;
  const moves = value ? deskMoves(value, sheetsAt) : [];
  const diagnostics: DeskDiagnostic[] = value
    ? reviewDiagnostics(value)
    : [{ severity: 'error', code: `decode-${decoded.ok ? '' : decoded.error.code}`, message: decoded.ok ? '' : decoded.error.message, ...(!decoded.ok && decoded.error.ply !== undefined ? { ply: decoded.error.ply } : {}) }];
  return {
    decoded,
    game: {
      id: source.id,
      title: gameTitle(source.tags, source.name, source.of > 1 ? `game ${source.index}` : undefined),
      tags: { ...source.tags },
      ...(source.result ? { result: source.result } : {}),
      language: value?.language ?? options.language ?? 'auto',
      status: diagnostics.some((diagnostic) => diagnostic.severity === 'error') ? 'error' : 'ok',
      moves,
      // With `pair`, the first sheet is White's and the second Black's.
      sheets: source.sheets.map((_, sheet) => ({ file: source.name, ...(source.sheets.length === 2 ? { copy: sheet === 0 ? 'white' : 'black' } : {}) })),
      diagnostics,
      ...reviewState(value, moves, source.sheets.length),
    },
  };
}
